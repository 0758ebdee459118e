import { sql, type Kysely } from 'kysely';
import type { DatabaseDialect } from '@souq/contracts/health';
import { addIdColumn, dialectTypes } from '../dialect';
import { inSqliteRebuild } from '../sqlite-rebuild';

const statuses = sql.raw(
  ['pending', 'confirmed', 'shipped', 'delivered', 'cancelled', 'delivery_refused', 'refunded']
    .map((s) => `'${s}'`)
    .join(', '),
);

/**
 * The order lifecycle (decision 013): the wider set of statuses; per order the language it was
 * placed in, the payment's state, the shipment, the refunded total, and the customer's name and
 * phone digits for the back office's search (copied from the billing JSON); the timeline
 * (`order_events`); refunds and their lines; and the mail outbox, written in the same
 * transaction as the change it tells of and sent by a worker.
 */
export async function up(db: Kysely<unknown>, dialect: DatabaseDialect): Promise<void> {
  if (dialect === 'sqlite') {
    // SQLite cannot alter a CHECK constraint: the table is rebuilt (db/sqlite-rebuild.ts).
    await inSqliteRebuild(db, 'orders', async () => {
      await rebuildSqliteOrders(db);
      await createLifecycleTables(db, dialect);
      await backfillEvents(db);
    });
    return;
  }

  await sql`alter table orders drop constraint orders_status_check`.execute(db);
  await sql`alter table orders add constraint orders_status_check
    check (status in (${statuses}))`.execute(db);
  await db.schema
    .alterTable('orders')
    .addColumn('locale', 'text', (c) =>
      c
        .notNull()
        .defaultTo('en')
        .check(sql`locale in ('en', 'ar')`),
    )
    .addColumn('payment_status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('awaiting')
        .check(sql`payment_status in ('awaiting', 'received', 'collected')`),
    )
    .addColumn('payment_at', sql`timestamptz`)
    .addColumn('carrier', 'text')
    .addColumn('tracking_number', 'text')
    .addColumn('shipped_at', sql`timestamptz`)
    .addColumn('refunded_cents', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`refunded_cents >= 0 and refunded_cents <= total_cents`),
    )
    .addColumn('customer_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('phone_digits', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await sql`update orders set
    customer_name = trim(coalesce(billing::json->>'firstName', '') || ' ' || coalesce(billing::json->>'lastName', '')),
    phone_digits = regexp_replace(coalesce(billing::json->>'phone', ''), '[^0-9]', '', 'g')`.execute(
    db,
  );
  await createLifecycleTables(db, dialect);
  await backfillEvents(db);
}

async function rebuildSqliteOrders(db: Kysely<unknown>) {
  const { rows: sequence } = await sql<{
    seq: number;
  }>`select seq from sqlite_sequence where name = 'orders'`.execute(db);
  await sql`create table orders_new (
    id integer primary key autoincrement,
    number text not null unique,
    user_id text,
    email text not null,
    status text not null check (status in (${statuses})),
    payment_method text not null check (payment_method in ('bank_transfer', 'cash_on_delivery')),
    billing text not null,
    currency text not null,
    subtotal_cents integer not null check (subtotal_cents >= 0),
    shipping_cents integer not null check (shipping_cents >= 0),
    discount_cents integer not null check (discount_cents >= 0),
    total_cents integer not null check (total_cents >= 0),
    coupon_code text,
    created_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    cancelled_at text,
    locale text not null default 'en' check (locale in ('en', 'ar')),
    payment_status text not null default 'awaiting'
      check (payment_status in ('awaiting', 'received', 'collected')),
    payment_at text,
    carrier text,
    tracking_number text,
    shipped_at text,
    refunded_cents integer not null default 0
      check (refunded_cents >= 0 and refunded_cents <= total_cents),
    customer_name text not null default '',
    phone_digits text not null default ''
  )`.execute(db);
  await sql`insert into orders_new (id, number, user_id, email, status, payment_method, billing,
      currency, subtotal_cents, shipping_cents, discount_cents, total_cents, coupon_code,
      created_at, cancelled_at)
    select id, number, user_id, email, status, payment_method, billing, currency, subtotal_cents,
      shipping_cents, discount_cents, total_cents, coupon_code, created_at, cancelled_at
    from orders`.execute(db);
  await sql`update orders_new set
    customer_name = trim(coalesce(json_extract(billing, '$.firstName'), '') || ' ' || coalesce(json_extract(billing, '$.lastName'), '')),
    phone_digits = replace(replace(replace(replace(replace(replace(
      coalesce(json_extract(billing, '$.phone'), ''), ' ', ''), '+', ''), '-', ''), '(', ''), ')', ''), '.', '')`.execute(
    db,
  );
  await sql`drop table orders`.execute(db);
  await sql`alter table orders_new rename to orders`.execute(db);
  await sql`create index orders_user_idx on orders (user_id, id)`.execute(db);
  // Ids of deleted orders are never handed out again, as before the rebuild.
  const seq = sequence[0]?.seq;
  if (seq !== undefined) {
    await sql`update sqlite_sequence set seq = max(seq, ${seq}) where name = 'orders'`.execute(db);
  }
}

async function createLifecycleTables(db: Kysely<unknown>, dialect: DatabaseDialect) {
  const t = dialectTypes(dialect);
  const boolean = dialect === 'postgres' ? sql`boolean` : sql`integer`;

  await db.schema.createIndex('orders_status_idx').on('orders').columns(['status', 'id']).execute();
  await db.schema.createIndex('orders_created_idx').on('orders').column('created_at').execute();

  // The timeline the shopper sees; staff names stay in the audit log.
  await addIdColumn(db.schema.createTable('order_events'), dialect)
    .addColumn('order_id', 'integer', (c) =>
      c.notNull().references('orders.id').onDelete('cascade'),
    )
    .addColumn('type', 'text', (c) =>
      c
        .notNull()
        .check(
          sql`type in ('placed', 'confirmed', 'payment_received', 'shipped', 'delivered', 'cash_collected', 'delivery_refused', 'cancelled', 'refunded')`,
        ),
    )
    .addColumn('at', t.timestamp, (c) => c.notNull())
    .addColumn('amount_cents', 'integer', (c) => c.check(sql`amount_cents >= 0`))
    .addColumn('note', 'text')
    .execute();
  await db.schema
    .createIndex('order_events_order_idx')
    .on('order_events')
    .columns(['order_id', 'id'])
    .execute();

  await addIdColumn(db.schema.createTable('refunds'), dialect)
    .addColumn('order_id', 'integer', (c) =>
      c.notNull().references('orders.id').onDelete('cascade'),
    )
    .addColumn('amount_cents', 'integer', (c) => c.notNull().check(sql`amount_cents >= 0`))
    // The part of amount_cents that is the order's shipping.
    .addColumn('shipping_cents', 'integer', (c) => c.notNull().check(sql`shipping_cents >= 0`))
    .addColumn('note', 'text')
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('refunds_order_idx').on('refunds').column('order_id').execute();

  await addIdColumn(db.schema.createTable('refund_lines'), dialect)
    .addColumn('refund_id', 'integer', (c) =>
      c.notNull().references('refunds.id').onDelete('cascade'),
    )
    .addColumn('order_line_id', 'integer', (c) =>
      c.notNull().references('order_lines.id').onDelete('cascade'),
    )
    .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity > 0`))
    .addColumn('amount_cents', 'integer', (c) => c.notNull().check(sql`amount_cents >= 0`))
    .addColumn('restocked', boolean, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('refund_lines_line_idx')
    .on('refund_lines')
    .column('order_line_id')
    .execute();
  await db.schema
    .createIndex('refund_lines_refund_idx')
    .on('refund_lines')
    .column('refund_id')
    .execute();

  // One row per mail to send (decision 013). A worker leases due rows (lease_until, lease_token)
  // so that several app servers never send one row twice while its lease runs.
  await addIdColumn(db.schema.createTable('mail_outbox'), dialect)
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('recipient', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('html', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) =>
      c.notNull().check(sql`status in ('queued', 'sent', 'failed')`),
    )
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', t.timestamp, (c) => c.notNull())
    .addColumn('last_error', 'text')
    .addColumn('lease_until', t.timestamp)
    .addColumn('lease_token', 'text')
    // null for mails about no order (staff invitations)
    .addColumn('order_id', 'integer', (c) => c.references('orders.id').onDelete('cascade'))
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('sent_at', t.timestamp)
    .execute();
  await db.schema
    .createIndex('mail_outbox_due_idx')
    .on('mail_outbox')
    .columns(['status', 'next_attempt_at'])
    .execute();
  await db.schema
    .createIndex('mail_outbox_order_idx')
    .on('mail_outbox')
    .column('order_id')
    .execute();
}

/** Orders placed before the lifecycle get the timeline they had: placed, and cancelled. */
async function backfillEvents(db: Kysely<unknown>) {
  await sql`insert into order_events (order_id, type, at)
    select id, 'placed', created_at from orders order by id`.execute(db);
  await sql`insert into order_events (order_id, type, at)
    select id, 'cancelled', cancelled_at from orders where cancelled_at is not null order by id`.execute(
    db,
  );
}
