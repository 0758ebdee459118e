import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrationTestDatabases } from '../../test/empty-database';
import { testDialects } from '../../test/test-app';
import { migrateToLatest } from '../migrate';

describe.each(testDialects)('migration 0013-order-lifecycle on %s', (dialect) => {
  const migratedTo = migrationTestDatabases(dialect);

  it('keeps every order, line and key pointing at orders, and gives old orders their timeline', async () => {
    const k = await migratedTo('0012-staff-and-audit');

    const billing = (first: string, phone: string) =>
      JSON.stringify({
        firstName: first,
        lastName: 'Haddad',
        companyName: '',
        streetAddress: '1 Market St',
        apartment: '',
        city: 'Amman',
        phone,
        email: 'a@example.com',
      });
    const base = {
      user_id: null,
      email: 'a@example.com',
      payment_method: 'cash_on_delivery' as const,
      currency: 'USD',
      subtotal_cents: 2000,
      shipping_cents: 0,
      discount_cents: 0,
      total_cents: 2000,
      coupon_code: null,
    };
    await k
      .insertInto('orders')
      .values([
        {
          ...base,
          id: 5,
          number: 'SQ-AAAA',
          status: 'pending',
          billing: billing('Layla', '+962 (79) 555-0142'),
          created_at: '2026-11-01T10:00:00.000Z',
          cancelled_at: null,
        },
        {
          ...base,
          id: 9,
          number: 'SQ-BBBB',
          status: 'cancelled',
          billing: billing('Omar', '0790000000'),
          created_at: '2026-11-02T10:00:00.000Z',
          cancelled_at: '2026-11-02T11:00:00.000Z',
        },
      ])
      .execute();
    await k
      .insertInto('order_lines')
      .values(
        [5, 9].map((order_id) => ({
          order_id,
          product_id: 1,
          name: 'Wallet',
          unit_price_cents: 1000,
          quantity: 2,
        })),
      )
      .execute();
    await k
      .insertInto('idempotency_keys')
      .values({
        scope: '',
        key: 'key-12345',
        request_hash: 'h',
        order_id: 5,
        created_at: '2026-11-01T10:00:00.000Z',
      })
      .execute();
    // The highest id ever handed out was 12 (orders 10 to 12 were deleted).
    if (dialect === 'sqlite') {
      await sql`update sqlite_sequence set seq = 12 where name = 'orders'`.execute(k);
    }

    await migrateToLatest(k, dialect);

    const orders = await k.selectFrom('orders').selectAll().orderBy('id').execute();
    expect(orders.map((o) => [o.id, o.number, o.status, o.locale, o.refunded_cents])).toEqual([
      [5, 'SQ-AAAA', 'pending', 'en', 0],
      [9, 'SQ-BBBB', 'cancelled', 'en', 0],
    ]);
    expect(orders.map((o) => [o.customer_name, o.phone_digits])).toEqual([
      ['Layla Haddad', '962795550142'],
      ['Omar Haddad', '0790000000'],
    ]);
    expect(await k.selectFrom('order_lines').select('order_id').orderBy('id').execute()).toEqual([
      { order_id: 5 },
      { order_id: 9 },
    ]);
    const events = await k.selectFrom('order_events').selectAll().orderBy('id').execute();
    expect(events.map((e) => [e.order_id, e.type, new Date(e.at).toISOString()])).toEqual([
      [5, 'placed', '2026-11-01T10:00:00.000Z'],
      [9, 'placed', '2026-11-02T10:00:00.000Z'],
      [9, 'cancelled', '2026-11-02T11:00:00.000Z'],
    ]);
    // The keys still point at the orders, and deleting an order still cascades to its lines.
    if (dialect === 'sqlite') {
      expect((await sql`pragma foreign_key_check`.execute(k)).rows).toEqual([]);
      expect((await sql<{ foreign_keys: number }>`pragma foreign_keys`.execute(k)).rows).toEqual([
        { foreign_keys: 1 },
      ]);
    }
    await k.deleteFrom('orders').where('id', '=', 9).execute();
    expect(await k.selectFrom('order_lines').select('order_id').execute()).toEqual([
      { order_id: 5 },
    ]);
    await k.updateTable('orders').set({ status: 'delivery_refused' }).where('id', '=', 5).execute();
    await expect(
      k
        .updateTable('orders')
        .set({ status: 'lost' as never })
        .where('id', '=', 5)
        .execute(),
    ).rejects.toThrow();
    if (dialect === 'sqlite') {
      const { id } = await k
        .insertInto('orders')
        .values({
          ...base,
          number: 'SQ-CCCC',
          status: 'pending',
          billing: billing('Ali', '1'),
          cancelled_at: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      expect(id).toBe(13);
      const indexes = await sql<{ name: string }>`select name from sqlite_master
        where type = 'index' and tbl_name = 'orders' order by name`.execute(k);
      expect(indexes.rows.map((r) => r.name)).toEqual(
        expect.arrayContaining(['orders_user_idx', 'orders_status_idx', 'orders_created_idx']),
      );
    }
  });
});
