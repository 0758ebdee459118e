// `npm run catalog:generate -- --count 100000 [--seed N] [--database-url URL]`: add a large
// synthetic catalog for scale tests, in one transaction.
import { parseArgs } from 'node:util';
import { openDatabase } from '../apps/server/src/db/migrate';
import { readEnv } from '../apps/server/src/env';
import { generateCatalog } from '../apps/server/src/modules/catalog/catalog-generate';

const { values } = parseArgs({
  options: {
    count: { type: 'string', default: '100000' },
    seed: { type: 'string', default: '1' },
    'database-url': { type: 'string' },
  },
});
const count = Number(values.count);
const seed = Number(values.seed);
if (!/^\d{1,7}$/.test(values.count) || count < 1 || !Number.isInteger(seed)) {
  console.error(
    'usage: npm run catalog:generate -- --count N (1..9999999) [--seed N] [--database-url URL]',
  );
  process.exit(2);
}

const db = await openDatabase(values['database-url'] ?? readEnv().databaseUrl);
try {
  const started = performance.now();
  await generateCatalog(db, { count, seed });
  console.log(
    `generated ${count} products in ${((performance.now() - started) / 1000).toFixed(1)} s (${db.dialect})`,
  );
} finally {
  await db.close();
}
