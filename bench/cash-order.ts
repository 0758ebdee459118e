// The bench's order: what a shopper's cash-on-delivery checkout sends.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../apps/server/src/db/connection';

/** A bench shopper's cash-on-delivery order of these lines, as the request's JSON. */
export function cashOrder(
  lines: { productId: number; variantId: number; quantity: number }[],
): string {
  return JSON.stringify({
    lines,
    billing: {
      firstName: 'Bench',
      streetAddress: '1 Load Street',
      city: 'Cairo',
      country: 'EG',
      phone: '+20 100 000 0000',
      email: 'bench@example.com',
    },
    paymentMethod: 'cash_on_delivery',
  });
}

/** Places `count` of these orders through the app in-process, in bursts of 50 at once. */
export async function placeCashOrders(
  app: { inject: FastifyInstance['inject'] },
  payload: string,
  count: number,
): Promise<void> {
  const BURST = 50;
  for (let placed = 0; placed < count; placed += BURST)
    await Promise.all(
      Array.from({ length: Math.min(BURST, count - placed) }, async () => {
        const res = await app.inject({
          method: 'POST',
          url: '/api/orders',
          headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID() },
          payload,
        });
        if (res.statusCode !== 201) throw new Error(`${res.statusCode} ${res.body}`);
      }),
    );
}

/** The order of one unit of the catalog's first variant, whose stock is made plentiful first. */
export async function oneUnitOfPlenty(db: Db): Promise<string> {
  const variant = await db.kysely
    .selectFrom('product_variants')
    .select(['id', 'product_id'])
    .where('archived_at', 'is', null)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  await db.kysely
    .updateTable('product_variants')
    .set({ stock: 100_000_000 })
    .where('id', '=', variant.id)
    .execute();
  await db.kysely
    .updateTable('products')
    .set({ stock: 100_000_000 })
    .where('id', '=', variant.product_id)
    .execute();
  return cashOrder([{ productId: variant.product_id, variantId: variant.id, quantity: 1 }]);
}
