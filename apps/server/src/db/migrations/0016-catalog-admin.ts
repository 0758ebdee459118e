import { sql, type Kysely } from 'kysely';
import type { DatabaseDialect } from '@souq/contracts/health';
import { dialectTypes } from '../dialect';

/**
 * What the back office's catalog needs (decision 015).
 *
 * products.published (0/1 on both databases, so one query reads both): an unpublished product is
 * kept and edited but the storefront does not show it. products.archived_at: a "deleted"
 * product, gone from the storefront and the back office's lists while orders keep their lines.
 * products.updated_at: moved by every back-office edit and import (the sitemap's lastmod).
 *
 * categories.image: a picture chosen for the category (null: the storefront's own icon).
 *
 * media: the WebP copies of each uploaded picture, in the database so that several stateless app
 * servers over one database all serve them. One row per (key, width).
 *
 * The catalog version (migrations 0010, 0014) now also moves on what these change on the
 * storefront: publishing, archiving, a category's picture and order.
 */
export async function up(db: Kysely<unknown>, dialect: DatabaseDialect): Promise<void> {
  const t = dialectTypes(dialect);
  await db.schema
    .alterTable('products')
    .addColumn('published', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(1)
        .check(sql`published in (0, 1)`),
    )
    .execute();
  await db.schema.alterTable('products').addColumn('archived_at', t.timestamp).execute();
  if (dialect === 'postgres') {
    await db.schema
      .alterTable('products')
      .addColumn('updated_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
      .execute();
    await sql`update products set updated_at = created_at`.execute(db);
  } else {
    // SQLite adds no column with a computed default: filled here, and by a trigger for rows
    // inserted without one (the import's and the demo seed's writers set it themselves).
    await db.schema.alterTable('products').addColumn('updated_at', t.timestamp).execute();
    await sql`update products set updated_at = created_at`.execute(db);
    await sql`create trigger products_updated_at_default after insert on products
      when new.updated_at is null
      begin update products set updated_at = new.created_at where id = new.id; end`.execute(db);
  }
  // The storefront's lists read only what is shown.
  await db.schema
    .createIndex('products_shown_idx')
    .on('products')
    .columns(['published', 'archived_at'])
    .execute();

  await db.schema.alterTable('categories').addColumn('image', 'text').execute();

  await db.schema
    .createTable('media')
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('bytes', dialect === 'postgres' ? 'bytea' : 'blob', (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addPrimaryKeyConstraint('media_pk', ['key', 'width'])
    .execute();

  const productColumns = sql.raw(PRODUCT_COLUMNS.join(', '));
  if (dialect === 'sqlite') {
    const bump = sql`update catalog_version set version = version + 1 where id = 1;`;
    await sql`drop trigger catalog_version_product_update`.execute(db);
    await sql`create trigger catalog_version_product_update
      after update of ${productColumns} on products begin ${bump} end`.execute(db);
    await sql`drop trigger catalog_version_category_update`.execute(db);
    await sql`create trigger catalog_version_category_update
      after update of slug, name, name_ar, image, position on categories begin ${bump} end`.execute(
      db,
    );
    return;
  }
  await sql`drop trigger catalog_version_products on products`.execute(db);
  await sql`create trigger catalog_version_products
    after insert or delete or update of ${productColumns} on products
    for each statement execute function bump_catalog_version()`.execute(db);
  await sql`drop trigger catalog_version_categories on categories`.execute(db);
  await sql`create trigger catalog_version_categories
    after insert or delete or update of slug, name, name_ar, image, position on categories
    for each statement execute function bump_catalog_version()`.execute(db);
}

/** Migration 0014's list, with what decides whether the storefront shows a product. */
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
  'published',
  'archived_at',
];
