import type { Kysely } from 'kysely';

/**
 * Where an order keeps its VAT (decision 023): each line its rate in basis points (1500 is 15%)
 * and its tax in minor units, the order its tax total, the tax inside its shipping and whether its
 * prices included tax; a refund and each refunded line keep the tax they gave back. Orders placed
 * before carry no tax: zero everywhere, which is what they charged.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('order_lines')
    .addColumn('tax_rate_bp', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('order_lines')
    .addColumn('tax_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('orders')
    .addColumn('tax_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('orders')
    .addColumn('shipping_tax_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('orders')
    .addColumn('prices_include_tax', 'boolean', (c) => c.notNull().defaultTo(true))
    .execute();
  await db.schema
    .alterTable('refunds')
    .addColumn('tax_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('refund_lines')
    .addColumn('tax_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}
