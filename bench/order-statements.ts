// `npm run bench:order-statements [-- --database-url URL]`: the SQL an order costs. Places
// orders in-process (Fastify's inject, the flash sale's one-unit cash order, in bursts of 50 so
// they share group-commit batches and the pool's connections) and prints each statement's count
// (and on SQLite its time) an order by its SQL text, the statements and round trips an order,
// and the process's CPU an order; on PostgreSQL also the CPU its server processes (the pool's
// backends, from /proc) spent an order. Without --database-url it runs on a SQLite file; with
// one (an empty PostgreSQL database), in a schema of its own there. Decision 029 and
// docs/benchmarks.md quote it.
//   ORDERS (1500): orders measured, after 300 to warm up
//   ORDERS_CPU_PROF=<file>: a CPU profile of the measured orders alone (not of the set-up)
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { sql } from 'kysely';
import { seedDemoCatalogIfEmpty } from '../apps/server/src/modules/catalog/demo-catalog.seed';
import { oneUnitOfPlenty, placeCashOrders } from './cash-order';
import { startCpuProfile } from './cpu-profile';

const { values: options } = parseArgs({ options: { 'database-url': { type: 'string' } } });
const databaseUrl = options['database-url'];
const orders = Number(process.env.ORDERS ?? 1500);

const timings = new Map<string, { count: number; ns: bigint }>();
let timing = false;
/** Round trips to PostgreSQL: each query waits for its answer before the next is sent. */
let roundTrips = 0;

/** Statements by their SQL text, as printed (the text of the order's write is long). */
const keys = new Map<string, string>();

function record(text: string, ns: bigint) {
  let key = keys.get(text);
  if (key === undefined) keys.set(text, (key = text.replace(/\s+/g, ' ').slice(0, 100)));
  const entry = timings.get(key) ?? { count: 0, ns: 0n };
  entry.count++;
  entry.ns += ns;
  timings.set(key, entry);
}

type Run = (this: SQLite.Statement, ...params: unknown[]) => unknown;
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
      record(this.source, process.hrtime.bigint() - started);
    }
  };
}

// Every query a pg client sends, counted by its SQL text (its time is the server's, not ours),
// and the round trips: a query written while others on its connection still wait for their
// answer (the client pipelines) rides along with them.
type Submit = (this: { text?: string }, connection: object) => unknown;
type Ready = (this: unknown, connection: object) => unknown;
const queryPrototype = pg.Query.prototype as unknown as {
  submit: Submit;
  handleReadyForQuery: Ready;
};
const submit = queryPrototype.submit;
const handleReadyForQuery = queryPrototype.handleReadyForQuery;
const awaitingAnswer = new WeakMap<object, number>();
queryPrototype.submit = function (this: { text?: string }, connection: object) {
  const waiting = awaitingAnswer.get(connection) ?? 0;
  awaitingAnswer.set(connection, waiting + 1);
  if (timing) {
    record(this.text ?? '?', 0n);
    if (waiting === 0) roundTrips++;
  }
  return submit.call(this, connection);
};
queryPrototype.handleReadyForQuery = function (this: unknown, connection: object) {
  awaitingAnswer.set(connection, Math.max(0, (awaitingAnswer.get(connection) ?? 1) - 1));
  return handleReadyForQuery.call(this, connection);
};

/** user + system CPU of these processes, in ms (clock ticks of 10 ms). */
function processesCpuMs(pids: number[]): Map<number, number> {
  const cpu = new Map<number, number>();
  for (const pid of pids) {
    try {
      const fields = (fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1] ?? '').split(' ');
      cpu.set(pid, ((Number(fields[11]) + Number(fields[12])) * 1000) / 100);
    } catch {
      // A backend that ended: its CPU is lost to the figure (the pool keeps its connections).
    }
  }
  return cpu;
}

if (databaseUrl) process.env.TEST_DATABASE_URL = databaseUrl;
// After TEST_DATABASE_URL is set: the test app reads it when loaded.
const { createTestApp } = await import('../apps/server/src/test/test-app');
const { app, db, close } = await createTestApp(databaseUrl ? 'postgres' : 'sqlite');
try {
  await seedDemoCatalogIfEmpty(db);
  const payload = await oneUnitOfPlenty(db);
  await placeCashOrders(app, payload, 300);

  /** The pool's backends on this database (the test app's schema is in it). */
  const backends = async () =>
    databaseUrl
      ? (
          await sql<{ pid: number }>`select pid from pg_stat_activity
            where datname = current_database() and backend_type = 'client backend'`.execute(
            db.kysely,
          )
        ).rows.map((r) => r.pid)
      : [];
  const pids = await backends();
  const serverBefore = processesCpuMs(pids);
  const stopProfile = await startCpuProfile(process.env.ORDERS_CPU_PROF);
  timing = true;
  const cpuBefore = process.cpuUsage();
  await placeCashOrders(app, payload, orders);
  const cpu = process.cpuUsage(cpuBefore);
  timing = false;
  await stopProfile();
  const serverAfter = processesCpuMs([...new Set([...pids, ...(await backends())])]);

  const perOrder = (ns: bigint) => (Number(ns) / 1e6 / orders).toFixed(4);
  let statements = 0;
  let total = 0n;
  for (const [text, { count, ns }] of [...timings].sort(
    (a, b) => Number(b[1].ns - a[1].ns) || b[1].count - a[1].count,
  )) {
    statements += count;
    total += ns;
    console.log(
      databaseUrl
        ? `${(count / orders).toFixed(2)}×  ${text}`
        : `${perOrder(ns)} ms an order  ${(count / orders).toFixed(2)}×  ${text}`,
    );
  }
  const msAnOrder = (us: number) => (us / 1000 / orders).toFixed(2);
  const shopCpu = `the process's CPU ${msAnOrder(cpu.user + cpu.system)} ms an order (user ${msAnOrder(cpu.user)}, system ${msAnOrder(cpu.system)})`;
  if (databaseUrl) {
    let serverMs = 0;
    for (const [pid, after] of serverAfter) serverMs += after - (serverBefore.get(pid) ?? 0);
    console.log(
      `${(statements / orders).toFixed(1)} statements and ${(roundTrips / orders).toFixed(1)} round trips an order; ${shopCpu}; PostgreSQL's backends ${(serverMs / orders).toFixed(2)} ms an order (${serverAfter.size} backends)`,
    );
  } else {
    console.log(
      `${(statements / orders).toFixed(1)} statements an order, ${perOrder(total)} ms an order in SQLite; ${shopCpu}`,
    );
  }
} finally {
  await close();
}
