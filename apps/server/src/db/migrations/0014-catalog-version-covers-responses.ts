import { sql, type Kysely } from 'kysely';
import type { DatabaseDialect } from '@souq/contracts/health';

/**
 * The catalog version (migration 0010) now moves on every edit of what a catalog response
 * shows, not only of what the index filters, sorts and searches by: each app server keeps
 * every product's response JSON with its index (decision 002). Left out on purpose: stock and
 * sales counts, which orders change and which the index follows on its own (stock within the
 * catalog's cache time, best sellers within minutes), so an order never costs a rebuild.
 */
export async function up(db: Kysely<unknown>, dialect: DatabaseDialect): Promise<void> {
  const productColumns = sql.raw(PRODUCT_COLUMNS.join(', '));
  if (dialect === 'sqlite') {
    const bump = sql`update catalog_version set version = version + 1 where id = 1;`;
    await sql`drop trigger catalog_version_product_update`.execute(db);
    await sql`create trigger catalog_version_product_update
      after update of ${productColumns} on products begin ${bump} end`.execute(db);
    await sql`drop trigger catalog_version_category_update`.execute(db);
    await sql`create trigger catalog_version_category_update
      after update of slug, name, name_ar on categories begin ${bump} end`.execute(db);
    await sql`create trigger catalog_version_category_delete after delete on categories
      begin ${bump} end`.execute(db);
    for (const table of ['flash_sales', 'flash_sale_products'])
      for (const event of ['insert', 'update', 'delete'])
        await sql`create trigger ${sql.raw(`catalog_version_${table}_${event}`)}
          after ${sql.raw(event)} on ${sql.table(table)} begin ${bump} end`.execute(db);
    return;
  }
  // bump_catalog_version() is migration 0010's; once per statement, as there.
  await sql`drop trigger catalog_version_products on products`.execute(db);
  await sql`create trigger catalog_version_products
    after insert or delete or update of ${productColumns} on products
    for each statement execute function bump_catalog_version()`.execute(db);
  await sql`drop trigger catalog_version_categories on categories`.execute(db);
  await sql`create trigger catalog_version_categories
    after insert or delete or update of slug, name, name_ar on categories
    for each statement execute function bump_catalog_version()`.execute(db);
  for (const table of ['flash_sales', 'flash_sale_products'])
    await sql`create trigger ${sql.raw(`catalog_version_${table}`)}
      after insert or update or delete on ${sql.table(table)}
      for each statement execute function bump_catalog_version()`.execute(db);
}

/** Every product column a response shows, except stock; sales_count is shown by no response. */
const PRODUCT_COLUMNS = [
  'slug',
  'name',
  'description',
  'name_ar',
  'description_ar',
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
];
