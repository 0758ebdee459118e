import { sql, type Kysely } from 'kysely';
import type { DatabaseDialect } from '@souq/contracts/health';
import { addIdColumn, dialectTypes } from '../dialect';

/**
 * Colours, sizes, Arabic text, flash sales, the search index and the indexes behind every
 * list sort. Search design: docs/architecture.md ("Search").
 */
export async function up(db: Kysely<unknown>, dialect: DatabaseDialect): Promise<void> {
  const t = dialectTypes(dialect);

  await db.schema.alterTable('categories').addColumn('name_ar', 'text').execute();
  for (const [column, type, fallback] of [
    ['name_ar', 'text', null],
    ['description_ar', 'text', null],
    ['colours', 'text', '[]'],
    ['sizes', 'text', '[]'],
  ] as const) {
    await db.schema
      .alterTable('products')
      .addColumn(column, type, (c) => (fallback === null ? c : c.notNull().defaultTo(fallback)))
      .execute();
  }

  await addIdColumn(db.schema.createTable('flash_sales'), dialect)
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('starts_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addColumn('ends_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('flash_sale_products')
    .addColumn('product_id', 'integer', (c) =>
      c.primaryKey().references('products.id').onDelete('cascade'),
    )
    .addColumn('flash_sale_id', 'integer', (c) =>
      c.notNull().references('flash_sales.id').onDelete('cascade'),
    )
    .execute();
  await db.schema
    .createIndex('flash_sale_products_sale_idx')
    .on('flash_sale_products')
    .column('flash_sale_id')
    .execute();
  await db.schema.createIndex('flash_sales_ends_idx').on('flash_sales').column('ends_at').execute();

  // One index per sort, with and without a category in front, each ending with the id that
  // breaks ties, so a page is read in index order instead of sorting the whole catalog.
  const sorts: Record<string, string[]> = {
    best_selling: ['sales_count desc', 'id'],
    price: ['price_cents', 'id'],
    newest: ['created_at desc', 'id desc'],
    rating: ['rating_average desc', 'rating_count desc', 'id'],
  };
  await db.schema.dropIndex('products_category_idx').execute();
  for (const [name, columns] of Object.entries(sorts)) {
    await db.schema.createIndex(`products_${name}_idx`).on('products').columns(columns).execute();
    await db.schema
      .createIndex(`products_category_${name}_idx`)
      .on('products')
      .columns(['category_id', ...columns])
      .execute();
  }

  if (dialect === 'sqlite') await createSqliteSearch(db);
  else await createPostgresSearch(db);
}

/**
 * FTS5 over names (English and Arabic) and descriptions, kept in step with products by
 * triggers; the fts5vocab table lists its terms for the one-typo fallback.
 */
async function createSqliteSearch(db: Kysely<unknown>) {
  await sql`create virtual table products_fts using fts5(
    name, name_ar, description, description_ar,
    content='products', content_rowid='id',
    tokenize='unicode61 remove_diacritics 2', prefix='2 3'
  )`.execute(db);
  await sql`create virtual table products_fts_terms using fts5vocab(products_fts, 'row')`.execute(
    db,
  );
  await sql`create trigger products_fts_insert after insert on products begin
    insert into products_fts(rowid, name, name_ar, description, description_ar)
      values (new.id, new.name, new.name_ar, new.description, new.description_ar);
  end`.execute(db);
  await sql`create trigger products_fts_delete after delete on products begin
    insert into products_fts(products_fts, rowid, name, name_ar, description, description_ar)
      values ('delete', old.id, old.name, old.name_ar, old.description, old.description_ar);
  end`.execute(db);
  await sql`create trigger products_fts_update
    after update of name, name_ar, description, description_ar on products begin
    insert into products_fts(products_fts, rowid, name, name_ar, description, description_ar)
      values ('delete', old.id, old.name, old.name_ar, old.description, old.description_ar);
    insert into products_fts(rowid, name, name_ar, description, description_ar)
      values (new.id, new.name, new.name_ar, new.description, new.description_ar);
  end`.execute(db);
  await sql`insert into products_fts(products_fts) values ('rebuild')`.execute(db);
}

/**
 * A stored tsvector (names weigh A, descriptions D) that PostgreSQL keeps current by itself,
 * and a trigram index over the names for the one-typo fallback.
 */
async function createPostgresSearch(db: Kysely<unknown>) {
  await createTrigramExtension(db);
  await sql`alter table products add column search_vector tsvector generated always as (
    setweight(to_tsvector('simple'::regconfig, name), 'A') ||
    setweight(to_tsvector('simple'::regconfig, coalesce(name_ar, '')), 'A') ||
    setweight(to_tsvector('simple'::regconfig, description), 'D') ||
    setweight(to_tsvector('simple'::regconfig, coalesce(description_ar, '')), 'D')
  ) stored`.execute(db);
  await createPostgresSearchIndexes(db);
}

/** Also used by bulk loads, which drop these and build them once at the end (much faster). */
export async function createPostgresSearchIndexes<DB>(db: Kysely<DB>) {
  await sql`create index products_search_idx on products using gin (search_vector)`.execute(db);
  await sql`create index products_name_trgm_idx on products
    using gin ((lower(name || ' ' || coalesce(name_ar, ''))) gin_trgm_ops)`.execute(db);
}

export async function dropPostgresSearchIndexes<DB>(db: Kysely<DB>) {
  await sql`drop index products_search_idx`.execute(db);
  await sql`drop index products_name_trgm_idx`.execute(db);
}

/**
 * The extension is database-wide while each test (and some shops) keeps its tables in a schema
 * of its own: install it once in public, which connections keep on their search path, and
 * tolerate a concurrent migration installing it at the same moment.
 */
async function createTrigramExtension(db: Kysely<unknown>) {
  // Migrations run in one transaction: a savepoint keeps it usable after a lost race.
  await sql`savepoint create_pg_trgm`.execute(db);
  try {
    await sql`create extension if not exists pg_trgm with schema public`.execute(db);
  } catch (error) {
    const code = (error as { code?: string }).code;
    // 23505 unique_violation / 42710 duplicate_object: another session created it first.
    if (code !== '23505' && code !== '42710') throw error;
    await sql`rollback to savepoint create_pg_trgm`.execute(db);
  }
  await sql`release savepoint create_pg_trgm`.execute(db);
}
