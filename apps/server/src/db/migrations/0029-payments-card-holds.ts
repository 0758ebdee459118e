import { sql, type Kysely } from 'kysely';
import type { DatabaseDialect } from '@souq/contracts/health';
import { addIdColumn, dialectTypes } from '../dialect';
import { inSqliteRebuild } from '../sqlite-rebuild';

const statuses = [
  'awaiting_payment',
  'pending',
  'confirmed',
  'shipped',
  'delivered',
  'cancelled',
  'delivery_refused',
  'refunded',
];
const paymentMethods = ['bank_transfer', 'cash_on_delivery', 'card'];
const list = (values: string[]) => values.map((v) => `'${v}'`).join(', ');

/**
 * Online payments (decision 022): an order may await its payment (`awaiting_payment`, holding its
 * stock until `hold_until`) and be paid by `card`; one `payments` row per attempt at a provider,
 * and every provider event stored once by its id (`payment_events`).
 */
export async function up(db: Kysely<unknown>, dialect: DatabaseDialect): Promise<void> {
  if (dialect === 'sqlite') {
    // The orders table is rebuilt from its own definition with the two lists widened.
    await inSqliteRebuild(db, 'orders', async () => {
      await rebuildSqliteOrders(db);
      await createPaymentTables(db, dialect);
    });
    return;
  }
  await sql`alter table orders drop constraint orders_status_check`.execute(db);
  await sql`alter table orders add constraint orders_status_check
    check (status in (${sql.raw(list(statuses))}))`.execute(db);
  await sql`alter table orders drop constraint orders_payment_method_check`.execute(db);
  await sql`alter table orders add constraint orders_payment_method_check
    check (payment_method in (${sql.raw(list(paymentMethods))}))`.execute(db);
  await sql`alter table orders add column hold_until timestamptz`.execute(db);
  await createPaymentTables(db, dialect);
}

async function rebuildSqliteOrders(db: Kysely<unknown>) {
  const { rows: tables } = await sql<{
    sql: string;
  }>`select sql from sqlite_master where type = 'table' and name = 'orders'`.execute(db);
  const { rows: extras } = await sql<{ sql: string }>`select sql from sqlite_master
    where tbl_name = 'orders' and type in ('index', 'trigger') and sql is not null`.execute(db);
  const { rows: sequence } = await sql<{
    seq: number;
  }>`select seq from sqlite_sequence where name = 'orders'`.execute(db);
  const definition = tables[0]?.sql;
  if (!definition) throw new Error('orders is missing');
  const widened = [
    [/status in \([^)]*\)/, `status in (${list(statuses)})`],
    [/payment_method in \([^)]*\)/, `payment_method in (${list(paymentMethods)})`],
    [/^CREATE TABLE "?orders"?/i, 'CREATE TABLE orders_new'],
  ].reduce<string>((text, [pattern, replacement]) => {
    if (!(pattern as RegExp).test(text)) throw new Error(`orders has no ${String(pattern)}`);
    return text.replace(pattern as RegExp, replacement as string);
  }, definition);
  await sql.raw(widened).execute(db);
  await sql`insert into orders_new select * from orders`.execute(db);
  await sql`drop table orders`.execute(db);
  await sql`alter table orders_new rename to orders`.execute(db);
  for (const extra of extras) await sql.raw(extra.sql).execute(db);
  // Ids of deleted orders are never handed out again, as before the rebuild.
  const seq = sequence[0]?.seq;
  if (seq !== undefined) {
    await sql`update sqlite_sequence set seq = max(seq, ${seq}) where name = 'orders'`.execute(db);
  }
  await sql`alter table orders add column hold_until text`.execute(db);
}

async function createPaymentTables(db: Kysely<unknown>, dialect: DatabaseDialect) {
  const t = dialectTypes(dialect);
  await db.schema
    .createIndex('orders_awaiting_payment_idx')
    .on('orders')
    .columns(['status', 'hold_until'])
    .execute();

  await addIdColumn(db.schema.createTable('payments'), dialect)
    .addColumn('order_id', 'integer', (c) =>
      c.notNull().references('orders.id').onDelete('cascade'),
    )
    // The shopper's return page names the attempt by this, never by its id.
    .addColumn('token', 'text', (c) => c.notNull().unique())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('reference', 'text')
    // What the provider refunds against (Stripe: the PaymentIntent), known once paid.
    .addColumn('charge_reference', 'text')
    .addColumn('redirect_url', 'text')
    .addColumn('amount_cents', 'integer', (c) => c.notNull().check(sql`amount_cents >= 0`))
    .addColumn('refunded_cents', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`refunded_cents >= 0 and refunded_cents <= amount_cents`),
    )
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .check(
          sql`status in ('pending', 'paid', 'failed', 'expired', 'refunded', 'partially_refunded')`,
        ),
    )
    // A paid attempt whose money must go back whole (paid after its order's hold ended with the
    // stock gone, or a second attempt paid): the sweep retries until the provider accepts.
    .addColumn('refund_due', dialect === 'postgres' ? sql`boolean` : sql`integer`, (c) =>
      c.notNull().defaultTo(dialect === 'postgres' ? sql`false` : 0),
    )
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .addUniqueConstraint('payments_provider_reference_key', ['provider', 'reference'])
    .execute();
  await db.schema.createIndex('payments_order_idx').on('payments').column('order_id').execute();
  await db.schema
    .createIndex('payments_status_idx')
    .on('payments')
    .columns(['status', 'refund_due'])
    .execute();

  await addIdColumn(db.schema.createTable('payment_events'), dialect)
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('event_id', 'text', (c) => c.notNull())
    .addColumn('payment_id', 'integer', (c) => c.references('payments.id').onDelete('cascade'))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('received_at', t.timestamp, (c) => c.notNull())
    .addUniqueConstraint('payment_events_provider_event_key', ['provider', 'event_id'])
    .execute();
  await db.schema
    .createIndex('payment_events_payment_idx')
    .on('payment_events')
    .column('payment_id')
    .execute();
}
