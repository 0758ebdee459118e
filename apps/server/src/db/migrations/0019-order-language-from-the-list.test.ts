import { describe, expect, it } from 'vitest';
import { migrationTestDatabases } from '../../test/empty-database';
import { testDialects } from '../../test/test-app';
import { migrateToLatest } from '../migrate';

describe.each(testDialects)('migration 0019-order-language-from-the-list on %s', (dialect) => {
  const migratedTo = migrationTestDatabases(dialect);

  it("keeps every order's language and takes a language the database did not know", async () => {
    const k = await migratedTo('0018-drop-database-text-search');

    const order = (id: number, locale?: 'en' | 'ar') => ({
      id,
      number: `SQ-${id}`,
      user_id: null,
      email: 'a@example.com',
      status: 'pending' as const,
      payment_method: 'cash_on_delivery' as const,
      billing: '{}',
      currency: 'USD',
      subtotal_cents: 2000,
      shipping_cents: 0,
      discount_cents: 0,
      total_cents: 2000,
      coupon_code: null,
      cancelled_at: null,
      ...(locale && { locale }),
    });
    await k
      .insertInto('orders')
      .values([order(1, 'ar'), order(2, 'en')])
      .execute();
    // Before: the database refuses a language it was not told of.
    await expect(
      k
        .insertInto('orders')
        .values(order(3, 'fr' as 'en'))
        .execute(),
    ).rejects.toThrow();

    await migrateToLatest(k, dialect);

    const kept = await k.selectFrom('orders').select(['id', 'locale']).orderBy('id').execute();
    expect(kept).toEqual([
      { id: 1, locale: 'ar' },
      { id: 2, locale: 'en' },
    ]);
    await k
      .insertInto('orders')
      .values(order(3, 'fr' as 'en'))
      .execute();
    await k.insertInto('orders').values(order(4)).execute();
    const added = await k
      .selectFrom('orders')
      .select(['id', 'locale'])
      .where('id', 'in', [3, 4])
      .orderBy('id')
      .execute();
    // A new order with no language is in the default one, as before.
    expect(added).toEqual([
      { id: 3, locale: 'fr' },
      { id: 4, locale: 'en' },
    ]);
  });
});
