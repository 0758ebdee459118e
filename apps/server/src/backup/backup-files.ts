import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { z } from 'zod';

/** The files of a backup folder, beside manifest.json. */
export const BACKUP_DATABASE = 'souq.db';
export const BACKUP_UPLOADS = 'uploads';
export const MANIFEST = 'manifest.json';
/** The generated auth secret (DATA_DIR/auth-secret), kept under the same name. */
export const AUTH_SECRET_IN_BACKUP = 'auth-secret';

/**
 * A file the backup holds: a relative path inside the backup folder that cannot climb out of it,
 * since restore writes each one into the shop's folders.
 */
const backupPath = z
  .string()
  .min(1)
  .refine(
    (p) =>
      !path.isAbsolute(p) &&
      p === path.posix.normalize(p) &&
      !p.split('/').includes('..') &&
      (p === BACKUP_DATABASE || p === AUTH_SECRET_IN_BACKUP || p.startsWith(`${BACKUP_UPLOADS}/`)),
    'must be souq.db, auth-secret or a file under uploads/',
  );

export const manifestSchema = z.object({
  format: z.literal('souq-backup/1'),
  createdAt: z.iso.datetime(),
  /** The last database migration the copy has; a newer shop migrates it further at start. */
  migration: z.string().min(1),
  counts: z.object({ orders: z.number().int().min(0), products: z.number().int().min(0) }),
  files: z
    .array(
      z.object({
        path: backupPath,
        bytes: z.number().int().min(0),
        sha256: z.string().regex(/^[0-9a-f]{64}$/),
      }),
    )
    .refine((files) => files.some((f) => f.path === BACKUP_DATABASE), 'must list souq.db'),
});

export type BackupManifest = z.infer<typeof manifestSchema>;
export type BackupFile = BackupManifest['files'][number];

/** Size and SHA-256 of a file, read as a stream so a large database never sits in memory. */
export async function describeFile(file: string, relativePath: string): Promise<BackupFile> {
  const hash = createHash('sha256');
  await pipeline(fs.createReadStream(file), hash);
  return {
    path: relativePath,
    bytes: (await fs.promises.stat(file)).size,
    sha256: hash.digest('hex'),
  };
}

/** The SQLite file a sqlite: DATABASE_URL names, resolved as the server resolves it. */
export function sqliteFileOf(databaseUrl: string): string | null {
  if (!databaseUrl.startsWith('sqlite:')) return null;
  const file = databaseUrl.slice('sqlite:'.length);
  return file === ':memory:' ? null : path.resolve(file);
}

/**
 * Refused as asked (PostgreSQL, an existing shop without --force, a running shop): the scripts
 * exit with 2, as for bad usage. Anything else, a damaged backup included, exits with 1.
 */
export class BackupRefusal extends Error {}

/** Writes through the page cache to the disk, so a rename that follows never exposes a hole. */
export function syncToDisk(fileOrFolder: string) {
  const fd = fs.openSync(fileOrFolder, 'r');
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}
