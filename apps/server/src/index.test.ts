import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const serverRoot = path.resolve(import.meta.dirname, '..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'souq-start-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

interface Started {
  exitCode: Promise<number | null>;
  stdout: () => string;
  stderr: () => string;
  kill: (signal: NodeJS.Signals) => void;
}

/** Runs the server as `npm start` does, with the given environment. */
function startServer(env: Record<string, string>): Started {
  const child = spawn(path.join(serverRoot, '../../node_modules/.bin/tsx'), ['src/index.ts'], {
    cwd: serverRoot,
    env: {
      PATH: process.env.PATH,
      LOG_LEVEL: 'warn',
      SEED_DEMO_CATALOG: 'off',
      DATA_DIR: dataDir,
      ...env,
    },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return {
    exitCode: new Promise((resolve) => child.on('exit', resolve)),
    stdout: () => stdout,
    stderr: () => stderr,
    kill: (signal) => child.kill(signal),
  };
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function waitFor(check: () => boolean, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('starting the server', () => {
  it('serves, then shuts down cleanly on Ctrl-C', async () => {
    const port = await freePort();
    const server = startServer({ PORT: String(port), DATABASE_URL: `sqlite:${dataDir}/a.db` });
    await waitFor(() => server.stdout().includes('shop ready'));
    const health = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(await health.json()).toEqual({ status: 'ok', database: 'sqlite' });
    server.kill('SIGINT');
    expect(await server.exitCode).toBe(0);
    expect(fs.existsSync(`${dataDir}/a.db`)).toBe(true);
  });

  it('says in one line that the port is taken', async () => {
    const blocker = net.createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const { port } = blocker.address() as net.AddressInfo;
    const server = startServer({ PORT: String(port), DATABASE_URL: `sqlite:${dataDir}/b.db` });
    expect(await server.exitCode).toBe(1);
    blocker.close();
    expect(server.stderr().trim().split('\n')).toEqual([
      `souq: port ${port} on 127.0.0.1 is already in use; stop the other server or set PORT`,
    ]);
  });

  it.each([
    [
      'an unreachable PostgreSQL',
      'postgres://souq@127.0.0.1:1/shop',
      /^souq: Cannot connect to PostgreSQL at 127\.0\.0\.1:1\/shop: /,
    ],
    [
      'an unsupported database',
      'mysql://127.0.0.1/shop',
      /^souq: Invalid environment: DATABASE_URL must start with/,
    ],
  ])('refuses %s in one readable line', async (_label, url, message) => {
    const server = startServer({ DATABASE_URL: url, PORT: '0' });
    expect(await server.exitCode).toBe(1);
    const lines = server.stderr().trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(message);
  });
});
