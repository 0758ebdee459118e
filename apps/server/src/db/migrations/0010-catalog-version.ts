import { sql, type Kysely } from 'kysely';
import type { DatabaseDialect } from '@souq/contracts/health';

/**
 * One counter that every catalog edit moves forward, so each app server's in-memory catalog
 * index (modules/catalog/catalog-index.ts) knows with one cheap read whether it is still
 * current, whichever app server or script made the edit. Orders change only stock and sales
 * counts, which do not move it: the index would otherwise be rebuilt on every order.
 */
export async function up(db: Kysely<unknown>, dialect: DatabaseDialect): Promise<void> {
  await db.schema
    .createTable('catalog_version')
    .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`))
    .addColumn('version', 'bigint', (c) => c.notNull())
    .execute();
  await sql`insert into catalog_version (id, version) values (1, 1)`.execute(db);

  const catalogColumns = sql.raw(INDEXED_COLUMNS.join(', '));
  if (dialect === 'sqlite') {
    const bump = sql`update catalog_version set version = version + 1 where id = 1;`;
    await sql`create trigger catalog_version_product_insert after insert on products
      begin ${bump} end`.execute(db);
    await sql`create trigger catalog_version_product_delete after delete on products
      begin ${bump} end`.execute(db);
    await sql`create trigger catalog_version_product_update
      after update of ${catalogColumns} on products begin ${bump} end`.execute(db);
    await sql`create trigger catalog_version_category_insert after insert on categories
      begin ${bump} end`.execute(db);
    await sql`create trigger catalog_version_category_update after update of slug on categories
      begin ${bump} end`.execute(db);
    return;
  }
  await sql`create function bump_catalog_version() returns trigger language plpgsql as $$
    begin
      update catalog_version set version = version + 1 where id = 1;
      return null;
    end $$`.execute(db);
  // Once per statement: a bulk load moves the counter once, not per row.
  await sql`create trigger catalog_version_products
    after insert or delete or update of ${catalogColumns} on products
    for each statement execute function bump_catalog_version()`.execute(db);
  await sql`create trigger catalog_version_categories
    after insert or update of slug on categories
    for each statement execute function bump_catalog_version()`.execute(db);
}

/** The product columns the index is built from: its filters, sorts and search text. */
const INDEXED_COLUMNS = [
  'category_id',
  'price_cents',
  'created_at',
  'rating_average',
  'rating_count',
  'name',
  'name_ar',
  'description',
  'description_ar',
];
