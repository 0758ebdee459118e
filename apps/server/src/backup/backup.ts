import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { SECRET_FILE } from '../modules/auth/auth-secret';
import {
  AUTH_SECRET_IN_BACKUP,
  BACKUP_DATABASE,
  BACKUP_UPLOADS,
  BackupRefusal,
  describeFile,
  MANIFEST,
  sqliteFileOf,
  syncToDisk,
  type BackupFile,
  type BackupManifest,
} from './backup-files';

export interface BackupOptions {
  databaseUrl: string;
  uploadsDir: string;
  dataDir: string;
  /** The folder that receives souq-<time>/. */
  outDir: string;
  now?: Date;
}

/**
 * Copies a SQLite shop, running or not, into outDir/souq-<time>/: the database through SQLite's
 * online backup, the uploaded files and the generated auth secret, with a manifest of sizes and
 * checksums. The folder appears under its name only once complete.
 */
export async function createBackup(
  options: BackupOptions,
): Promise<{ folder: string; manifest: BackupManifest }> {
  const databaseFile = sqliteFileOf(options.databaseUrl);
  if (options.databaseUrl.startsWith('postgres'))
    throw new BackupRefusal(
      'DATABASE_URL is PostgreSQL: back it up with pg_dump (README, "Backups")',
    );
  if (!databaseFile) throw new BackupRefusal('DATABASE_URL names no database file');
  if (!fs.existsSync(databaseFile)) throw new Error(`no database at ${databaseFile}`);

  const now = options.now ?? new Date();
  const name = `souq-${now
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replaceAll(':', '-')}`;
  const folder = path.resolve(options.outDir, name);
  if (fs.existsSync(folder)) throw new Error(`${folder} already exists`);
  const partial = `${folder}.partial`;
  fs.rmSync(partial, { recursive: true, force: true });
  fs.mkdirSync(partial, { recursive: true });
  try {
    const copy = path.join(partial, BACKUP_DATABASE);
    await copyDatabase(databaseFile, copy);
    const facts = readCopy(copy);
    const files = [await describeFile(copy, BACKUP_DATABASE)];
    // After the database, so every photo the copy names was written before it.
    files.push(...(await copyUploads(options.uploadsDir, path.join(partial, BACKUP_UPLOADS))));
    const secret = path.join(options.dataDir, SECRET_FILE);
    if (fs.existsSync(secret)) {
      const kept = path.join(partial, AUTH_SECRET_IN_BACKUP);
      fs.copyFileSync(secret, kept);
      fs.chmodSync(kept, 0o600);
      files.push(await describeFile(kept, AUTH_SECRET_IN_BACKUP));
    }
    const manifest: BackupManifest = {
      format: 'souq-backup/1',
      createdAt: now.toISOString(),
      ...facts,
      files,
    };
    fs.writeFileSync(path.join(partial, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
    syncToDisk(partial);
    fs.renameSync(partial, folder);
    syncToDisk(path.dirname(folder));
    return { folder, manifest };
  } catch (error) {
    fs.rmSync(partial, { recursive: true, force: true });
    throw error;
  }
}

async function copyDatabase(source: string, target: string) {
  const database = new SQLite(source, { fileMustExist: true });
  try {
    // In WAL mode a step's read transaction holds no writer up, so the whole copy is one step:
    // with small steps every order placed meanwhile would start the copy over.
    await database.backup(target, { progress: () => 0x7fffffff });
  } finally {
    database.close();
  }
}

/**
 * Makes the copy one self-contained file (no WAL beside it), checks it and reads what the
 * manifest tells about it.
 */
function readCopy(file: string): Pick<BackupManifest, 'migration' | 'counts'> {
  const database = new SQLite(file, { fileMustExist: true });
  try {
    database.pragma('journal_mode = delete');
    const integrity = String(database.pragma('quick_check', { simple: true }));
    if (integrity !== 'ok') throw new Error(`the copied database fails its check: ${integrity}`);
    const count = (sql: string) => (database.prepare(sql).get() as { n: number }).n;
    const { name } = database
      .prepare('select name from kysely_migration order by name desc limit 1')
      .get() as { name: string };
    return {
      migration: name,
      counts: {
        orders: count('select count(*) as n from orders'),
        products: count('select count(*) as n from products where archived_at is null'),
      },
    };
  } finally {
    database.close();
  }
}

/** Every file under the uploads folder; one removed while the copy runs is left out. */
async function copyUploads(uploadsDir: string, target: string): Promise<BackupFile[]> {
  if (!fs.existsSync(uploadsDir)) return [];
  const files: BackupFile[] = [];
  const names = fs.readdirSync(uploadsDir, { recursive: true, encoding: 'utf8' }).sort();
  for (const name of names) {
    const source = path.join(uploadsDir, name);
    if (!fs.statSync(source, { throwIfNoEntry: false })?.isFile()) continue;
    const copy = path.join(target, name);
    fs.mkdirSync(path.dirname(copy), { recursive: true });
    try {
      fs.copyFileSync(source, copy);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
      throw error;
    }
    files.push(await describeFile(copy, path.posix.join(BACKUP_UPLOADS, ...name.split(path.sep))));
  }
  return files;
}
