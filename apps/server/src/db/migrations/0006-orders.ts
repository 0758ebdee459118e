import { sql, type Kysely } from 'kysely';
import type { DatabaseDialect } from '@souq/contracts/health';
import { addIdColumn, dialectTypes } from '../dialect';

/**
 * Orders and what they write with them (lines, coupon redemptions, idempotency keys), and the
 * server-side cart and wishlist of signed-in shoppers. User ids are the accounts module's text ids.
 */
export async function up(db: Kysely<unknown>, dialect: DatabaseDialect): Promise<void> {
  const t = dialectTypes(dialect);
  const money = (column: string) => sql.raw(`${column} >= 0`);

  await addIdColumn(db.schema.createTable('orders'), dialect)
    .addColumn('number', 'text', (c) => c.notNull().unique())
    // null for guest orders
    .addColumn('user_id', 'text')
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('pending', 'cancelled')`))
    .addColumn('payment_method', 'text', (c) =>
      c.notNull().check(sql`payment_method in ('bank_transfer', 'cash_on_delivery')`),
    )
    // JSON of the billing details as entered (contracts' addressInputSchema)
    .addColumn('billing', 'text', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('subtotal_cents', 'integer', (c) => c.notNull().check(money('subtotal_cents')))
    .addColumn('shipping_cents', 'integer', (c) => c.notNull().check(money('shipping_cents')))
    .addColumn('discount_cents', 'integer', (c) => c.notNull().check(money('discount_cents')))
    .addColumn('total_cents', 'integer', (c) => c.notNull().check(money('total_cents')))
    .addColumn('coupon_code', 'text')
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addColumn('cancelled_at', t.timestamp)
    .execute();
  await db.schema.createIndex('orders_user_idx').on('orders').columns(['user_id', 'id']).execute();

  // product_id has no foreign key: an order keeps its lines (name and price copied) even after
  // the shop stops selling a product.
  await addIdColumn(db.schema.createTable('order_lines'), dialect)
    .addColumn('order_id', 'integer', (c) =>
      c.notNull().references('orders.id').onDelete('cascade'),
    )
    .addColumn('product_id', 'integer', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('unit_price_cents', 'integer', (c) => c.notNull().check(money('unit_price_cents')))
    .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity > 0`))
    .execute();
  await db.schema
    .createIndex('order_lines_order_idx')
    .on('order_lines')
    .column('order_id')
    .execute();

  await addIdColumn(db.schema.createTable('coupon_redemptions'), dialect)
    .addColumn('coupon_id', 'integer', (c) =>
      c.notNull().references('coupons.id').onDelete('restrict'),
    )
    .addColumn('order_id', 'integer', (c) =>
      c.notNull().unique().references('orders.id').onDelete('cascade'),
    )
    // lower-cased, for the per-email limit
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .execute();
  await db.schema
    .createIndex('coupon_redemptions_email_idx')
    .on('coupon_redemptions')
    .columns(['coupon_id', 'email'])
    .execute();

  // One row per checkout attempt: claimed (order_id null) while in flight, then pointing at the
  // order it made. scope is the user id, or '' for guests, so two shoppers' keys never meet.
  await db.schema
    .createTable('idempotency_keys')
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('request_hash', 'text', (c) => c.notNull())
    .addColumn('order_id', 'integer', (c) => c.references('orders.id').onDelete('cascade'))
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addPrimaryKeyConstraint('idempotency_keys_pk', ['scope', 'key'])
    .execute();

  await db.schema
    .createTable('cart_items')
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('product_id', 'integer', (c) =>
      c.notNull().references('products.id').onDelete('cascade'),
    )
    .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity > 0`))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('cart_items_pk', ['user_id', 'product_id'])
    .execute();

  await db.schema
    .createTable('wishlist_items')
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('product_id', 'integer', (c) =>
      c.notNull().references('products.id').onDelete('cascade'),
    )
    .addColumn('position', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('wishlist_items_pk', ['user_id', 'product_id'])
    .execute();
}
