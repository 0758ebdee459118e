// `npm run bench`: API throughput and latency on a 100 000-product catalog, on SQLite and on
// PostgreSQL. The shop runs as its own process (the real server entry over the prepared
// database), the load generator (bench/load.ts, autocannon) as another, and where the machine
// has two cores the shop is pinned to core 0 and the generator to core 1 (`taskset`), so the
// generator never takes the server's thread. Every figure sits beside a plain node:http server
// run the same way, returning a fixed JSON body the size of the product-list response, measured
// in the same run (the ratio matters; the machine is shared and its speed varies).
// See docs/benchmarks.md.
//   BENCH_SECONDS (10)  BENCH_CONNECTIONS (20)  BENCH_PRODUCTS (100000)
//   BENCH_CPU_PROF (a folder for the server's CPU profiles: the API rows' shop and the flash sale's)
//   BENCH_DATABASES (sqlite,postgres)  BENCH_DATABASE_URL (an empty PostgreSQL database to use;
//   without it the bench starts a throwaway cluster with the local PostgreSQL binaries; the
//   flash sale always starts a durable one of its own)
//   BENCH_SQLITE_FROM (a SQLite file of a catalog generated before, copied for the run: the
//   products it lacks of BENCH_PRODUCTS are generated as usual)
//   BENCH_ROWS (every row): only the rows whose names contain one of these comma-separated
//   texts, e.g. `(HTML)` or `distinct list pages`; the baseline always runs; `orders` also
//   runs the flash sale, alone only the flash sale; `catalog` alone runs the catalog's
//   freshness and start-up rows instead
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { openDatabase } from '../apps/server/src/db/migrate';
import { seedDemoCatalogIfEmpty } from '../apps/server/src/modules/catalog/demo-catalog.seed';
import { connectDatabase, type Db } from '../apps/server/src/db/connection';
import { generateCatalog, seededRandom } from '../apps/server/src/modules/catalog/catalog-generate';
import { buildServer, serverBundle } from '../scripts/server-build';
import { ensureWebBuild } from '../scripts/web-build';
import { importMarshworts } from './large-import';
import { cashOrder } from './cash-order';
import type { LoadJob, LoadResult } from './load';
import {
  DISTINCT_URLS,
  SEED,
  distinctSearches,
  shuffled,
  sorts,
  vocabulary,
} from './distinct-urls';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);
/** How long a warm-up round of rendered pages runs, and the addresses it may ask for (more). */
const WARM_UP_ROUND_SECONDS = 2;
const WARM_UP_ROUND_URLS = 4_000;
/** Rounds every warm-up of rendered pages runs: the first rounds can be alike and still slow. */
const WARM_UP_ROUNDS_AT_LEAST = 6;
const productCount = Number(process.env.BENCH_PRODUCTS ?? 100_000);
const databases = (process.env.BENCH_DATABASES ?? 'sqlite,postgres').split(',');
const PG_BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';
const rowFilters = (process.env.BENCH_ROWS ?? '')
  .split(',')
  .map((text) => text.trim().toLowerCase())
  .filter(Boolean);

/** Whether BENCH_ROWS asks for the row of this name (every row without it). */
function rowChosen(row: string): boolean {
  return rowFilters.length === 0 || rowFilters.some((text) => row.toLowerCase().includes(text));
}
/** The flash sale runs with every row, or when BENCH_ROWS names `orders`. */
const flashSaleChosen = rowFilters.length === 0 || rowFilters.includes('orders');
/** The API and page rows run with every row, or when BENCH_ROWS names any of them. */
const apiRowsChosen =
  rowFilters.length === 0 || rowFilters.some((text) => text !== 'orders' && text !== 'catalog');

/**
 * Order rates a second the flash sale also runs at steadily (not as fast as answered), to show
 * up to what rate one core sends the mail as fast as the orders make it.
 */
const STEADY_ORDER_RATES = [200, 300, 400, 600];
const STEADY_SECONDS = 10;

/** The flash sale's race: this many shoppers at once for this many units of one variant. */
const FLASH_UNITS = 500;
const FLASH_SHOPPERS = 2_000;
/** Where the new-order alert goes, so each order makes two mails as in a staffed shop. */
const ALERT_EMAIL = 'owner@bench.example';
const smtpEntry = path.join(import.meta.dirname, 'smtp-server.ts');
const loadEntry = path.join(import.meta.dirname, 'load.ts');
const pinned = os.cpus().length >= 2 && fs.existsSync('/usr/bin/taskset');
const SERVER_CORE = '0';
const LOAD_CORE = '1';

const listPath = '/api/products?sort=best_selling&limit=24';

interface Row {
  name: string;
  result: LoadResult;
  /** CPU time the measured server processes spent per request, in ms. */
  cpuPerRequest?: number;
}

/** The command line of a process, pinned to a core when the machine has two. */
function onCore(core: string, args: string[]): [string, string[]] {
  return pinned ? ['taskset', ['-c', core, ...args]] : [args[0] ?? '', args.slice(1)];
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

interface Process {
  url: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

/** Starts a process and waits for `ready` in its output, which names its URL. */
function startProcess(command: [string, string[]], env: NodeJS.ProcessEnv, ready: RegExp) {
  const child = spawn(command[0], command[1], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  };
  return new Promise<Process>((resolve, reject) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = ready.exec(output);
      if (match?.[1]) {
        child.stdout.off('data', onData);
        child.stdout.resume();
        resolve({ url: match[1], child, stop });
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) =>
      reject(
        new Error(`process exited with ${code ?? 'a signal'} before it was ready:\n${output}`),
      ),
    );
  });
}

/**
 * Polls readiness until the shop answers at its normal speed: it listens (and answers liveness)
 * before its catalog index is built, and the runs must not measure that build.
 */
async function untilReady(shop: Process): Promise<Process> {
  const deadline = performance.now() + 300_000;
  while (performance.now() < deadline) {
    const status = await fetch(`${shop.url}/api/health/ready`).then(
      (r) => r.status,
      () => 0,
    );
    if (status === 200) return shop;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await shop.stop();
  throw new Error(`the shop at ${shop.url} was not ready within 5 minutes`);
}

/** The built server over the prepared database, as `npm start` runs it, once it is ready. */
async function startShop(
  databaseUrl: string,
  core: string,
  env: NodeJS.ProcessEnv = {},
  nodeOptions: string[] = [],
): Promise<Process> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'souq-bench-data-'));
  const shop = await startProcess(
    onCore(core, [process.execPath, ...nodeOptions, serverBundle]),
    {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      PORT: '0',
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      SEED_DEMO_CATALOG: 'off',
      DISPLAY_DELAYS: 'off',
      WEB_DIST_DIR: env.WEB_DIST_DIR ?? renderedPagesDist(),
      // Pages are never shown: keep the secret out of the data folder.
      BETTER_AUTH_SECRET: 'bench-secret-bench-secret-bench-secret',
      DATA_DIR: dataDir,
      ...env,
    },
    /shop ready at (http:\/\/[\d.]+:\d+)/,
  );
  // The shop's folder goes with it.
  return untilReady({
    ...shop,
    stop: async () => {
      await shop.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  });
}

/** BENCH_CPU_PROF=<folder>: the shop writes a CPU profile of its run there when it stops. */
function profileFlags(): string[] {
  const folder = process.env.BENCH_CPU_PROF;
  return folder ? ['--cpu-prof', `--cpu-prof-dir=${folder}`] : [];
}

/** node:http answering every request with the same bytes from memory. */
function startBaseline(body: string): Promise<Process> {
  const script = `
    const body = Buffer.from(process.env.BODY);
    const server = require('node:http').createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
      res.end(body);
    });
    server.listen(0, '127.0.0.1', () => console.log('listening on http://127.0.0.1:' + server.address().port));`;
  return startProcess(
    onCore(SERVER_CORE, [process.execPath, '-e', script]),
    { PATH: process.env.PATH, BODY: body },
    /listening on (http:\/\/[\d.]+:\d+)/,
  );
}

/**
 * Every request asks as a browser does, for a compressed answer (`fetch` and navigation alike),
 * so each answer's compression is in its cost, as it is for every shopper.
 */
const BROWSER_ENCODINGS = { 'accept-encoding': 'gzip, deflate, br' };

/** Runs bench/load.ts in its own process on the generator's core. */
function load(job: Omit<LoadJob, 'connections' | 'seconds'>, duration = seconds) {
  const full: LoadJob = {
    connections,
    seconds: duration,
    ...job,
    headers: { ...BROWSER_ENCODINGS, ...job.headers },
  };
  const [command, args] = onCore(LOAD_CORE, [process.execPath, '--import', 'tsx', loadEntry]);
  return new Promise<LoadResult>((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['pipe', 'pipe', 'inherit'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => {
      if (code !== 0) reject(new Error(`load generator exited with ${code}`));
      else resolve(JSON.parse(output) as LoadResult);
    });
    child.stdin.end(JSON.stringify(full));
  });
}

async function measure(
  name: string,
  job: Omit<LoadJob, 'connections' | 'seconds'>,
  servers: Process[],
): Promise<Row> {
  const cpuBefore = cpuOfAll(servers);
  const result = await load(job);
  const cpuAfter = cpuOfAll(servers);
  const cpuPerRequest =
    cpuBefore === undefined || cpuAfter === undefined || result.requests === 0
      ? undefined
      : Math.round(((cpuAfter - cpuBefore) / result.requests) * 100) / 100;
  // A wrong answer is a bug; a request not answered within autocannon's ten seconds is what a
  // loaded machine does to a queue of slow pages, and is reported with the row.
  if (result.unexpected > 0)
    throw new Error(`${name}: ${result.unexpected} answers not ${job.status ?? '2xx'}`);
  console.log(
    `  ${name}: ${result.requestsPerSecond} req/s, p99 ${result.p99} ms, ${cpuPerRequest ?? '?'} ms CPU a request${result.errors ? `, ${result.errors} timed out` : ''}`,
  );
  return { name, result, ...(cpuPerRequest === undefined ? {} : { cpuPerRequest }) };
}

/** A list's category (or none) and price band (or none), drawn from `next` as shoppers pick them. */
function listFilters(next: () => number, categories: string[]): string[] {
  const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)] as T;
  const widths = [1_000, 2_500, 5_000, 10_000, 25_000, 50_000];
  const parts: string[] = [];
  if (next() < 0.8) parts.push(`category=${pick(categories)}`);
  if (next() < 0.7) {
    const min = Math.floor(next() * 200) * 500;
    parts.push(`minPrice=${min}`, `maxPrice=${min + pick(widths)}`);
  }
  return parts;
}

/** List pages: a category or none, a sort, page 1–3 and a price band or none. */
function distinctListPages(categories: string[]): string[] {
  const next = seededRandom(SEED + 1);
  const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)] as T;
  const urls = new Set<string>();
  while (urls.size < DISTINCT_URLS) {
    const parts = [`sort=${pick(sorts)}`, `page=${1 + Math.floor(next() * 3)}`, 'limit=24'];
    urls.add(`/api/products?${[...parts, ...listFilters(next, categories)].join('&')}`);
  }
  return shuffled([...urls], next);
}

/**
 * The filter panel's counts (`/api/facets`) for filters drawn as the list pages' are: what a
 * list page asks for beside its products, and what a server-rendered list page counts. Each set
 * of filters once (about 17 000 of them with 16 categories).
 */
function distinctFilterPanels(categories: string[]): string[] {
  const next = seededRandom(SEED + 4);
  const urls = new Set<string>();
  // A few categories allow fewer sets than a run asks for: a fixed number of draws, not a size.
  for (let draw = 0; draw < 60_000; draw++)
    urls.add(`/api/facets?${listFilters(next, categories).join('&')}`);
  return shuffled([...urls], next);
}

/**
 * The same list pages (same seed) each narrowed further by one or two of the filters beyond
 * category and price: a size, a colour, in stock, on sale, a rating (decision 002, facets).
 */
function distinctFilteredListPages(
  categories: string[],
  values: { colours: string[]; sizes: string[] },
): string[] {
  const next = seededRandom(SEED + 3);
  const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)] as T;
  const filters = [
    () => `size=${encodeURIComponent(pick(values.sizes))}`,
    () => `colour=${encodeURIComponent(pick(values.colours))}`,
    () => 'inStock=true',
    () => 'onSale=true',
    () => `minRating=${1 + Math.floor(next() * 4)}`,
  ];
  return distinctListPages(categories).map((url) => {
    // One or two different filters: the same one twice would be a list of values, refused.
    const first = Math.floor(next() * filters.length);
    const second = (first + 1 + Math.floor(next() * (filters.length - 1))) % filters.length;
    const chosen = next() < 0.4 ? [first, second] : [first];
    return `${url}&${chosen.map((i) => filters[i]?.() ?? '').join('&')}`;
  });
}

/** Single-row transactions committed as the shop commits them (WAL, synchronous=FULL). */
function durableCommitsPerSecond(dir: string): number {
  const database = new SQLite(path.join(dir, 'commits.db'));
  database.pragma('journal_mode = WAL');
  database.pragma('synchronous = FULL');
  database.exec('create table t (id integer primary key, v text)');
  const insert = database.prepare('insert into t (v) values (?)');
  const commit = database.transaction(() => insert.run('x'));
  const started = performance.now();
  let n = 0;
  while (performance.now() - started < 3_000) {
    commit();
    n++;
  }
  const rate = Math.round((n * 1000) / (performance.now() - started));
  database.close();
  return rate;
}

const clockTicks = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK']).toString()) || 100;
  } catch {
    return 100;
  }
})();

/**
 * CPU time (user and system, every thread) a process has used, in ms, from /proc; undefined
 * where there is no /proc. Unlike req/s, the CPU a request costs hardly moves with the load that
 * other jobs put on the machine.
 */
function cpuMs(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name: state is the first, utime the 12th, stime the 13th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / clockTicks;
  } catch {
    return undefined;
  }
}

function cpuOfAll(processes: Process[]): number | undefined {
  let total = 0;
  for (const p of processes) {
    const ms = cpuMs(p.child.pid);
    if (ms === undefined) return undefined;
    total += ms;
  }
  return total;
}

/** Resident memory of a process in MB, now or at its peak, from /proc. */
function residentMb(
  pid: number | undefined,
  which: 'VmRSS' | 'VmHWM' = 'VmRSS',
): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = new RegExp(`${which}:\\s+(\\d+) kB`).exec(status)?.[1];
    return kb ? Math.round(Number(kb) / 1024) : undefined;
  } catch {
    return undefined;
  }
}

/** The bench's SMTP server (`smtp-server.ts`), on the load generator's core: it takes every mail. */
function startSmtp(): Promise<Process> {
  return startProcess(
    onCore(LOAD_CORE, [process.execPath, '--import', 'tsx', smtpEntry]),
    { PATH: process.env.PATH },
    /smtp listening on (smtp:\/\/[\d.]+:\d+)/,
  );
}

/** A throwaway PostgreSQL cluster in a temporary folder, as .ci/run starts one. */
async function startPostgres(
  { durable }: { durable: boolean } = { durable: false },
): Promise<{ url: string; data: string; stop: () => void }> {
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
    // The read rows measure queries, not the disk; the order rows need every commit durable.
    `-c listen_addresses=127.0.0.1 -p ${port} -k ${dir} -c fsync=${durable ? 'on' : 'off'}`,
    'start',
  ]);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    data,
    stop: () => {
      run('pg_ctl', ['-D', data, '-m', 'immediate', 'stop']);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Sets a variant's stock, and its product's to the sum of its variants', as the stock module keeps it. */
async function setVariantStock(db: Db, productId: number, variantId: number, stock: number) {
  await db.kysely
    .updateTable('product_variants')
    .set({ stock })
    .where('id', '=', variantId)
    .execute();
  await db.kysely
    .updateTable('products')
    .set((eb) => ({
      stock: eb
        .selectFrom('product_variants')
        .select((v) => v.fn.sum<number>('stock').as('sum'))
        .where('product_id', '=', productId)
        .where('archived_at', 'is', null),
    }))
    .where('id', '=', productId)
    .execute();
}

/** Builds the catalog, and stocks a few products for the order row; returns what the rows need. */
async function prepare(databaseUrl: string) {
  const db = await openDatabase(databaseUrl);
  try {
    await seedDemoCatalogIfEmpty(db);
    const started = performance.now();
    const existing = await db.kysely
      .selectFrom('products')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const missing = productCount - existing.n;
    if (missing > 0) await generateCatalog(db, { count: missing });
    console.log(
      `${productCount} products ready in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    const ids = (await db.kysely.selectFrom('products').select('id').orderBy('id').execute()).map(
      (r) => r.id,
    );
    // The order row buys one variant of each of two products: give those plenty of stock (and
    // their products the sum, as the stock module keeps it).
    const stocked = await db.kysely
      .selectFrom('product_variants')
      .select(['product_id as productId', (eb) => eb.fn.min<number>('id').as('variantId')])
      .where('product_id', 'in', ids.slice(0, 2))
      .where('archived_at', 'is', null)
      .groupBy('product_id')
      .execute();
    for (const { productId, variantId } of stocked)
      await setVariantStock(db, productId, variantId, 100_000_000);
    const categories = (await db.kysely.selectFrom('categories').select('slug').execute()).map(
      (r) => r.slug,
    );
    const { words, pairs } = await vocabulary(db);
    return { ids, stocked, categories, words, pairs };
  } finally {
    await db.close();
  }
}

/** A folder for the run, and the database to bench: a SQLite file in it, or PostgreSQL. */
async function benchDatabaseUrl(database: string) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'souq-bench-'));
  const cluster =
    database === 'postgres' && !process.env.BENCH_DATABASE_URL ? await startPostgres() : null;
  const file = path.join(dir, 'bench.db');
  // A catalog generated before (a million products take minutes), copied so the run may edit it.
  if (database === 'sqlite' && process.env.BENCH_SQLITE_FROM)
    fs.copyFileSync(process.env.BENCH_SQLITE_FROM, file);
  const databaseUrl =
    database === 'sqlite'
      ? `sqlite:${file}`
      : (process.env.BENCH_DATABASE_URL ?? cluster?.url ?? '');
  return { dir, cluster, databaseUrl };
}

async function benchDatabase(database: string): Promise<{ rows: Row[]; notes: string[] }> {
  const { dir, cluster, databaseUrl } = await benchDatabaseUrl(database);
  const running: Process[] = [];
  try {
    console.log(`\n${database}:`);
    const { ids, stocked, categories, words, pairs } = await prepare(databaseUrl);
    // The shop sends its order mail over SMTP, as a shop in production does: without a mail
    // server it would render and write each mail as a file in the thread that takes the orders.
    const smtp = await startSmtp();
    running.push(smtp);
    const shop = await startShop(databaseUrl, SERVER_CORE, { SMTP_URL: smtp.url }, profileFlags());
    running.push(shop);
    const fixedBody = await (await fetch(shop.url + listPath)).text();
    const baseline = await startBaseline(fixedBody);
    running.push(baseline);

    const repeated = [
      { name: 'product list page (24, best selling)', path: listPath },
      {
        name: 'filtered list (category + price, by price)',
        path: '/api/products?category=headphones&minPrice=1000&maxPrice=40000&sort=price_asc',
      },
      { name: 'search "headphones" (relevance)', path: '/api/products?q=headphones' },
      { name: 'search "wireless mouse"', path: '/api/products?q=wireless%20mouse' },
      { name: 'suggestions "head"', path: '/api/search/suggestions?q=head' },
      { name: 'one product', path: `/api/products/${ids[Math.floor(ids.length / 2)] ?? 1}` },
      { name: 'categories', path: '/api/categories' },
    ];
    const next = seededRandom(SEED + 2);
    const facets = (await (await fetch(`${shop.url}/api/facets`)).json()) as {
      colours: { name: string }[];
      sizes: { name: string }[];
    };
    const facetValues = {
      colours: facets.colours.map((c) => c.name),
      sizes: facets.sizes.map((s) => s.name),
    };
    const twoServerRows = ['distinct list pages', 'distinct searches'];
    const distinct = [
      { name: 'distinct list pages', paths: distinctListPages(categories) },
      {
        name: 'distinct filtered list pages',
        paths: distinctFilteredListPages(categories, facetValues),
      },
      { name: 'distinct filter panels', paths: distinctFilterPanels(categories) },
      { name: 'distinct searches', paths: distinctSearches(words, pairs) },
      {
        name: 'product by id, distinct',
        paths: shuffled(ids, next).map((id) => `/api/products/${id}`),
      },
    ];
    // Unmeasured: lets the JIT and the database caches settle. The distinct rows warm up on
    // URLs of their own kind that the measured run does not ask for again.
    for (const target of repeated) await load({ origins: [shop.url], paths: [target.path] }, 1);
    const twoServers = distinct.filter(
      (d) => twoServerRows.includes(d.name) && rowChosen(`${d.name}, two app servers`),
    );
    for (const target of distinct.filter((d) => rowChosen(d.name) || twoServers.includes(d))) {
      // A quarter at most, so a small BENCH_PRODUCTS catalog keeps ids to measure.
      const warmUp = Math.min(2_000, Math.floor(target.paths.length / 4));
      await load({ origins: [shop.url], paths: target.paths.slice(-warmUp) }, 2);
      target.paths = target.paths.slice(0, -warmUp);
    }

    const rows = [
      await measure(
        `node:http, fixed JSON of ${fixedBody.length} bytes (baseline)`,
        {
          origins: [baseline.url],
          paths: ['/'],
        },
        [baseline],
      ),
    ];
    for (const target of repeated.filter((r) => rowChosen(`${r.name}, repeated`)))
      rows.push(
        await measure(`${target.name}, repeated`, { origins: [shop.url], paths: [target.path] }, [
          shop,
        ]),
      );
    for (const target of distinct.filter((d) => rowChosen(d.name)))
      rows.push(await measure(target.name, { origins: [shop.url], paths: target.paths }, [shop]));
    const afterApiRows = residentMb(shop.child.pid);
    rows.push(...(await measureRenderedPages(shop, ids, categories)));
    // A second app server over the same database, on the generator's core (the machine has
    // no third): how far one more process carries the distinct rows.
    if (twoServers.length > 0) {
      const second = await startShop(databaseUrl, LOAD_CORE);
      running.push(second);
      for (const target of twoServers) {
        const paths = target.paths.slice(-10_000);
        await load({ origins: [second.url], paths: paths.slice(0, 1_000) }, 2);
        rows.push(
          await measure(
            `${target.name}, two app servers`,
            {
              origins: [shop.url, second.url],
              paths: paths.slice(1_000),
            },
            [shop, second],
          ),
        );
      }
      await second.stop();
    }
    const orderBody = cashOrder(
      stocked.map(({ productId, variantId }) => ({ productId, variantId, quantity: 1 })),
    );
    const ordersRow = 'POST /api/orders (a new Idempotency-Key each)';
    if (rowChosen(ordersRow))
      rows.push(
        await measure(
          ordersRow,
          {
            origins: [shop.url],
            paths: ['/api/orders'],
            orderBody,
          },
          [shop],
        ),
      );
    const notes = [
      `Shop's resident memory after the API rows: ${afterApiRows ?? '?'} MB; after the run, rendered pages and orders included: ${residentMb(shop.child.pid) ?? '?'} MB (at its peak: ${residentMb(shop.child.pid, 'VmHWM') ?? '?'} MB).`,
    ];
    if (database === 'sqlite')
      notes.push(
        `Durable commits of one row (WAL, synchronous=FULL) on the same disk: ${durableCommitsPerSecond(dir)}/s.`,
      );
    return { rows, notes };
  } finally {
    for (const p of running) await p.stop();
    cluster?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The rows as a Markdown table, each beside the first (the baseline), then the notes. */
function printRows(title: string, rows: Row[], notes: string[]) {
  const base = rows[0]?.result.requestsPerSecond ?? 1;
  console.log(
    `\n| ${title} | req/s | vs baseline | p50 ms | p90 ms | p95 ms | p99 ms | timed out | server CPU ms/request | req/s per core at that cost |\n| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |`,
  );
  for (const { name, result: r, cpuPerRequest: cpu } of rows)
    console.log(
      `| ${name} | ${r.requestsPerSecond} | ${(r.requestsPerSecond / base).toFixed(2)} | ${r.p50} | ${r.p90} | ${r.p95} | ${r.p99} | ${r.errors} | ${cpu ?? ''} | ${cpu ? Math.round(1000 / cpu) : ''} |`,
    );
  for (const note of notes) console.log(`\n${note}`);
  console.log(
    `load average now: ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
}

console.log(
  `souq bench: ${seconds}s per row, ${connections} connections, ${productCount} products, Node ${process.version}, ${os.cpus().length} cores, ${pinned ? `shop on core ${SERVER_CORE}, load generator on core ${LOAD_CORE}` : 'not pinned'}, load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
await buildServer();
const catalogOnly = process.env.BENCH_ROWS === 'catalog';
for (const database of apiRowsChosen || catalogOnly ? databases : []) {
  const { rows, notes } = catalogOnly
    ? await benchCatalogFreshness(database)
    : await benchDatabase(database);
  printRows(database, rows, notes);
}

for (const database of flashSaleChosen ? databases : []) {
  const { rows, notes } = await benchFlashSale(database);
  printRows(`${database}, flash sale`, rows, notes);
}

// Pages rendered on the server (decision 011), beside the API rows for the same data.

/** The shop's web build, with its server entry, built first if it is stale. */
function renderedPagesDist(): string {
  ensureWebBuild();
  return path.resolve(import.meta.dirname, '../apps/web/dist');
}

/** `/api/products?…` (prices in cents) as the products page's own address (whole units). */
function listPageOf(apiPath: string): string {
  const query = new URLSearchParams(apiPath.split('?')[1]);
  query.delete('limit');
  for (const bound of ['minPrice', 'maxPrice']) {
    const cents = query.get(bound);
    if (cents) query.set(bound, String(Math.floor(Number(cents) / 100)));
  }
  return `/productS?${query.toString()}`;
}

/**
 * A product page per product id and a list page per list query of the distinct API rows, each
 * address new, so every request is a render rather than a kept page.
 */
async function measureRenderedPages(
  shop: Process,
  ids: number[],
  categories: string[],
): Promise<Row[]> {
  const next = seededRandom(SEED + 3);
  const targets = [
    {
      name: 'distinct product pages (HTML)',
      paths: shuffled(ids, next).map((id) => `/productdetails/${id}`),
    },
    { name: 'distinct list pages (HTML)', paths: distinctListPages(categories).map(listPageOf) },
  ];
  const rows: Row[] = [];
  for (const target of targets.filter((t) => rowChosen(t.name))) {
    // A page asked for as a browser's navigation asks.
    const job = { origins: [shop.url], headers: { accept: 'text/html' } };
    const paths = await warmUpUntilSettled(target.name, job, target.paths);
    rows.push(await measure(target.name, { ...job, paths }, [shop]));
  }
  return rows;
}

/**
 * Rendered pages take thousands of renders to reach their speed, as the JIT compiles the
 * render's many functions: after a start, distinct product pages ran 437, 622, 710, 804 and 797
 * a second in five-second windows (docs/benchmarks.md, 2026-11-28). So their rows warm up in
 * rounds of two seconds, each on addresses of its own, six at least and then until a round's rate
 * is within 5 % of the one before (at most a minute's rounds, and three quarters of the
 * addresses), and measure on the addresses left. Returns those.
 */
async function warmUpUntilSettled(
  name: string,
  job: Omit<LoadJob, 'connections' | 'seconds' | 'paths'>,
  paths: string[],
): Promise<string[]> {
  let left = paths;
  const rates: number[] = [];
  while (rates.length < 30 && left.length > paths.length / 4 + WARM_UP_ROUND_URLS) {
    const { requestsPerSecond } = await load(
      { ...job, paths: left.slice(-WARM_UP_ROUND_URLS) },
      WARM_UP_ROUND_SECONDS,
    );
    left = left.slice(0, -WARM_UP_ROUND_URLS);
    const before = rates.at(-1);
    rates.push(requestsPerSecond);
    const settled = before !== undefined && Math.abs(requestsPerSecond - before) <= before * 0.05;
    if (settled && rates.length >= WARM_UP_ROUNDS_AT_LEAST) break;
  }
  console.log(
    `  ${name}: warmed up in rounds of ${WARM_UP_ROUND_SECONDS} s at ${rates.join(', ')} req/s`,
  );
  return left;
}

// The catalog's freshness and start-up (`BENCH_ROWS=catalog`, decision 002): how long the shop
// takes to be ready, the distinct rows on their own, over two app servers, and while a
// back office edits 100 products a minute from another process, with how soon each edit shows.

/**
 * Edits a random product's price every `everyMs` from outside the shop, and watches each edit
 * (every 200 ms, for a minute at most) until the shop's product answer shows it.
 */
function editWhileRunning(databaseUrl: string, shop: Process, ids: number[], everyMs: number) {
  const lags: number[] = [];
  const watching: Promise<void>[] = [];
  const run = { stopped: false };
  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  async function watch(id: number, price: number) {
    const editedAt = performance.now();
    while (performance.now() - editedAt < 60_000) {
      const shown = (await (await fetch(`${shop.url}/api/products/${id}`)).json()) as {
        price?: number;
      };
      if (shown.price === price) return void lags.push(performance.now() - editedAt);
      await pause(200);
    }
  }
  const done = (async () => {
    const db = await openDatabase(databaseUrl);
    const next = seededRandom(SEED + 5);
    try {
      while (!run.stopped) {
        const id = ids[Math.floor(next() * ids.length)] ?? 1;
        const price = 100 + Math.floor(next() * 100_000);
        await db.kysely
          .updateTable('products')
          .set({ price_cents: price })
          .where('id', '=', id)
          .execute();
        watching.push(watch(id, price));
        await pause(everyMs);
      }
    } finally {
      await db.close();
    }
  })();
  return {
    async stop() {
      run.stopped = true;
      await done;
      await Promise.all(watching);
      lags.sort((a, b) => a - b);
      return {
        edits: watching.length,
        shown: lags.length,
        medianMs: Math.round(lags[Math.floor(lags.length / 2)] ?? NaN),
        slowestMs: Math.round(lags.at(-1) ?? NaN),
      };
    },
  };
}

/**
 * `count` price edits from another process, one after another as fast as the database takes
 * them, then how long until the shop's product answer shows the last one (applied in place,
 * decision 002: no second index, so resident memory should not move).
 */
async function editBurst(databaseUrl: string, shop: Process, ids: number[], count: number) {
  const db = await openDatabase(databaseUrl);
  const next = seededRandom(SEED + 6);
  let last = { id: ids[0] ?? 1, price: 0 };
  try {
    for (let i = 0; i < count; i++) {
      last = { id: ids[Math.floor(next() * ids.length)] ?? 1, price: 100 + i };
      await db.kysely
        .updateTable('products')
        .set({ price_cents: last.price })
        .where('id', '=', last.id)
        .execute();
    }
  } finally {
    await db.close();
  }
  const committedAt = performance.now();
  for (;;) {
    const shown = (await (await fetch(`${shop.url}/api/products/${last.id}`)).json()) as {
      price?: number;
    };
    if (shown.price === last.price || performance.now() - committedAt > 60_000)
      return Math.round(performance.now() - committedAt);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * An import of `count` new products from another process (as `npm run catalog:import` runs), in
 * one of the catalog's categories: how long the import took, and then how long until the
 * shop's search finds all of them.
 */
async function importBurst(databaseUrl: string, shop: Process, count: number) {
  const db = await openDatabase(databaseUrl);
  const startedAt = performance.now();
  try {
    const category = await db.kysely
      .selectFrom('categories')
      .select(['name', 'slug'])
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await importMarshworts(db, count, category);
  } finally {
    await db.close();
  }
  const committedAt = performance.now();
  // Another page size each time, so no answer kept by the response cache is read again.
  for (let poll = 0; ; poll++) {
    const url = `${shop.url}/api/products?q=marshwort&limit=${1 + (poll % 48)}`;
    const { total } = (await (await fetch(url)).json()) as { total?: number };
    if (total === count || performance.now() - committedAt > 60_000)
      return {
        importMs: Math.round(committedAt - startedAt),
        shownMs: Math.round(performance.now() - committedAt),
      };
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** The PostgreSQL cluster's processes: its postmaster (from its pid file) and its children. */
function clusterPids(dataDir: string): number[] {
  const postmaster = Number(
    fs.readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0],
  );
  const pids = [postmaster];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      // After the command name: the state, then the parent's pid.
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === postmaster)
        pids.push(Number(entry));
    } catch {
      // The process ended meanwhile.
    }
  }
  return pids;
}

/**
 * The sitemap as crawlers read it: its index once, then its files over and over (each a
 * distinct, large answer), and list pages while one crawler walks the files in turn.
 */
async function sitemapRows(shop: Process, lists: string[]): Promise<{ rows: Row[]; note: string }> {
  const before = residentMb(shop.child.pid);
  const started = performance.now();
  const index = await (await fetch(`${shop.url}/sitemap.xml`)).text();
  const indexMs = performance.now() - started;
  const files = [...index.matchAll(/<loc>([^<]*)<\/loc>/g)].map(
    (m) => new URL(m[1] ?? '').pathname,
  );
  const productFiles = files.filter((f) => f.startsWith('/sitemaps/products-'));
  const fileRow = await measure(
    'distinct sitemap files',
    { origins: [shop.url], paths: productFiles },
    [shop],
  );
  const afterFiles = residentMb(shop.child.pid);
  // A crawler back for files it has: each file's ETag, then the same files asked with it.
  const pathHeaders: Record<string, Record<string, string>> = {};
  for (const file of productFiles) {
    const answer = await fetch(shop.url + file, { headers: BROWSER_ENCODINGS });
    await answer.body?.cancel();
    pathHeaders[file] = { 'if-none-match': answer.headers.get('etag') ?? '' };
  }
  const unchangedRow = await measure(
    'sitemap files a crawler has (If-None-Match, 304)',
    { origins: [shop.url], paths: productFiles, pathHeaders, status: 304 },
    [shop],
  );
  const crawl = { on: true };
  let read = 0;
  let bytes = 0;
  const crawler = (async () => {
    for (let i = 0; crawl.on; i++) {
      const body = await (await fetch(shop.url + (files[i % files.length] ?? ''))).arrayBuffer();
      bytes += body.byteLength;
      read++;
    }
  })();
  const crawled = await measure(
    'distinct list pages, a crawler reading the sitemap',
    { origins: [shop.url], paths: lists.splice(-20_000) },
    [shop],
  );
  crawl.on = false;
  await crawler;
  return {
    rows: [fileRow, unchangedRow, crawled],
    note: `Sitemap: the index (${files.length} files) answered in ${indexMs.toFixed(0)} ms; the crawler beside the list pages read ${read} files (${(bytes / 1e6).toFixed(0)} MB, uncompressed); resident memory ${before ?? '?'} MB before the sitemap rows, ${afterFiles ?? '?'} MB after the files row, ${residentMb(shop.child.pid) ?? '?'} MB after the crawler.`,
  };
}

async function benchCatalogFreshness(database: string): Promise<{ rows: Row[]; notes: string[] }> {
  const { dir, cluster, databaseUrl } = await benchDatabaseUrl(database);
  const running: Process[] = [];
  try {
    console.log(`\n${database} (catalog freshness):`);
    const { ids, categories, words, pairs } = await prepare(databaseUrl);
    const startedAt = performance.now();
    const shop = await startShop(databaseUrl, SERVER_CORE);
    const readyAfter = (performance.now() - startedAt) / 1000;
    running.push(shop);
    const firstList = performance.now();
    const fixedBody = await (await fetch(shop.url + listPath)).text();
    const firstListMs = performance.now() - firstList;
    const baseline = await startBaseline(fixedBody);
    running.push(baseline);
    const next = seededRandom(SEED + 2);
    const lists = distinctListPages(categories);
    const searches = distinctSearches(words, pairs);
    const products = shuffled(ids, next).map((id) => `/api/products/${id}`);
    // Unmeasured warm-up on URLs the measured rows do not ask for again.
    for (const paths of [lists, searches, products])
      await load({ origins: [shop.url], paths: paths.splice(-2_000) }, 2);
    const readyMemory = {
      now: residentMb(shop.child.pid),
      peak: residentMb(shop.child.pid, 'VmHWM'),
      reset: resetPeakMemory(shop.child.pid),
    };
    const rows = [
      await measure(
        `node:http, fixed JSON of ${fixedBody.length} bytes (baseline)`,
        { origins: [baseline.url], paths: ['/'] },
        [baseline],
      ),
      await measure('distinct list pages', { origins: [shop.url], paths: lists.splice(-20_000) }, [
        shop,
      ]),
      await measure('distinct searches', { origins: [shop.url], paths: searches.splice(-20_000) }, [
        shop,
      ]),
      await measure('product by id, distinct', { origins: [shop.url], paths: products }, [shop]),
    ];
    const sitemap = await sitemapRows(shop, lists);
    rows.push(...sitemap.rows);
    const beforeEdits = residentMb(shop.child.pid);
    const editing = editWhileRunning(databaseUrl, shop, ids, 600);
    rows.push(
      await measure(
        'distinct list pages, 100 edits a minute',
        { origins: [shop.url], paths: lists.splice(-20_000) },
        [shop],
      ),
    );
    const edits = await editing.stop();
    const burstShownMs = await editBurst(databaseUrl, shop, ids, 1_000);
    const afterBurst = residentMb(shop.child.pid);
    const imported = await importBurst(databaseUrl, shop, 10_000);
    const afterImport = residentMb(shop.child.pid);
    const readiness = (await (await fetch(`${shop.url}/api/health/ready`)).json()) as {
      catalogIndex?: { fullBuilds: number; productsApplied: number };
    };
    const afterRows = residentMb(shop.child.pid);
    const second = await startShop(databaseUrl, LOAD_CORE);
    running.push(second);
    await load({ origins: [second.url], paths: lists.splice(-1_000) }, 2);
    const databasePids = cluster ? clusterPids(cluster.data) : [];
    const databaseCpu = () => databasePids.reduce((sum, pid) => sum + (cpuMs(pid) ?? 0), 0);
    const databaseBefore = databaseCpu();
    const two = await measure(
      'distinct list pages, two app servers',
      { origins: [shop.url, second.url], paths: lists.splice(-20_000) },
      [shop, second],
    );
    const databaseMs = databaseCpu() - databaseBefore;
    rows.push(two);
    await second.stop();
    const notes = [
      `Ready ${readyAfter.toFixed(1)} s after the shop was started; the first list page then took ${firstListMs.toFixed(0)} ms; resident memory then ${readyMemory.now ?? '?'} MB, at its peak while building ${readyMemory.peak ?? '?'} MB.`,
      sitemap.note,
      `${edits.edits} price edits from another process while the edit row ran, ${edits.shown} shown in the shop's product answer within a minute: the median ${edits.medianMs} ms after its commit, the slowest ${edits.slowestMs} ms.`,
      ...(cluster
        ? [
            `PostgreSQL's processes during the two-server row: ${(databaseMs / (seconds * 10)).toFixed(0)} % of a core, ${(databaseMs / Math.max(1, two.result.requests)).toFixed(3)} ms of CPU a request.`,
          ]
        : []),
      `Then 1 000 price edits at once: the last shown ${burstShownMs} ms after its commit; resident memory ${beforeEdits ?? '?'} MB before the edit row, ${afterBurst ?? '?'} MB after the 1 000 edits.`,
      `A 10 000-row import of new products from another process took ${imported.importMs} ms; all of them were found by the shop's search ${imported.shownMs} ms after it committed; resident memory then ${afterImport ?? '?'} MB; by then the index had ${readiness.catalogIndex?.fullBuilds ?? '?'} full build(s) and ${readiness.catalogIndex?.productsApplied ?? '?'} products applied in place.`,
      `Shop's resident memory after the rows: ${afterRows ?? '?'} MB (at its peak ${readyMemory.reset ? 'since it was ready' : 'since it started'}: ${residentMb(shop.child.pid, 'VmHWM') ?? '?'} MB).`,
    ];
    return { rows, notes };
  } finally {
    for (const p of running) await p.stop();
    cluster?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

// A flash sale (issue 29): orders as fast as one app server takes them, over a database that
// makes every commit durable (SQLite with synchronous=FULL, PostgreSQL with fsync on), and the
// shop's mail sent meanwhile to an SMTP server in a process of its own; then the race for a few
// units, and orders at steady rates, to see up to what rate the mail keeps pace on one core.

/** A shopper's cash-on-delivery order of one unit of one variant. */
function oneUnitOrder(productId: number, variantId: number): string {
  return cashOrder([{ productId, variantId, quantity: 1 }]);
}

/**
 * Starts the process's peak resident memory again from its current size (Linux's
 * `clear_refs`), so a later peak is of what ran since: false where the system does not allow it.
 */
function resetPeakMemory(pid: number | undefined): boolean {
  try {
    fs.writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

/** Two variants of the demo catalog: one with stock for any run, one with the sale's units. */
async function prepareFlashSale(databaseUrl: string) {
  const db = await openDatabase(databaseUrl);
  try {
    await seedDemoCatalogIfEmpty(db);
    const [plenty, flash] = await db.kysely
      .selectFrom('product_variants')
      .select(['product_id as productId', (eb) => eb.fn.min<number>('id').as('variantId')])
      .where('archived_at', 'is', null)
      .groupBy('product_id')
      .orderBy('product_id')
      .limit(2)
      .execute();
    if (!plenty || !flash) throw new Error('the demo catalog has fewer than two products');
    await setVariantStock(db, plenty.productId, plenty.variantId, 100_000_000);
    await setVariantStock(db, flash.productId, flash.variantId, FLASH_UNITS);
    return { plenty, flash };
  } finally {
    await db.close();
  }
}

/** How many of the outbox's mails are sent, and how many wait. */
async function outboxCounts(db: Db): Promise<{ sent: number; queued: number }> {
  const rows = await db.kysely
    .selectFrom('mail_outbox')
    .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy('status')
    .execute();
  const count = (status: string) => rows.find((r) => r.status === status)?.n ?? 0;
  return { sent: count('sent'), queued: count('queued') };
}

/** Mails sent a second while the outbox empties, from `before` until nothing is queued. */
async function drainRate(db: Db, before: { sent: number }, started: number) {
  for (;;) {
    const now = await outboxCounts(db);
    const elapsed = (performance.now() - started) / 1000;
    if (now.queued === 0 || elapsed > 300)
      return { sent: now.sent - before.sent, left: now.queued, seconds: elapsed };
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** Sends one order over `agent`; resolves with its status. */
function postOrder(shop: Process, agent: http.Agent, body: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${shop.url}/api/orders`,
      {
        method: 'POST',
        agent,
        headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID() },
      },
      (response) => {
        response.resume();
        response.once('end', () => resolve(response.statusCode ?? 0));
      },
    );
    request.once('error', reject);
    request.end(body);
  });
}

/**
 * FLASH_SHOPPERS shoppers at once, one unit each, of a variant with FLASH_UNITS: every request
 * is sent at the start, over 200 connections (2,000 new connections at once overflow the
 * listen queue, which would measure the kernel rather than the shop).
 */
async function flashRace(shop: Process, productId: number, variantId: number) {
  const body = oneUnitOrder(productId, variantId);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 200 });
  const started = performance.now();
  const times: number[] = [];
  const statuses = await Promise.all(
    Array.from({ length: FLASH_SHOPPERS }, async () => {
      const status = await postOrder(shop, agent, body);
      times.push(performance.now() - started);
      return status;
    }),
  );
  agent.destroy();
  const seconds = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  return {
    placed: statuses.filter((s) => s === 201).length,
    refused: statuses.filter((s) => s === 409).length,
    other: statuses.filter((s) => s !== 201 && s !== 409).length,
    seconds,
    p99: Math.round(times[Math.ceil(times.length * 0.99) - 1] ?? NaN),
  };
}

/** Orders at `rate` a second, after an empty outbox: the mail made and sent meanwhile. */
async function steadyOrders(db: Db, shop: Process, orderBody: string, rate: number) {
  await drainRate(db, await outboxCounts(db), performance.now());
  const before = await mailCounts(db);
  const result = await load(
    { origins: [shop.url], paths: ['/api/orders'], orderBody, rate },
    STEADY_SECONDS,
  );
  const after = await mailCounts(db);
  return {
    rate,
    seconds: STEADY_SECONDS,
    placed: result.requestsPerSecond,
    p99: result.p99,
    made: after.all - before.all,
    sent: after.sent - before.sent,
    queued: after.queued,
  };
}

/** Every mail the outbox holds, sent and still queued. */
async function mailCounts(db: Db) {
  const counts = await outboxCounts(db);
  const { all } = await db.kysely
    .selectFrom('mail_outbox')
    .select((eb) => eb.fn.countAll<number>().as('all'))
    .executeTakeFirstOrThrow();
  return { ...counts, all };
}

async function benchFlashSale(database: string): Promise<{ rows: Row[]; notes: string[] }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'souq-bench-flash-'));
  // Always a durable cluster of its own: BENCH_DATABASE_URL's may run without fsync, and an
  // order is only acknowledged once it is on disk.
  const cluster = database === 'postgres' ? await startPostgres({ durable: true }) : null;
  const databaseUrl =
    database === 'sqlite' ? `sqlite:${path.join(dir, 'flash.db')}` : (cluster?.url ?? '');
  const running: Process[] = [];
  let db: Db | undefined;
  try {
    console.log(`\n${database}, flash sale:`);
    const { plenty, flash } = await prepareFlashSale(databaseUrl);
    const smtp = await startSmtp();
    running.push(smtp);
    const shop = await startShop(
      databaseUrl,
      SERVER_CORE,
      { SMTP_URL: smtp.url, ORDER_ALERT_EMAIL: ALERT_EMAIL, WEB_DIST_DIR: path.join(dir, 'none') },
      profileFlags(),
    );
    running.push(shop);
    const baseline = await startBaseline('{"ok":true}');
    running.push(baseline);
    db = await connectDatabase(databaseUrl);

    const orderBody = oneUnitOrder(plenty.productId, plenty.variantId);
    await load({ origins: [shop.url], paths: ['/api/orders'], orderBody }, 2);
    const rows = [
      await measure('node:http, fixed JSON (baseline)', { origins: [baseline.url], paths: ['/'] }, [
        baseline,
      ]),
    ];
    const before = await outboxCounts(db);
    const started = performance.now();
    rows.push(
      await measure(
        'POST /api/orders, one variant, durable (a new Idempotency-Key each)',
        { origins: [shop.url], paths: ['/api/orders'], orderBody },
        [shop],
      ),
    );
    const during = await outboxCounts(db);
    const orderSeconds = (performance.now() - started) / 1000;
    const drained = await drainRate(db, during, performance.now());
    const race = await flashRace(shop, flash.productId, flash.variantId);
    const steady = [];
    for (const rate of STEADY_ORDER_RATES)
      steady.push(await steadyOrders(db, shop, orderBody, rate));
    const left = await db.kysely
      .selectFrom('product_variants')
      .select('stock')
      .where('id', '=', flash.variantId)
      .executeTakeFirstOrThrow();
    const notes = [
      `Mail while the orders came in: ${during.sent - before.sent} sent in ${orderSeconds.toFixed(1)} s (${Math.round((during.sent - before.sent) / orderSeconds)}/s), ${during.queued} queued at the end.`,
      `Mail after the orders, the outbox emptying on its own: ${drained.sent} sent in ${drained.seconds.toFixed(1)} s (${Math.round(drained.sent / drained.seconds)}/s), ${drained.left} left.`,
      `Flash race: ${FLASH_SHOPPERS} shoppers at once for ${FLASH_UNITS} units: ${race.placed} orders, ${race.refused} refused as sold out, ${race.other} other answers, ${left.stock} units left; all answered in ${race.seconds.toFixed(1)} s (the 99th answer by ${race.p99} ms from the start).`,
    ];
    for (const s of steady)
      notes.push(
        `Orders at a steady ${s.rate}/s for ${s.seconds} s: ${s.placed}/s placed (p99 ${s.p99} ms), ${s.made} mails made (${Math.round(s.made / s.seconds)}/s), ${s.sent} sent meanwhile (${Math.round(s.sent / s.seconds)}/s), ${s.queued} queued at the end.`,
      );
    if (database === 'sqlite')
      notes.push(
        `Durable commits of one row (WAL, synchronous=FULL) on the same disk: ${durableCommitsPerSecond(dir)}/s.`,
      );
    else notes.push('PostgreSQL ran with fsync on and synchronous_commit on.');
    return { rows, notes };
  } finally {
    await db?.close();
    for (const p of running) await p.stop();
    cluster?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
