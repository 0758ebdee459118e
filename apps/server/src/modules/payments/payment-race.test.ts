import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/connection';
import { seedDemoCatalogIfEmpty } from '../catalog/demo-catalog.seed';
import {
  billing,
  newKey,
  orderBody,
  productIds,
  setProduct,
  stockOf,
} from '../../test/orders-fixtures';
import { startServerProcess, type ServerProcess } from '../../test/server-process';
import { databaseUrlOf } from '../../test/shared-database';
import { stripeCard, stripeEnv, sweeperOver } from '../../test/payments-fixtures';
import { startStripeDouble, type SignedWebhook, type StripeDouble } from '../../test/stripe-double';
import { createTestDb, testClock, testDialects } from '../../test/test-app';
import type { PaymentsService } from './payments.service';

const SHOPPERS = 50;
const UNITS = 5;

/** A fixed shuffle, so a failure can be run again as it was. */
function shuffled<T>(items: T[], seed: number): T[] {
  const out = [...items];
  let s = seed;
  for (let i = out.length - 1; i > 0; i--) {
    s = (s * 1103515245 + 12345) % 2 ** 31;
    const j = s % (i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

describe.each(testDialects)('shoppers racing to pay for the last units on %s', (dialect) => {
  let db: Db;
  let cleanup: () => Promise<void>;
  let servers: ServerProcess[] = [];
  let stripe: StripeDouble;
  let product: number;
  const clock = testClock();
  /** A third server's sweep, whose clock is past every hold. */
  let sweeper: PaymentsService;

  beforeAll(async () => {
    ({ db, cleanup } = await createTestDb(dialect));
    await seedDemoCatalogIfEmpty(db);
    [product] = (await productIds(db, 1)) as [number];
    stripe = await startStripeDouble();
    const url = await databaseUrlOf(db);
    const env = stripeEnv(stripe);
    servers = await Promise.all([startServerProcess(url, env), startServerProcess(url, env)]);
    sweeper = sweeperOver(db, stripeCard(stripe), clock.now);
  }, 60_000);
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await stripe.close();
    await cleanup();
  });

  const server = (i: number) => servers[i % servers.length]!;

  async function checkout(i: number) {
    const res = await fetch(`${server(i).url}/api/orders`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': newKey() },
      body: JSON.stringify({
        ...orderBody([{ productId: product, quantity: 1 }], { paymentMethod: 'card' }),
        billing: { ...billing, email: `shopper${i}@example.com` },
      }),
    });
    const body = (await res.json()) as { id?: number; paymentRedirectUrl?: string };
    const sessionId = /\/pay\/(\w+)$/.exec(body.paymentRedirectUrl ?? '')?.[1];
    return { status: res.status, orderId: body.id, sessionId };
  }

  async function deliver(i: number, hook: SignedWebhook) {
    const res = await fetch(`${server(i).url}/api/payments/webhooks/stripe`, {
      method: 'POST',
      headers: hook.headers,
      body: hook.body,
    });
    expect(res.status).toBe(200);
  }

  it('sells exactly 5 to 50 shoppers whose payments finish and expire in any order, and refunds or never takes the rest', async () => {
    await setProduct(db, product, { price: 1500, stock: UNITS });
    const first = await Promise.all(Array.from({ length: SHOPPERS }, (_, i) => checkout(i)));
    const holders = first.filter((r) => r.status === 201);
    expect(holders).toHaveLength(UNITS);
    expect(first.filter((r) => r.status === 409)).toHaveLength(SHOPPERS - UNITS);
    expect(await stockOf(db, product)).toBe(0);

    // Two pay in time; three leave the page. One of those pays at Stripe just as its hold runs
    // out, and its event races the sweep; another pays long after.
    const [paidA, paidB, late, racing] = shuffled(holders, 7); // the fifth just leaves
    await Promise.all([
      deliver(0, stripe.pay(paidA!.sessionId!)),
      deliver(1, stripe.pay(paidB!.sessionId!)),
    ]);
    clock.advance(16 * 60_000);
    const racingHook = stripe.pay(racing!.sessionId!);
    await Promise.all([sweeper.sweep(), deliver(0, racingHook), sweeper.sweep()]);

    // The units freed go to shoppers who lost the first race, all paying at once.
    const freed = await stockOf(db, product);
    const second = await Promise.all(
      shuffled(
        first.map((_, i) => i).filter((i) => first[i]!.status === 409),
        11,
      )
        .slice(0, 20)
        .map((i) => checkout(i)),
    );
    const secondHolders = second.filter((r) => r.status === 201);
    expect(secondHolders).toHaveLength(freed);
    await Promise.all(secondHolders.map((h, i) => deliver(i, stripe.pay(h.sessionId!))));
    // The late one pays after everything is sold: it must be refunded, not sold.
    stripe.sessions.get(late!.sessionId!)!.status = 'open';
    await deliver(1, stripe.pay(late!.sessionId!));
    await sweeper.sweep();

    // Exactly 5 sold, stock 0, and the ledger agrees.
    const orders = await db.kysely
      .selectFrom('orders')
      .innerJoin('order_lines', 'order_lines.order_id', 'orders.id')
      .select(['orders.id', 'orders.status', 'order_lines.quantity'])
      .where('order_lines.product_id', '=', product)
      .execute();
    const sold = orders.filter((o) => o.status === 'pending');
    expect(sold.reduce((sum, o) => sum + o.quantity, 0)).toBe(UNITS);
    expect(orders.every((o) => o.status === 'pending' || o.status === 'cancelled')).toBe(true);
    expect(await stockOf(db, product)).toBe(0);
    const ledger = await db.kysely
      .selectFrom('stock_movements')
      .select(['change', 'order_id'])
      .where('product_id', '=', product)
      .where('reason', 'in', ['sale', 'cancel'])
      .execute();
    expect(UNITS + ledger.reduce((sum, m) => sum + m.change, 0)).toBe(0);
    for (const o of orders) {
      const net = ledger.filter((m) => m.order_id === o.id).reduce((s, m) => s + m.change, 0);
      expect(net).toBe(o.status === 'pending' ? -o.quantity : 0);
    }

    // Every payment of an order not sold went back whole; every paid one is an order sold.
    const payments = await db.kysely
      .selectFrom('payments')
      .innerJoin('orders', 'orders.id', 'payments.order_id')
      .select([
        'payments.status',
        'payments.amount_cents',
        'payments.refunded_cents',
        'orders.status as order',
      ])
      .execute();
    for (const p of payments) {
      if (p.order === 'pending') expect(p.status).toBe('paid');
      else expect(['expired', 'refunded']).toContain(p.status);
      if (p.status === 'refunded') expect(p.refunded_cents).toBe(p.amount_cents);
    }
    const refunded = payments.filter((p) => p.status === 'refunded').length;
    expect(stripe.refunds).toHaveLength(refunded);
    expect(refunded).toBeGreaterThanOrEqual(1);
  }, 120_000);
});
