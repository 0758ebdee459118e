// `npm run restore -- BACKUP [--force]`: brings a folder written by `npm run backup` back into
// DATABASE_URL's SQLite file, its uploads into UPLOADS_DIR and its auth secret into DATA_DIR.
// Every checksum is checked before anything is written; an existing database is replaced only
// with --force and never while a shop runs on it (README, "Backups").
// Exit codes: 0 done, 2 refused (usage, PostgreSQL, existing or running shop), 1 anything else,
// a damaged backup included.
import { parseArgs } from 'node:util';
import { BackupRefusal } from '../apps/server/src/backup/backup-files';
import { restoreBackup } from '../apps/server/src/backup/restore';
import { EnvError, readEnv } from '../apps/server/src/env';

const usage = 'usage: npm run restore -- BACKUP_FOLDER [--force]';

function fail(code: 1 | 2, message: string): never {
  console.error(`restore: ${message}`);
  process.exit(code);
}

const reason = (error: unknown) => (error instanceof Error ? error.message : String(error));

const args = (() => {
  try {
    return parseArgs({
      allowPositionals: true,
      options: { force: { type: 'boolean', default: false } },
      strict: true,
    });
  } catch (error) {
    return fail(2, `${reason(error)}\n${usage}`);
  }
})();
const backup = args.positionals[0];
if (backup === undefined || args.positionals.length > 1)
  fail(2, `name one backup folder\n${usage}`);

try {
  const env = readEnv();
  const manifest = await restoreBackup({
    backup,
    databaseUrl: env.databaseUrl,
    uploadsDir: env.uploadsDir,
    dataDir: env.dataDir,
    force: args.values.force,
  });
  console.log(
    `restore: ${env.databaseUrl} now holds the backup of ${manifest.createdAt} (${manifest.counts.orders} orders, ${manifest.counts.products} products)`,
  );
} catch (error) {
  fail(error instanceof BackupRefusal || error instanceof EnvError ? 2 : 1, reason(error));
}
