import { sql, type Kysely } from 'kysely';
import type { DatabaseDialect } from '@souq/contracts/health';
import { dialectTypes } from '../dialect';

/**
 * The back office's marketing and messages (decision 016):
 * - a coupon can be paused (and resumed) without touching its dates;
 * - a contact message remembers when it was read and answered, by whom, and the reply sent;
 * - a product can be in several flash sales over time: `flash_sale_products` is keyed by sale
 *   and product instead of product alone. That a product is in at most one sale at any moment
 *   is checked by the flash-sale service inside its write transaction (overlap is a rule over
 *   time ranges, which a key cannot say); the product index keeps "the running sale" cheap.
 */
export async function up(db: Kysely<unknown>, dialect: DatabaseDialect): Promise<void> {
  const t = dialectTypes(dialect);
  await db.schema.alterTable('coupons').addColumn('paused_at', t.timestamp).execute();

  for (const [column, type] of [
    ['read_at', t.timestamp],
    ['answered_at', t.timestamp],
    ['answered_by_user_id', sql`text`],
    ['answered_by_email', sql`text`],
    ['reply', sql`text`],
  ] as const) {
    await db.schema.alterTable('contact_messages').addColumn(column, type).execute();
  }

  if (dialect === 'sqlite') await rekeySqliteSaleProducts(db);
  else {
    await sql`alter table flash_sale_products drop constraint flash_sale_products_pkey,
      add primary key (flash_sale_id, product_id)`.execute(db);
    // The new key starts with the sale, so the sale's own index is no longer needed.
    await db.schema.dropIndex('flash_sale_products_sale_idx').execute();
  }
  await db.schema
    .createIndex('flash_sale_products_product_idx')
    .on('flash_sale_products')
    .column('product_id')
    .execute();
  await db.schema
    .createIndex('flash_sales_starts_idx')
    .on('flash_sales')
    .column('starts_at')
    .execute();
}

/**
 * SQLite cannot change a primary key: the table is made again under the new key and its rows
 * copied (https://sqlite.org/lang_altertable.html#otheralter). Dropping the old table drops its
 * catalog-version triggers (migration 0014), so they are made again on the new one.
 */
async function rekeySqliteSaleProducts(db: Kysely<unknown>): Promise<void> {
  await sql`create table flash_sale_products_rekeyed (
    flash_sale_id integer not null references flash_sales(id) on delete cascade,
    product_id integer not null references products(id) on delete cascade,
    primary key (flash_sale_id, product_id)
  )`.execute(db);
  await sql`insert into flash_sale_products_rekeyed (flash_sale_id, product_id)
    select flash_sale_id, product_id from flash_sale_products`.execute(db);
  await sql`drop table flash_sale_products`.execute(db);
  await sql`alter table flash_sale_products_rekeyed rename to flash_sale_products`.execute(db);
  const bump = sql`update catalog_version set version = version + 1 where id = 1;`;
  for (const event of ['insert', 'update', 'delete'])
    await sql`create trigger ${sql.raw(`catalog_version_flash_sale_products_${event}`)}
      after ${sql.raw(event)} on flash_sale_products begin ${bump} end`.execute(db);
  await bump.execute(db);
}
