import { randomUUID } from 'node:crypto';
import type { AddressInput } from '@souq/contracts/addresses';
import type { Db } from '../db/connection';

export const billing: AddressInput = {
  firstName: 'Ada',
  lastName: '',
  companyName: '',
  streetAddress: '1 Market Street',
  apartment: '',
  city: 'Cairo',
  phone: '+20 100 000 0000',
  email: 'ada@example.com',
};

/** Lines are loosely typed so tests can send what a broken or hostile client would. */
export function orderBody(
  lines: { productId: number; quantity: unknown; [field: string]: unknown }[],
  extra: Record<string, unknown> = {},
) {
  return { lines, billing, paymentMethod: 'cash_on_delivery', ...extra };
}

export const newKey = () => randomUUID();

/** Sets a product's price and stock so a test knows exactly what it is selling. */
export async function setProduct(db: Db, id: number, values: { price?: number; stock?: number }) {
  await db.kysely
    .updateTable('products')
    .set({
      ...(values.price === undefined ? {} : { price_cents: values.price }),
      ...(values.stock === undefined ? {} : { stock: values.stock }),
    })
    .where('id', '=', id)
    .execute();
}

export async function stockOf(db: Db, id: number): Promise<number> {
  const row = await db.kysely
    .selectFrom('products')
    .select('stock')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return row.stock;
}

export async function orderCount(db: Db): Promise<number> {
  const row = await db.kysely
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return row.n;
}

/** The first n product ids of the seeded catalog. */
export async function productIds(db: Db, n: number): Promise<number[]> {
  const rows = await db.kysely.selectFrom('products').select('id').orderBy('id').limit(n).execute();
  return rows.map((r) => r.id);
}
