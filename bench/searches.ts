// `npm run bench:searches -- --database-url sqlite:path/to.db [--searches 4000] [--save FILE]`:
// what the bench's distinct searches (bench/distinct-urls.ts, the same texts, sorts and pages)
// cost the app server in process, over a prepared catalog (for instance a million products,
// `npm run catalog:generate`). It reads only. Prints the index's build (CPU, the resident
// memory's peak, the process's highest so far, and what it holds after), then three rounds
// of the searches with the CPU a search from `process.cpuUsage`, one word and several apart.
// `--save` writes each search's total and page of ids, so two builds can be compared line for
// line. Run under `node --cpu-prof --import tsx` to see where the time goes.
// See docs/benchmarks.md.
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { productListQuerySchema, type ProductListQuery } from '@souq/contracts/catalog';
import { openDatabase } from '../apps/server/src/db/migrate';
import { createCatalogRepository } from '../apps/server/src/modules/catalog/catalog.repository';
import { distinctSearches, vocabulary } from './distinct-urls';

const { values } = parseArgs({
  options: {
    'database-url': { type: 'string' },
    searches: { type: 'string', default: '4000' },
    save: { type: 'string' },
  },
});
const databaseUrl = values['database-url'] ?? process.env.DATABASE_URL;
if (!databaseUrl) {
  console.error('usage: npm run bench:searches -- --database-url URL [--searches N] [--save FILE]');
  process.exit(2);
}

const mb = (bytes: number) => Math.round(bytes / 2 ** 20);
const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};
/** The process's resident peak so far (VmHWM), in MB. */
function residentPeakMb(): number {
  const status = fs.readFileSync('/proc/self/status', 'utf8');
  return Math.round(Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
}

const db = await openDatabase(databaseUrl);
const catalog = createCatalogRepository(db);
const started = cpuMs();
await catalog.buildIndex();
const { heapUsed, arrayBuffers, rss } = process.memoryUsage();
console.log(
  `index built: ${Math.round(cpuMs() - started)} ms of CPU; resident peak ${residentPeakMb()} MB, ` +
    `after it ${mb(rss)} MB (heap ${mb(heapUsed)}, buffers ${mb(arrayBuffers)})`,
);

const { words, pairs } = await vocabulary(db);
const queries: ProductListQuery[] = distinctSearches(words, pairs)
  .slice(0, Number(values.searches))
  .map((url) =>
    productListQuerySchema.parse(Object.fromEntries(new URL(url, 'http://x').searchParams)),
  );

async function round(save?: string): Promise<void> {
  const spent = { one: 0, several: 0 };
  const counts = { one: 0, several: 0 };
  const lines: string[] = [];
  for (const query of queries) {
    const kind = (query.q ?? '').includes(' ') ? 'several' : 'one';
    const before = cpuMs();
    const body = await catalog.listPageJson(query);
    spent[kind] += cpuMs() - before;
    counts[kind]++;
    if (save) {
      const { items, total } = JSON.parse(body.toString()) as {
        items: { id: number }[];
        total: number;
      };
      lines.push(
        `${query.q}|${query.sort}|${query.page}|${total}|${items.map((p) => p.id).join(',')}`,
      );
    }
  }
  const perSearch = (ms: number, n: number) => (n === 0 ? '-' : (ms / n).toFixed(3));
  console.log(
    `${perSearch(spent.one + spent.several, queries.length)} ms of CPU a search ` +
      `(one word ${perSearch(spent.one, counts.one)}, several ${perSearch(spent.several, counts.several)})`,
  );
  if (save) fs.writeFileSync(save, `${lines.join('\n')}\n`);
}

await round(values.save);
await round();
await round();
await db.close();
