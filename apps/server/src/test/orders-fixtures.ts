import { randomUUID } from 'node:crypto';
import type { AddressInput } from '@souq/contracts/addresses';
import type { Order } from '@souq/contracts/orders';
import type { Db } from '../db/connection';

export const billing: AddressInput = {
  firstName: 'Ada',
  lastName: '',
  companyName: '',
  streetAddress: '1 Market Street',
  apartment: '',
  city: 'Cairo',
  region: '',
  postalCode: '',
  country: 'EG',
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

/**
 * Sets a product's price and stock so a test knows exactly what it is selling. Stock is set on
 * a product with one variant (see productIds), as a count would: its variant and its sum.
 */
export async function setProduct(db: Db, id: number, values: { price?: number; stock?: number }) {
  if (values.price !== undefined)
    await db.kysely
      .updateTable('products')
      .set({ price_cents: values.price })
      .where('id', '=', id)
      .execute();
  if (values.stock === undefined) return;
  const variants = await db.kysely
    .selectFrom('product_variants')
    .select('id')
    .where('product_id', '=', id)
    .where('archived_at', 'is', null)
    .execute();
  if (variants.length !== 1) throw new Error(`Product ${id} has ${variants.length} variants`);
  await db.kysely
    .updateTable('product_variants')
    .set({ stock: values.stock })
    .where('product_id', '=', id)
    .execute();
  await db.kysely
    .updateTable('products')
    .set({ stock: values.stock })
    .where('id', '=', id)
    .execute();
}

/** A product's stock: the sum of its variants' (products.stock, which the stock module keeps). */
export async function stockOf(db: Db, id: number): Promise<number> {
  const row = await db.kysely
    .selectFrom('products')
    .select('stock')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return row.stock;
}

/** One variant's stock. */
export async function variantStockOf(db: Db, variantId: number): Promise<number> {
  const row = await db.kysely
    .selectFrom('product_variants')
    .select('stock')
    .where('id', '=', variantId)
    .executeTakeFirstOrThrow();
  return row.stock;
}

/** A product's live variants, in their order. */
export async function variantsOf(
  db: Db,
  productId: number,
): Promise<{ id: number; colour: string; size: string; stock: number }[]> {
  return db.kysely
    .selectFrom('product_variants')
    .select(['id', 'colour', 'size', 'stock'])
    .where('product_id', '=', productId)
    .where('archived_at', 'is', null)
    .orderBy('position')
    .execute();
}

/** The first product of the seeded catalog that comes in several colours or sizes. */
export async function productWithVariants(db: Db): Promise<number> {
  const row = await db.kysely
    .selectFrom('products')
    .select('id')
    .where((eb) => eb.or([eb('colours', '!=', '[]'), eb('sizes', '!=', '[]')]))
    .orderBy('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function orderCount(db: Db): Promise<number> {
  const row = await db.kysely
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return row.n;
}

/**
 * The first n product ids of the seeded catalog that come in one colour and one size: each has
 * one variant, so a line may leave `variantId` out.
 */
export async function productIds(db: Db, n: number): Promise<number[]> {
  const rows = await db.kysely
    .selectFrom('products')
    .select('id')
    .where('colours', '=', '[]')
    .where('sizes', '=', '[]')
    .orderBy('id')
    .limit(n)
    .execute();
  return rows.map((r) => r.id);
}

/**
 * Sets the stock of a product's first variants (the rest to 0) and their sum: the ids of the
 * variants set, in order.
 */
export async function setVariantStocks(
  db: Db,
  productId: number,
  stocks: number[],
): Promise<number[]> {
  const variants = await variantsOf(db, productId);
  for (const [i, v] of variants.entries())
    await db.kysely
      .updateTable('product_variants')
      .set({ stock: stocks[i] ?? 0 })
      .where('id', '=', v.id)
      .execute();
  await db.kysely
    .updateTable('products')
    .set({ stock: stocks.reduce((sum, n) => sum + n, 0) })
    .where('id', '=', productId)
    .execute();
  return variants.slice(0, stocks.length).map((v) => v.id);
}

/**
 * An order as the API and the mails have it (not in any database): Layla's two leather wallets,
 * cash on delivery, in US dollars, English, no VAT. Tests override what they look at.
 */
export function orderAsShown(overrides: Partial<Order> = {}): Order {
  return {
    id: 7,
    number: 'SQ-7K3M9Q2X',
    status: 'pending',
    email: 'layla@example.com',
    billing: {
      firstName: 'Layla',
      lastName: 'Haddad',
      companyName: '',
      streetAddress: '1 Market Street',
      apartment: '',
      city: 'Amman',
      region: '',
      postalCode: '',
      country: 'JO',
      phone: '+962 79 555 0142',
      email: 'layla@example.com',
    },
    paymentMethod: 'cash_on_delivery',
    shippingMethod: null,
    couponCode: null,
    lines: [
      {
        id: 1,
        productId: 3,
        name: 'Leather wallet',
        translations: { ar: { name: 'محفظة جلدية' } },
        variant: null,
        unitPrice: 2499,
        quantity: 2,
        lineTotal: 4998,
        taxRate: 0,
        tax: 0,
      },
    ],
    currency: 'USD',
    subtotal: 4998,
    shipping: 500,
    discount: 0,
    tax: 0,
    shippingTax: 0,
    pricesIncludeTax: true,
    taxLines: [],
    total: 5498,
    createdAt: '2026-11-23T10:00:00.000Z',
    cancelledAt: null,
    locale: 'en',
    shipment: null,
    refundedTotal: 0,
    invoiceNumber: 'INV-000007',
    timeline: [],
    ...overrides,
  };
}
