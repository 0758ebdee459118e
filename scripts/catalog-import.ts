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

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { 'database-url': { type: 'string' } },
});
const file = positionals[0];
if (!file || positionals.length > 1) {
  console.error('usage: npm run catalog:import -- FILE.json|FILE.csv [--database-url URL]');
  process.exit(2);
}

let rows;
try {
  rows = parseCatalogFile(file, fs.readFileSync(file, 'utf8'));
} catch (error) {
  if (error instanceof CatalogImportError) {
    console.error(`${file}: nothing imported\n${error.message}`);
    process.exit(1);
  }
  console.error(`${file}: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}

const url = values['database-url'] ?? readEnv().databaseUrl;
const db = await openDatabase(url);
try {
  const result = await importCatalogRows(db, rows);
  console.log(
    `${file}: imported ${result.products} products (${result.newCategories} new categories)`,
  );
} finally {
  await db.close();
}
