import { spawn, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';

const serverEntry = path.resolve(import.meta.dirname, '../index.ts');

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** Ends the process with the given signal and waits until it has exited. */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/**
 * Starts the real server in a process of its own on a free port, over the given database.
 * Several of them over one SQLite file are truly concurrent writers, which one process is not.
 */
export function startServerProcess(
  databaseUrl: string,
  env: Record<string, string> = {},
): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', serverEntry], {
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      PORT: '0',
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      SEED_DEMO_CATALOG: 'off',
      DISPLAY_DELAYS: 'off',
      LOG_LEVEL: 'error',
      WEB_DIST_DIR: path.join(os.tmpdir(), 'souq-no-web-build'),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async (signal: NodeJS.Signals = 'SIGTERM') => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    await exited;
  };
  return new Promise((resolve, reject) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const ready = /shop ready at (http:\/\/[\d.]+:\d+)/.exec(output);
      if (ready?.[1]) {
        child.stdout.off('data', onData);
        child.stdout.resume(); // keep draining so the server never blocks on a full pipe
        resolve({ url: ready[1], child, stop });
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) =>
      reject(new Error(`server exited with ${code ?? 'a signal'} before it was ready:\n${output}`)),
    );
  });
}
