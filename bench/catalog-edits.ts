// `npm run bench:edits -- --database-url sqlite:path/to.db`: what a catalog edit costs the app
// server that applies it, in process, over a prepared catalog (for instance a million products:
// `BENCH_PRODUCTS=1000000` with `npm run catalog:generate`). It EDITS THE DATABASE (100 price
// edits, then a 10 000-row import): run it over a copy. The catalog repository builds its index,
// then prints, each from `process.cpuUsage`: a distinct list page's CPU; an edit's (a price
// written, then the next list page, which applies it in place); list pages after 100 edits; a
// 10 000-row import until the search finds it; and an edit after the import. Run under
// `node --cpu-prof --import tsx` to see where the time goes. See docs/benchmarks.md.
import { parseArgs } from 'node:util';
import { productListQuerySchema } from '@souq/contracts/catalog';
import { openDatabase } from '../apps/server/src/db/migrate';
import { createCatalogRepository } from '../apps/server/src/modules/catalog/catalog.repository';
import { seededRandom } from '../apps/server/src/modules/catalog/catalog-generate';
import { importMarshworts } from './large-import';

const { values } = parseArgs({ options: { 'database-url': { type: 'string' } } });
const databaseUrl = values['database-url'] ?? process.env.DATABASE_URL;
if (!databaseUrl) {
  console.error('usage: npm run bench:edits -- --database-url URL (a copy of a prepared catalog)');
  process.exit(2);
}

const db = await openDatabase(databaseUrl);
// Moved past the catalog version's reuse before each edit's first read, as time would.
let now = Date.now();
const catalog = createCatalogRepository(db, () => new Date(now));
const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};
const residentMb = () => Math.round(process.memoryUsage().rss / 2 ** 20);
const next = seededRandom(29);
const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;

let started = cpuMs();
await catalog.buildIndex();
console.log(`index built: ${Math.round(cpuMs() - started)} ms of CPU; ${residentMb()} MB resident`);
const ids = (await db.kysely.selectFrom('products').select('id').execute()).map((r) => r.id);
const categories = await db.kysely.selectFrom('categories').select(['slug', 'name']).execute();

/** A distinct list page of the kind the bench asks for (bench/run.ts, distinctListPages). */
function listQuery() {
  const query: Record<string, string> = {
    sort: pick(['best_selling', 'price_asc', 'price_desc', 'newest', 'rating']),
    page: String(1 + Math.floor(next() * 3)),
    limit: '24',
  };
  if (next() < 0.8) query.category = pick(categories).slug;
  if (next() < 0.7) {
    const min = Math.floor(next() * 200) * 500;
    query.minPrice = String(min);
    query.maxPrice = String(min + pick([1_000, 2_500, 5_000, 10_000, 25_000, 50_000]));
  }
  return productListQuerySchema.parse(query);
}

async function listPages(count: number): Promise<string> {
  const before = cpuMs();
  for (let i = 0; i < count; i++) await catalog.listPageJson(listQuery());
  return `${((cpuMs() - before) / count).toFixed(3)} ms of CPU a list page`;
}

/** Writes one price, then reads a list page (which applies it): the CPU of both, median. */
async function edits(count: number): Promise<string> {
  const costs: number[] = [];
  for (let i = 0; i < count; i++) {
    await db.kysely
      .updateTable('products')
      .set({ price_cents: 100 + Math.floor(next() * 100_000) })
      .where('id', '=', pick(ids))
      .execute();
    now += 100;
    const before = cpuMs();
    await catalog.listPageJson(listQuery());
    costs.push(cpuMs() - before);
  }
  costs.sort((a, b) => a - b);
  const median = costs[Math.floor(count / 2)] ?? NaN;
  return `median ${median.toFixed(1)} ms of CPU, at most ${(costs.at(-1) ?? NaN).toFixed(1)}`;
}

await listPages(2_000);
console.log(`before edits: ${await listPages(3_000)}`);
console.log(`an edit applied, with the list page that applies it: ${await edits(100)}`);
console.log(`after 100 edits: ${await listPages(3_000)}; ${residentMb()} MB resident`);

await importMarshworts(db, 10_000, pick(categories));
now += 100;
started = cpuMs();
const found = JSON.parse(
  (await catalog.listPageJson(productListQuerySchema.parse({ q: 'marshwort' }))).toString(),
) as { total: number };
console.log(
  `a 10 000-row import applied and found (${found.total}): ${Math.round(cpuMs() - started)} ms of CPU; ${residentMb()} MB resident; ${JSON.stringify(catalog.indexStats())}`,
);
console.log(`after the import: ${await listPages(3_000)}`);
console.log(`an edit after the import: ${await edits(30)}`);
await db.close();
