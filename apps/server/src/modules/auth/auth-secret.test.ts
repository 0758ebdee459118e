import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { resolveAuthSecret } from './auth-secret';

describe('resolveAuthSecret', () => {
  const dirs: string[] = [];
  const tempDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'souq-secret-'));
    dirs.push(dir);
    return path.join(dir, 'data');
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('uses the configured secret and writes nothing', () => {
    const dataDir = tempDir();
    expect(resolveAuthSecret('s'.repeat(40), dataDir)).toBe('s'.repeat(40));
    expect(fs.existsSync(dataDir)).toBe(false);
  });

  it('generates a random secret once, readable only by the shop, and keeps it across starts', () => {
    const dataDir = tempDir();
    const first = resolveAuthSecret(undefined, dataDir);
    expect(first.length).toBeGreaterThanOrEqual(40);
    expect(resolveAuthSecret(undefined, dataDir)).toBe(first);
    expect(fs.statSync(path.join(dataDir, 'auth-secret')).mode & 0o777).toBe(0o600);
    expect(resolveAuthSecret(undefined, tempDir())).not.toBe(first);
  });
});
