import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** The generated secret's file in the data folder (backups carry it too). */
export const SECRET_FILE = 'auth-secret';

/**
 * The configured secret, or one generated on first start and kept in the data folder, so a shop
 * runs safely without set-up (never a well-known default) and sessions survive restarts.
 * Several app servers must share one: set BETTER_AUTH_SECRET on each.
 */
export function resolveAuthSecret(configured: string | undefined, dataDir: string): string {
  if (configured) return configured;
  const file = path.join(dataDir, SECRET_FILE);
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  fs.mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  // 'wx' fails if another process wrote it first; then theirs wins.
  try {
    fs.writeFileSync(file, secret, { mode: 0o600, flag: 'wx' });
    return secret;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return fs.readFileSync(file, 'utf8').trim();
  }
}
