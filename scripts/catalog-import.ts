// `npm run catalog:import -- FILE [--database-url URL]`: load a shop's own products from a JSON
// or CSV file (format: README, "Importing a catalog"). A bad row is reported with its line
// number and nothing is written.
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { openDatabase } from '../apps/server/src/db/migrate';
import { readEnv } from '../apps/server/src/env';
import {
  CatalogImportError,
  importCatalogRows,
  parseCatalogFile,
} from '../apps/server/src/modules/catalog/catalog-import';
import { shopSettingsReader } from '../apps/server/src/modules/settings/settings.repository';

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { 'database-url': { type: 'string' } },
});
const file = positionals[0];
if (!file || positionals.length > 1) {
  console.error('usage: npm run catalog:import -- FILE.json|FILE.csv [--database-url URL]');
  process.exit(2);
}

const url = values['database-url'] ?? readEnv().databaseUrl;
const db = await openDatabase(url);
try {
  const { currency } = await shopSettingsReader(db.kysely).read();
  let rows;
  try {
    rows = parseCatalogFile(file, fs.readFileSync(file, 'utf8'), undefined, undefined, currency);
  } catch (error) {
    if (error instanceof CatalogImportError) {
      console.error(`${file}: nothing imported\n${error.message}`);
      process.exitCode = 1;
    } else {
      console.error(`${file}: ${error instanceof Error ? error.message : String(error)}`);
      process.exitCode = 1;
    }
  }
  if (rows) {
    const result = await importCatalogRows(db, rows);
    console.log(
      `${file}: imported ${result.products} products (${result.newCategories} new categories)`,
    );
  }
} finally {
  await db.close();
}
