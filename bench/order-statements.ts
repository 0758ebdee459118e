// `npm run bench:order-statements`: the SQL an order costs on SQLite. Places orders in-process
// (Fastify's inject, the flash sale's one-unit cash order, in bursts of 50 so they share
// group-commit batches) and times every statement better-sqlite3 runs by its SQL text; prints
// each statement's time and count an order, the statements an order, and the process's CPU an
// order. Decision 029 and docs/benchmarks.md quote it.
//   ORDERS (1500): orders measured, after 300 to warm up
import SQLite from 'better-sqlite3';
import { seedDemoCatalogIfEmpty } from '../apps/server/src/modules/catalog/demo-catalog.seed';
import { createTestApp } from '../apps/server/src/test/test-app';
import { oneUnitOfPlenty, placeCashOrders } from './cash-order';

const orders = Number(process.env.ORDERS ?? 1500);

type Run = (this: SQLite.Statement, ...params: unknown[]) => unknown;
const timings = new Map<string, { count: number; ns: bigint }>();
let timing = false;

// Every statement's run, all and get, timed by its SQL text while `timing` is on.
const statementPrototype = Object.getPrototypeOf(
  new SQLite(':memory:').prepare('select 1'),
) as Record<'run' | 'all' | 'get', Run>;
for (const method of ['run', 'all', 'get'] as const) {
  const original = statementPrototype[method];
  statementPrototype[method] = function (this: SQLite.Statement, ...params: unknown[]) {
    if (!timing) return original.apply(this, params);
    const started = process.hrtime.bigint();
    try {
      return original.apply(this, params);
    } finally {
      const text = this.source.replace(/\s+/g, ' ').slice(0, 100);
      const entry = timings.get(text) ?? { count: 0, ns: 0n };
      entry.count++;
      entry.ns += process.hrtime.bigint() - started;
      timings.set(text, entry);
    }
  };
}

const { app, db, close } = await createTestApp('sqlite');
try {
  await seedDemoCatalogIfEmpty(db);
  const payload = await oneUnitOfPlenty(db);
  await placeCashOrders(app, payload, 300);

  timing = true;
  const cpuBefore = process.cpuUsage();
  await placeCashOrders(app, payload, orders);
  const cpu = process.cpuUsage(cpuBefore);
  timing = false;

  const perOrder = (ns: bigint) => (Number(ns) / 1e6 / orders).toFixed(4);
  let statements = 0;
  let total = 0n;
  for (const [text, { count, ns }] of [...timings].sort((a, b) => Number(b[1].ns - a[1].ns))) {
    statements += count;
    total += ns;
    console.log(`${perOrder(ns)} ms an order  ${(count / orders).toFixed(2)}×  ${text}`);
  }
  console.log(
    `${(statements / orders).toFixed(1)} statements an order, ${perOrder(total)} ms an order in SQLite; the process's CPU ${((cpu.user + cpu.system) / 1000 / orders).toFixed(2)} ms an order`,
  );
} finally {
  await close();
}
