import { sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { DatabaseDialect } from '@souq/contracts/health';
import { migrationTestDatabases } from '../../test/empty-database';
import { testDialects } from '../../test/test-app';
import { migrateToLatest } from '../migrate';
import type { Database } from '../schema';

async function columnsOf(k: Kysely<Database>, dialect: DatabaseDialect, table: string) {
  const rows =
    dialect === 'sqlite'
      ? (await sql<{ name: string }>`select name from pragma_table_info(${table})`.execute(k)).rows
      : (
          await sql<{ name: string }>`select column_name as name from information_schema.columns
            where table_schema = current_schema() and table_name = ${table}`.execute(k)
        ).rows;
  return rows.map((r) => r.name);
}

describe.each(testDialects)('migration 0021-catalog-translations on %s', (dialect) => {
  const migratedTo = migrationTestDatabases(dialect);

  it('moves the Arabic columns and colour names into per-language storage and drops the columns', async () => {
    const k = await migratedTo('0020-order-line-translations');

    await sql`insert into categories (id, slug, name, name_ar, position)
      values (1, 'wear', 'Wear', 'ملابس', 0), (2, 'home', 'Home', null, 1)`.execute(k);
    const colours = JSON.stringify([
      { hex: '#1f2a44', name: 'Navy', nameAr: 'كحلي' },
      { hex: '#c2b280', name: 'Sand' },
    ]);
    // Both Arabic texts, a name only, a description only, and none.
    await sql`insert into products (id, slug, name, description, name_ar, description_ar,
        category_id, price_cents, currency, images, stock, colours)
      values
        (1, 'shirt', 'Shirt', 'A shirt.', 'قميص', 'قميص كتان.', 1, 1000, 'USD', '[]', 5, ${colours}),
        (2, 'scarf', 'Scarf', 'A scarf.', 'وشاح', null, 1, 1000, 'USD', '[]', 5, '[]'),
        (3, 'vase', 'Vase', 'A vase.', null, 'مزهرية.', 2, 1000, 'USD', '[]', 5, '[]'),
        (4, 'mug', 'Mug', 'A mug.', null, null, 2, 1000, 'USD', '[]', 5,
          '[{"hex":"#000000","name":"Black"}]')`.execute(k);

    await migrateToLatest(k, dialect);

    expect(
      await k
        .selectFrom('product_translations')
        .selectAll()
        .orderBy('product_id')
        .orderBy('language')
        .execute(),
    ).toEqual([
      { product_id: 1, language: 'ar', name: 'قميص', description: 'قميص كتان.' },
      { product_id: 2, language: 'ar', name: 'وشاح', description: null },
      { product_id: 3, language: 'ar', name: null, description: 'مزهرية.' },
    ]);
    expect(await k.selectFrom('category_translations').selectAll().execute()).toEqual([
      { category_id: 1, language: 'ar', name: 'ملابس' },
    ]);
    const products = await k
      .selectFrom('products')
      .select(['id', 'colours'])
      .orderBy('id')
      .execute();
    expect(products.map((p) => JSON.parse(p.colours) as unknown)).toEqual([
      [
        { hex: '#1f2a44', name: 'Navy', translations: { ar: { name: 'كحلي' } } },
        { hex: '#c2b280', name: 'Sand' },
      ],
      [],
      [],
      [{ hex: '#000000', name: 'Black' }],
    ]);
    expect(await columnsOf(k, dialect, 'products')).not.toContain('name_ar');
    expect(await columnsOf(k, dialect, 'products')).not.toContain('description_ar');
    expect(await columnsOf(k, dialect, 'categories')).not.toContain('name_ar');

    // Edits of a translation move the catalog version, as edits of the columns did; deleting a
    // product takes its translations with it.
    // bigint: a string from PostgreSQL.
    const version = async () =>
      Number(
        (await sql<{ version: string | number }>`select version from catalog_version`.execute(k))
          .rows[0]?.version,
      );
    const before = await version();
    await k
      .updateTable('category_translations')
      .set({ name: 'أزياء' })
      .where('category_id', '=', 1)
      .execute();
    expect(await version()).toBeGreaterThan(before);
    const afterCategory = await version();
    await k
      .insertInto('product_translations')
      .values({ product_id: 4, language: 'ar', name: 'كوب', description: 'كوب.' })
      .execute();
    expect(await version()).toBeGreaterThan(afterCategory);
    await k.deleteFrom('products').where('id', '=', 4).execute();
    expect(
      await k
        .selectFrom('product_translations')
        .select('product_id')
        .where('product_id', '=', 4)
        .execute(),
    ).toEqual([]);
  });
});
