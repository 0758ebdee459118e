// `npm run bench`: API throughput and latency on a 100 000-product catalog, on SQLite and on
// PostgreSQL, each figure beside a plain node:http server that returns a fixed JSON body the size
// of the product-list response, measured in the same run (the ratio matters; the machine is shared
// and its absolute speed varies). See docs/benchmarks.md.
//   BENCH_SECONDS (10)  BENCH_CONNECTIONS (20)  BENCH_PRODUCTS (100000)
//   BENCH_DATABASES (sqlite,postgres)  BENCH_DATABASE_URL (an empty PostgreSQL database to use;
//   without it the bench starts a throwaway cluster with the local PostgreSQL binaries)
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { buildApp } from '../apps/server/src/app';
import { openDatabase } from '../apps/server/src/db/migrate';
import { seedDemoCatalogIfEmpty } from '../apps/server/src/db/seed';
import { readEnv } from '../apps/server/src/env';
import { generateCatalog } from '../apps/server/src/modules/catalog/catalog-generate';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);
const productCount = Number(process.env.BENCH_PRODUCTS ?? 100_000);
const databases = (process.env.BENCH_DATABASES ?? 'sqlite,postgres').split(',');
const PG_BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';

const listPath = '/api/products?sort=best_selling&limit=24';
const targets = [
  { name: 'product list page (24, best selling)', path: listPath, p95Target: 10 },
  {
    name: 'filtered list (category + price, by price)',
    path: '/api/products?category=headphones&minPrice=1000&maxPrice=40000&sort=price_asc',
    p95Target: 10,
  },
  { name: 'search "headphones" (relevance)', path: '/api/products?q=headphones', p95Target: 25 },
  { name: 'search "wireless mouse"', path: '/api/products?q=wireless%20mouse', p95Target: 25 },
  { name: 'suggestions "head"', path: '/api/search/suggestions?q=head', p95Target: 25 },
  { name: 'one product', path: '/api/products/50000' },
  { name: 'categories', path: '/api/categories' },
];

interface Row {
  name: string;
  requestsPerSecond: number;
  p50: number;
  p95: number;
  p99: number;
  p95Target?: number;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

async function measure(
  name: string,
  url: string,
  p95Target?: number,
  duration = seconds,
): Promise<Row> {
  // autocannon's summary has p90 and p97.5 but no p95: keep every response time instead.
  const times: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon({ url, connections, duration }, (error, done) => {
      if (error) reject(error instanceof Error ? error : new Error(String(error)));
      else resolve(done);
    });
    instance.on('response', (_client, _status, _bytes, responseTime) => times.push(responseTime));
  });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${name}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  times.sort((a, b) => a - b);
  const round = (ms: number) => Math.round(ms * 10) / 10;
  return {
    name,
    requestsPerSecond: Math.round(result.requests.average),
    p50: round(percentile(times, 50)),
    p95: round(percentile(times, 95)),
    p99: round(percentile(times, 99)),
    ...(p95Target === undefined ? {} : { p95Target }),
  };
}

/**
 * The targets above repeat one URL, so after the first request they are answered from the
 * short-lived response cache (decision 002). These rows pay the whole read every time: one
 * request at a time, each for a page no request asked for before.
 */
async function measureNewPages(name: string, urls: string[]): Promise<Row> {
  const times: number[] = [];
  const started = performance.now();
  for (const url of urls) {
    const t = performance.now();
    const res = await fetch(url);
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`${name}: ${url} answered ${res.status}`);
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  const round = (ms: number) => Math.round(ms * 10) / 10;
  return {
    name,
    requestsPerSecond: Math.round((times.length * 1000) / (performance.now() - started)),
    p50: round(percentile(times, 50)),
    p95: round(percentile(times, 95)),
    p99: round(percentile(times, 99)),
  };
}

/** Every page number from 1 to `pages` of each query, pages first. */
function pagesOf(shop: string, queries: string[], pages: number): string[] {
  return Array.from({ length: pages }, (_, i) =>
    queries.map((query) => `${shop}/api/products?${query}&page=${i + 1}&limit=24`),
  ).flat();
}

function listen(server: http.Server): Promise<string> {
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () =>
      resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`),
    );
  });
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** A throwaway PostgreSQL cluster in a temporary folder, as .ci/run starts one. */
async function startPostgres(): Promise<{ url: string; stop: () => void }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'souq-bench-pg-'));
  const port = await freePort();
  const asRoot = process.getuid?.() === 0;
  // initdb refuses to run as root: run the server as the postgres user then.
  const run = (bin: string, args: string[]) =>
    asRoot
      ? execFileSync('runuser', ['-u', 'postgres', '--', path.join(PG_BIN, bin), ...args])
      : execFileSync(path.join(PG_BIN, bin), args);
  if (asRoot) execFileSync('chown', ['postgres', dir]);
  const data = path.join(dir, 'data');
  run('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8']);
  run('pg_ctl', [
    '-D',
    data,
    '-l',
    path.join(dir, 'log'),
    '-w',
    '-o',
    `-c listen_addresses=127.0.0.1 -p ${port} -k ${dir} -c fsync=off`,
    'start',
  ]);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop: () => {
      run('pg_ctl', ['-D', data, '-m', 'immediate', 'stop']);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function benchDatabase(database: string): Promise<Row[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'souq-bench-'));
  const cluster =
    database === 'postgres' && !process.env.BENCH_DATABASE_URL ? await startPostgres() : null;
  const databaseUrl =
    database === 'sqlite'
      ? `sqlite:${path.join(dir, 'bench.db')}`
      : (process.env.BENCH_DATABASE_URL ?? cluster?.url ?? '');
  try {
    const env = readEnv({ DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn', NODE_ENV: 'production' });
    const db = await openDatabase(env.databaseUrl);
    await seedDemoCatalogIfEmpty(db);
    const started = performance.now();
    const existing = await db.kysely
      .selectFrom('products')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const missing = productCount - existing.n;
    if (missing > 0) await generateCatalog(db, { count: missing });
    console.log(
      `\n${database}: ${productCount} products ready in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    const app = await buildApp({ env, db });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const shop = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

    const fixedBody = await (await fetch(shop + listPath)).text();
    const baseline = http.createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
      res.end(fixedBody);
    });
    const baselineUrl = await listen(baseline);

    // Unmeasured: lets the JIT and the database caches settle after the load.
    for (const target of targets) await measure('warm-up', shop + target.path, undefined, 1);
    const rows = [
      await measure(`node:http, fixed JSON of ${fixedBody.length} bytes (baseline)`, baselineUrl),
    ];
    for (const target of targets)
      rows.push(await measure(target.name, shop + target.path, target.p95Target));
    const sorts = ['best_selling', 'price_asc', 'newest', 'rating', 'price_desc'];
    rows.push(
      await measureNewPages(
        'product list, a new page each request (one at a time)',
        pagesOf(
          shop,
          sorts.map((sort) => `sort=${sort}`),
          40,
        ),
      ),
    );
    const words = ['headphones', 'wireless', 'laptop', 'dress', 'coffee', 'premium', 'organic'];
    rows.push(
      await measureNewPages(
        'search, a new page each request (one at a time)',
        pagesOf(
          shop,
          words.map((word) => `q=${word}`),
          30,
        ),
      ),
    );
    baseline.close();
    await app.close();
    await db.close();
    return rows;
  } finally {
    cluster?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

console.log(
  `souq bench: ${seconds}s per target, ${connections} connections, ${productCount} products, Node ${process.version}, ${os.cpus().length} cores`,
);
const misses: string[] = [];
for (const database of databases) {
  const rows = await benchDatabase(database);
  const base = rows[0]?.requestsPerSecond ?? 1;
  console.log(
    `\n| ${database} | req/s | vs baseline | p50 ms | p95 ms | p99 ms | p95 target |\n| --- | ---: | ---: | ---: | ---: | ---: | ---: |`,
  );
  for (const r of rows) {
    const target = r.p95Target === undefined ? '' : `< ${r.p95Target}`;
    console.log(
      `| ${r.name} | ${r.requestsPerSecond} | ${(r.requestsPerSecond / base).toFixed(2)} | ${r.p50} | ${r.p95} | ${r.p99} | ${target} |`,
    );
    if (r.p95Target !== undefined && r.p95 >= r.p95Target)
      misses.push(`${database}: ${r.name} p95 ${r.p95} ms (target < ${r.p95Target} ms)`);
  }
}
console.log(
  misses.length === 0 ? '\nall p95 targets met' : `\np95 targets missed:\n${misses.join('\n')}`,
);
