// `npm run backup [-- --out DIR]`: copies the SQLite shop of DATABASE_URL, running or not, into
// DIR/souq-<time>/ (default ./backups): the database through SQLite's online backup, the uploads
// and the generated auth secret, with a manifest.json of sizes and checksums (README, "Backups").
// Exit codes: 0 done, 2 refused (usage, PostgreSQL, environment), 1 anything else.
import { parseArgs } from 'node:util';
import { createBackup } from '../apps/server/src/backup/backup';
import { BackupRefusal } from '../apps/server/src/backup/backup-files';
import { EnvError, readEnv } from '../apps/server/src/env';

const usage = 'usage: npm run backup [-- --out DIR]';

function fail(code: 1 | 2, message: string): never {
  console.error(`backup: ${message}`);
  process.exit(code);
}

const reason = (error: unknown) => (error instanceof Error ? error.message : String(error));

let out: string | undefined;
try {
  ({ out } = parseArgs({ options: { out: { type: 'string' } }, strict: true }).values);
} catch (error) {
  fail(2, `${reason(error)}\n${usage}`);
}

try {
  const env = readEnv();
  const { folder, manifest } = await createBackup({
    databaseUrl: env.databaseUrl,
    uploadsDir: env.uploadsDir,
    dataDir: env.dataDir,
    outDir: out ?? 'backups',
  });
  const bytes = manifest.files.reduce((sum, f) => sum + f.bytes, 0);
  console.log(
    `backup: wrote ${folder} (${manifest.counts.orders} orders, ${manifest.counts.products} products, ${manifest.files.length} files, ${bytes} bytes)`,
  );
} catch (error) {
  fail(error instanceof BackupRefusal || error instanceof EnvError ? 2 : 1, reason(error));
}
