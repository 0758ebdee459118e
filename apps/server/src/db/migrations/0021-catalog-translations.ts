import { sql, type Kysely } from 'kysely';
import type { DatabaseDialect } from '@souq/contracts/health';

/**
 * The catalog's text in languages other than the default one moves out of the Arabic columns
 * into one table per translated entity (decision 018): `product_translations` (product, language,
 * name, description) and `category_translations` (category, language, name), keyed by (entity,
 * language) and gone with their entity. English stays in the base rows. A colour's names stay in
 * the product's `colours` JSON, now keyed by language (`{"translations":{"ar":{"name":…}}}`)
 * instead of `nameAr`: variants name their colour by its English name in that list.
 *
 * The back office names a product before its description is written, so either of a
 * translation's two texts may be missing, not both. The catalog version moves on every change of
 * the new tables, as it did on the columns'.
 */
export async function up(db: Kysely<unknown>, dialect: DatabaseDialect): Promise<void> {
  await db.schema
    .createTable('product_translations')
    .addColumn('product_id', 'integer', (c) =>
      c.notNull().references('products.id').onDelete('cascade'),
    )
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('name', 'text')
    .addColumn('description', 'text')
    .addPrimaryKeyConstraint('product_translations_pk', ['product_id', 'language'])
    .addCheckConstraint(
      'product_translations_some_text',
      sql`name is not null or description is not null`,
    )
    .execute();
  await db.schema
    .createTable('category_translations')
    .addColumn('category_id', 'integer', (c) =>
      c.notNull().references('categories.id').onDelete('cascade'),
    )
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('category_translations_pk', ['category_id', 'language'])
    .execute();

  await sql`insert into product_translations (product_id, language, name, description)
    select id, 'ar', name_ar, description_ar from products
    where name_ar is not null or description_ar is not null`.execute(db);
  await sql`insert into category_translations (category_id, language, name)
    select id, 'ar', name_ar from categories where name_ar is not null`.execute(db);
  await moveColourNames(db);

  // The triggers name the old columns, which neither database drops while they do.
  const productColumns = sql.raw(PRODUCT_COLUMNS.join(', '));
  const categoryColumns = sql.raw(CATEGORY_COLUMNS.join(', '));
  if (dialect === 'sqlite') {
    const bump = sql`update catalog_version set version = version + 1 where id = 1;`;
    await sql`drop trigger catalog_version_product_update`.execute(db);
    await sql`create trigger catalog_version_product_update
      after update of ${productColumns} on products begin ${bump} end`.execute(db);
    await sql`drop trigger catalog_version_category_update`.execute(db);
    await sql`create trigger catalog_version_category_update
      after update of ${categoryColumns} on categories begin ${bump} end`.execute(db);
    for (const table of ['product_translations', 'category_translations'])
      for (const event of ['insert', 'update', 'delete'])
        await sql`create trigger ${sql.raw(`catalog_version_${table}_${event}`)}
          after ${sql.raw(event)} on ${sql.table(table)} begin ${bump} end`.execute(db);
  } else {
    await sql`drop trigger catalog_version_products on products`.execute(db);
    await sql`create trigger catalog_version_products
      after insert or delete or update of ${productColumns} on products
      for each statement execute function bump_catalog_version()`.execute(db);
    await sql`drop trigger catalog_version_categories on categories`.execute(db);
    await sql`create trigger catalog_version_categories
      after insert or delete or update of ${categoryColumns} on categories
      for each statement execute function bump_catalog_version()`.execute(db);
    for (const table of ['product_translations', 'category_translations'])
      await sql`create trigger ${sql.raw(`catalog_version_${table}`)}
        after insert or update or delete on ${sql.table(table)}
        for each statement execute function bump_catalog_version()`.execute(db);
  }

  await sql`alter table products drop column name_ar`.execute(db);
  await sql`alter table products drop column description_ar`.execute(db);
  await sql`alter table categories drop column name_ar`.execute(db);
}

interface OldColour {
  hex: string;
  name: string;
  nameAr?: string;
}

/** Each colour's `nameAr` becomes its `translations.ar.name`, a chunk of products at a time. */
async function moveColourNames(db: Kysely<unknown>): Promise<void> {
  let after = 0;
  for (;;) {
    const rows = (
      await sql<{ id: number; colours: string }>`select id, colours from products
        where id > ${after} and colours like '%nameAr%' order by id limit 1000`.execute(db)
    ).rows;
    for (const row of rows) {
      const colours = (JSON.parse(row.colours) as OldColour[]).map(({ nameAr, ...colour }) =>
        nameAr ? { ...colour, translations: { ar: { name: nameAr } } } : colour,
      );
      await sql`update products set colours = ${JSON.stringify(colours)}
        where id = ${row.id}`.execute(db);
      after = row.id;
    }
    if (rows.length < 1000) return;
  }
}

/** Migration 0016's list without the Arabic columns. */
const PRODUCT_COLUMNS = [
  'slug',
  'name',
  'description',
  'category_id',
  'price_cents',
  'compare_at_cents',
  'currency',
  'images',
  'rating_average',
  'rating_count',
  'created_at',
  'colours',
  'sizes',
  'published',
  'archived_at',
];

const CATEGORY_COLUMNS = ['slug', 'name', 'image', 'position'];
