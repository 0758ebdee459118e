import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrationTestDatabases } from '../../test/empty-database';
import { testDialects } from '../../test/test-app';
import { migrateToLatest } from '../migrate';

describe.each(testDialects)('migration 0020-order-line-translations on %s', (dialect) => {
  const migratedTo = migrationTestDatabases(dialect);

  it("moves each line's Arabic name and colour into its translations and drops the columns", async () => {
    const k = await migratedTo('0019-order-language-from-the-list');

    await sql`insert into categories (id, slug, name, position) values (1, 'wear', 'Wear', 0)`.execute(
      k,
    );
    await sql`insert into products (id, slug, name, description, category_id, price_cents,
        currency, images, stock)
      values (1, 'shirt', 'Shirt', 'A shirt.', 1, 1000, 'USD', '[]', 5)`.execute(k);
    await sql`insert into orders (id, number, email, status, payment_method, billing, currency,
        subtotal_cents, shipping_cents, discount_cents, total_cents)
      values (1, 'SQ-1', 'a@example.com', 'pending', 'cash_on_delivery', '{}', 'USD',
        4000, 0, 0, 4000)`.execute(k);
    // A line in both languages, one with an Arabic name only, one with an Arabic colour only,
    // and one from before Arabic names were kept.
    await sql`insert into order_lines (id, order_id, product_id, name, name_ar, colour,
        colour_hex, colour_ar, unit_price_cents, quantity)
      values
        (1, 1, 1, 'Shirt', 'قميص', 'Navy', '#1f2a44', 'كحلي', 1000, 1),
        (2, 1, 1, 'Shirt', 'قميص', null, null, null, 1000, 1),
        (3, 1, 1, 'Shirt', null, 'Sand', '#c2b280', 'رملي', 1000, 1),
        (4, 1, 1, 'Shirt', null, null, null, null, 1000, 1)`.execute(k);

    await migrateToLatest(k, dialect);

    const lines = await k
      .selectFrom('order_lines')
      .select(['id', 'name', 'colour', 'translations'])
      .orderBy('id')
      .execute();
    const names = lines.map((l) => ({
      ...l,
      translations: JSON.parse(l.translations) as unknown,
    }));
    expect(names).toEqual([
      {
        id: 1,
        name: 'Shirt',
        colour: 'Navy',
        translations: { ar: { name: 'قميص', colour: 'كحلي' } },
      },
      { id: 2, name: 'Shirt', colour: null, translations: { ar: { name: 'قميص', colour: null } } },
      {
        id: 3,
        name: 'Shirt',
        colour: 'Sand',
        translations: { ar: { name: null, colour: 'رملي' } },
      },
      { id: 4, name: 'Shirt', colour: null, translations: {} },
    ]);
    const columns =
      dialect === 'sqlite'
        ? (
            await sql<{ name: string }>`select name from pragma_table_info('order_lines')`.execute(
              k,
            )
          ).rows
        : (
            await sql<{ name: string }>`select column_name as name from information_schema.columns
              where table_schema = current_schema() and table_name = 'order_lines'`.execute(k)
          ).rows;
    expect(columns.map((c) => c.name)).not.toContain('name_ar');
    expect(columns.map((c) => c.name)).not.toContain('colour_ar');
  });
});
