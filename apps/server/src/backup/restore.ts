import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { z } from 'zod';
import { SECRET_FILE } from '../modules/auth/auth-secret';
import {
  AUTH_SECRET_IN_BACKUP,
  BACKUP_DATABASE,
  BACKUP_UPLOADS,
  BackupRefusal,
  describeFile,
  MANIFEST,
  manifestSchema,
  sqliteFileOf,
  syncToDisk,
  type BackupManifest,
} from './backup-files';

export interface RestoreOptions {
  /** A souq-<time>/ folder written by createBackup. */
  backup: string;
  databaseUrl: string;
  uploadsDir: string;
  dataDir: string;
  /** Replace an existing database. */
  force: boolean;
}

/** The backup's manifest, checked, with every file it lists checked against it. */
export async function verifyBackup(folder: string): Promise<BackupManifest> {
  let text: string;
  try {
    text = fs.readFileSync(path.join(folder, MANIFEST), 'utf8');
  } catch {
    throw new Error(`${folder} is not a backup: it has no readable ${MANIFEST}`);
  }
  let parsed;
  try {
    parsed = manifestSchema.safeParse(JSON.parse(text));
  } catch {
    throw new Error(`${MANIFEST} of ${folder} is not JSON`);
  }
  if (!parsed.success)
    throw new Error(`${MANIFEST} of ${folder} is damaged: ${z.prettifyError(parsed.error)}`);
  for (const listed of parsed.data.files) {
    const file = path.join(folder, listed.path);
    if (!fs.existsSync(file)) throw new Error(`the backup is damaged: ${listed.path} is missing`);
    const found = await describeFile(file, listed.path);
    if (found.bytes !== listed.bytes || found.sha256 !== listed.sha256)
      throw new Error(`the backup is damaged: ${listed.path} does not match its checksum`);
  }
  return parsed.data;
}

/**
 * Brings a backup back into DATABASE_URL's file: checks every checksum first, refuses a shop
 * that is running, puts the uploads and the auth secret back, and swaps the database in last,
 * by renaming a checked copy over it, so a failure part way leaves the old database whole.
 */
export async function restoreBackup(options: RestoreOptions): Promise<BackupManifest> {
  if (options.databaseUrl.startsWith('postgres'))
    throw new BackupRefusal(
      'DATABASE_URL is PostgreSQL: restore it with pg_restore (README, "Backups")',
    );
  const target = sqliteFileOf(options.databaseUrl);
  if (!target) throw new BackupRefusal('DATABASE_URL names no database file');
  const manifest = await verifyBackup(options.backup);

  if (fs.existsSync(target)) {
    if (!options.force)
      throw new BackupRefusal(`${target} exists; add --force to replace it with the backup`);
    closeForRestore(target);
  }

  fs.mkdirSync(path.dirname(target), { recursive: true });
  const incoming = `${target}.restoring-${randomUUID()}`;
  try {
    await copyChecked(options.backup, manifest, BACKUP_DATABASE, incoming);
    for (const listed of manifest.files) {
      if (listed.path.startsWith(`${BACKUP_UPLOADS}/`)) {
        const relative = listed.path.slice(BACKUP_UPLOADS.length + 1);
        await putInPlace(
          options.backup,
          manifest,
          listed.path,
          path.join(options.uploadsDir, relative),
        );
      } else if (listed.path === AUTH_SECRET_IN_BACKUP) {
        await putInPlace(
          options.backup,
          manifest,
          listed.path,
          path.join(options.dataDir, SECRET_FILE),
        );
      }
    }
    // The old database's write-ahead log would be replayed onto the new file: it goes first.
    fs.rmSync(`${target}-wal`, { force: true });
    fs.rmSync(`${target}-shm`, { force: true });
    fs.renameSync(incoming, target);
    syncToDisk(path.dirname(target));
  } finally {
    fs.rmSync(incoming, { force: true });
  }
  return manifest;
}

/**
 * Takes the existing database out of WAL mode, which SQLite allows only to its one connection:
 * while a shop has it open this fails, and the restore is refused. It also folds any log left by
 * a crash into the file, so nothing stale is left beside it.
 */
function closeForRestore(target: string) {
  let database;
  try {
    database = new SQLite(target, { fileMustExist: true, timeout: 0 });
    database.pragma('journal_mode = delete');
  } catch (error) {
    if ((error as { code?: string }).code === 'SQLITE_BUSY')
      throw new BackupRefusal(`a shop is running on ${target}; stop it, then restore`);
    throw error;
  } finally {
    database?.close();
  }
}

/** Copies one file of the backup to `file` and checks the copy, as the disk now holds it. */
async function copyChecked(folder: string, manifest: BackupManifest, listed: string, file: string) {
  const expected = manifest.files.find((f) => f.path === listed);
  fs.copyFileSync(path.join(folder, listed), file);
  syncToDisk(file);
  const copied = await describeFile(file, listed);
  if (copied.sha256 !== expected?.sha256)
    throw new Error(`${listed} changed while it was copied back; the database was not replaced`);
}

/** A file of the backup to its place in the shop's folders, through a temporary name. */
async function putInPlace(folder: string, manifest: BackupManifest, listed: string, file: string) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const incoming = `${file}.restoring-${randomUUID()}`;
  try {
    await copyChecked(folder, manifest, listed, incoming);
    fs.renameSync(incoming, file);
  } finally {
    fs.rmSync(incoming, { force: true });
  }
}
