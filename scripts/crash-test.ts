// `npm run crash-test`: orders under load against a real server process that is killed with
// SIGKILL at random moments and restarted, round after round. Afterwards every order that was
// acknowledged with a 201 must be in the database, exactly as acknowledged, and for every product
// the starting stock must equal what is left plus what the stored orders hold.
//
// CRASH_DATABASE_URL  database to use (default: a new SQLite file in a temporary folder);
//                     a PostgreSQL database is used as is, so give it an empty one
// CRASH_ROUNDS        kill-and-restart rounds (default 6)
// CRASH_CONCURRENCY   shoppers placing orders at once (default 16)
import { randomInt, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Db } from '../apps/server/src/db/connection';
import { openDatabase } from '../apps/server/src/db/migrate';
import { seedDemoCatalogIfEmpty } from '../apps/server/src/modules/catalog/demo-catalog.seed';
import { startServerProcess, type ServerProcess } from '../apps/server/src/test/server-process';

const PRODUCTS = 5;
const STARTING_STOCK = 1_000_000;

function setting(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < 1) throw new Error(`${name} must be a whole number ≥ 1`);
  return Number(raw);
}

interface Acknowledged {
  number: string;
  total: number;
  lines: { productId: number; quantity: number }[];
}

interface Attempt {
  key: string;
  body: string;
}

const rounds = setting('CRASH_ROUNDS', 6);
const concurrency = setting('CRASH_CONCURRENCY', 16);
const databaseUrl =
  process.env.CRASH_DATABASE_URL ||
  `sqlite:${path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'souq-crash-')), 'souq.db')}`;

const billing = {
  firstName: 'Crash',
  streetAddress: '1 Test Street',
  city: 'Alexandria',
  country: 'EG',
  phone: '+20 100 000 0000',
  email: 'crash@example.com',
};

/**
 * Products with one variant each (an order names a product's only variant by the product alone),
 * that variant and so the product stocked with STARTING_STOCK.
 */
async function prepare(db: Db): Promise<number[]> {
  await seedDemoCatalogIfEmpty(db);
  const rows = await db.kysely
    .selectFrom('product_variants')
    .select('product_id as id')
    .where('archived_at', 'is', null)
    .groupBy('product_id')
    .having((eb) => eb.fn.countAll(), '=', 1)
    .orderBy('product_id')
    .limit(PRODUCTS)
    .execute();
  const ids = rows.map((r) => r.id);
  if (ids.length < PRODUCTS)
    throw new Error(`the catalog has fewer than ${PRODUCTS} such products`);
  await db.kysely.deleteFrom('orders').execute();
  await db.kysely.deleteFrom('idempotency_keys').execute();
  for (const table of ['products', 'product_variants'] as const)
    await db.kysely
      .updateTable(table)
      .set({ stock: STARTING_STOCK })
      .where(table === 'products' ? 'id' : 'product_id', 'in', ids)
      .execute();
  return ids;
}

/** One to three lines of distinct products (the shop refuses a variant on two lines). */
function randomOrder(ids: number[]) {
  const count = 1 + randomInt(Math.min(3, ids.length));
  const chosen = [...ids].sort(() => Math.random() - 0.5).slice(0, count);
  const lines = chosen.map((productId) => ({ productId, quantity: 1 + randomInt(3) }));
  return { lines, billing, paymentMethod: 'cash_on_delivery' };
}

/** Round 1 runs this long before its kill, to measure orders per second once warmed up. */
const STEADY_ROUND_MS = 6000;
const WARM_UP_MS = 1000;

/** Shoppers keep ordering until the server dies under them. */
async function loadUntilKilled(server: ServerProcess, ids: number[], killAfter: number) {
  const acknowledged: Acknowledged[] = [];
  let acknowledgedAfterWarmUp = 0;
  const unanswered: Attempt[] = [];
  let refused = 0;
  const started = performance.now();
  let stopped = false;
  const killer = setTimeout(() => {
    stopped = true;
    void server.stop('SIGKILL');
  }, killAfter);

  async function shopper() {
    while (!stopped) {
      const body = randomOrder(ids);
      const attempt = { key: randomUUID(), body: JSON.stringify(body) };
      try {
        const res = await fetch(`${server.url}/api/orders`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'idempotency-key': attempt.key },
          body: attempt.body,
        });
        const json = (await res.json()) as Acknowledged;
        if (res.status === 201) {
          acknowledged.push({ number: json.number, total: json.total, lines: json.lines });
          if (performance.now() - started >= WARM_UP_MS) acknowledgedAfterWarmUp++;
        } else refused++;
      } catch {
        // The connection died with the server: the order may or may not have been written.
        unanswered.push(attempt);
        return;
      }
    }
  }
  await Promise.all(Array.from({ length: concurrency }, shopper));
  clearTimeout(killer);
  await server.stop('SIGKILL');
  return {
    acknowledged,
    unanswered,
    refused,
    killAfter,
    ordersPerSecond: acknowledgedAfterWarmUp / ((killAfter - WARM_UP_MS) / 1000),
  };
}

async function main() {
  const setup = await openDatabase(databaseUrl);
  const ids = await prepare(setup);
  await setup.close();
  console.log(`crash test on ${setup.dialect}: ${rounds} rounds, ${concurrency} shoppers`);

  const acknowledged: Acknowledged[] = [];
  const unanswered: Attempt[] = [];
  let ordersPerSecond = 0;
  for (let round = 1; round <= rounds; round++) {
    const server = await startServerProcess(databaseUrl);
    const killAfter = round === 1 ? STEADY_ROUND_MS : 300 + randomInt(1700);
    const result = await loadUntilKilled(server, ids, killAfter);
    acknowledged.push(...result.acknowledged);
    unanswered.push(...result.unanswered);
    if (round === 1) ({ ordersPerSecond } = result);
    console.log(
      `round ${round}: killed after ${result.killAfter} ms, ${result.acknowledged.length} orders acknowledged, ${result.unanswered.length} unanswered, ${result.refused} refused`,
    );
  }

  // Retry every unanswered attempt with its key: it must come back as the order it made (200), or
  // as a fresh order (201) if it never got that far. The key is claimed in the order's own
  // transaction, so a dead attempt leaves no claim behind: "still claimed" (409) must stay 0.
  const server = await startServerProcess(databaseUrl);
  const retries = { replayed: 0, created: 0, stillClaimed: 0, other: 0 };
  for (const attempt of unanswered) {
    const res = await fetch(`${server.url}/api/orders`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': attempt.key },
      body: attempt.body,
    });
    const json = (await res.json()) as Acknowledged;
    if (res.status === 200) retries.replayed++;
    else if (res.status === 201) {
      retries.created++;
      acknowledged.push({ number: json.number, total: json.total, lines: json.lines });
    } else if (res.status === 409) retries.stillClaimed++;
    else retries.other++;
  }
  await server.stop();

  const db = await openDatabase(databaseUrl);
  const stored = await db.kysely
    .selectFrom('orders')
    .select(['id', 'number', 'total_cents'])
    .execute();
  const storedByNumber = new Map(stored.map((o) => [o.number, o]));
  const lines = await db.kysely
    .selectFrom('order_lines')
    .select(['order_id', 'product_id', 'quantity'])
    .execute();
  const products = await db.kysely
    .selectFrom('products')
    .select(['id', 'stock'])
    .where('id', 'in', ids)
    .execute();
  await db.close();

  const problems: string[] = [];
  for (const order of acknowledged) {
    const row = storedByNumber.get(order.number);
    if (!row) problems.push(`acknowledged order ${order.number} is missing`);
    else if (row.total_cents !== order.total)
      problems.push(`order ${order.number} has a different total`);
  }
  for (const product of products) {
    const sold = lines
      .filter((l) => l.product_id === product.id)
      .reduce((s, l) => s + l.quantity, 0);
    if (product.stock + sold !== STARTING_STOCK) {
      problems.push(
        `product ${product.id}: ${product.stock} left + ${sold} sold ≠ ${STARTING_STOCK}`,
      );
    }
    if (product.stock < 0) problems.push(`product ${product.id} has negative stock`);
  }
  console.log(
    [
      `acknowledged orders: ${acknowledged.length}, all stored: ${problems.length === 0 ? 'yes' : 'NO'}`,
      `orders in the database: ${stored.length} (written but unanswered when killed: ${stored.length - acknowledged.length})`,
      `unanswered retried with their keys: ${retries.replayed} replayed, ${retries.created} placed now, ${retries.stillClaimed} still claimed, ${retries.other} other`,
      `stock adds up for ${products.length} products: ${problems.some((p) => p.startsWith('product')) ? 'NO' : 'yes'}`,
      `throughput in round 1 after a ${WARM_UP_MS} ms warm-up: ${ordersPerSecond.toFixed(0)} orders/s`,
    ].join('\n'),
  );
  // A run that placed nothing has tested nothing.
  if (acknowledged.length === 0) problems.push('no order was acknowledged');
  if (problems.length > 0) {
    console.error(problems.slice(0, 20).join('\n'));
    process.exit(1);
  }
}

await main();
