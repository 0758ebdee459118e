// `npm run bench`: API throughput and latency on this machine, each figure beside a plain
// node:http server that returns a fixed JSON body of the same size, measured in the same run
// (the ratio matters; the machine is shared and its absolute speed varies).
// BENCH_SECONDS (default 10) and BENCH_CONNECTIONS (default 20) tune a run.
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { buildApp } from '../apps/server/src/app';
import { openDatabase } from '../apps/server/src/db/migrate';
import { seedDemoCatalogIfEmpty } from '../apps/server/src/db/seed';
import { readEnv } from '../apps/server/src/env';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);

async function measure(name: string, url: string) {
  const result = await autocannon({ url, connections, duration: seconds });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${name}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return {
    name,
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p90: result.latency.p90,
    p99: result.latency.p99,
  };
}

function listen(server: http.Server): Promise<string> {
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () =>
      resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`),
    );
  });
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'souq-bench-'));
const env = readEnv({
  DATABASE_URL: `sqlite:${path.join(dir, 'bench.db')}`,
  LOG_LEVEL: 'warn',
  NODE_ENV: 'production',
});
const db = await openDatabase(env.databaseUrl);
await seedDemoCatalogIfEmpty(db);
const app = await buildApp({ env, db });
await app.listen({ host: '127.0.0.1', port: 0 });
const shop = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

const listPath = '/api/products?sort=best_selling&limit=24';
const fixedBody = await (await fetch(shop + listPath)).text();
const baseline = http.createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
  res.end(fixedBody);
});
const baselineUrl = await listen(baseline);

console.log(`souq bench: ${seconds}s per target, ${connections} connections, SQLite, demo catalog`);
const baselineRow = await measure('node:http, fixed JSON (baseline)', baselineUrl);
const rows = [baselineRow];
for (const [name, target] of [
  ['product list page (24, best selling)', listPath],
  [
    'product list filtered by category and price',
    '/api/products?category=headphones&minPrice=1000&maxPrice=40000',
  ],
  ['search "headphones"', '/api/products?q=headphones'],
  ['one product', '/api/products/1'],
  ['categories', '/api/categories'],
  ['health', '/api/health'],
] as const) {
  rows.push(await measure(name, shop + target));
}

const base = baselineRow.requestsPerSecond;
console.log(
  '\n| target | req/s | vs baseline | p50 ms | p90 ms | p99 ms |\n| --- | ---: | ---: | ---: | ---: | ---: |',
);
for (const r of rows) {
  console.log(
    `| ${r.name} | ${r.requestsPerSecond} | ${(r.requestsPerSecond / base).toFixed(2)} | ${r.p50} | ${r.p90} | ${r.p99} |`,
  );
}

baseline.close();
await app.close();
await db.close();
fs.rmSync(dir, { recursive: true, force: true });
