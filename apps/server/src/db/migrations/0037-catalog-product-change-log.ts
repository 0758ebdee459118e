import { sql, type Kysely } from 'kysely';
import type { DatabaseDialect } from '@souq/contracts/health';
import { addIdColumn, dialectTypes } from '../dialect';

/**
 * Which products each catalog edit touched (decision 002): every app server follows this log,
 * like the stock ledger, and applies the products changed since its last position to its
 * in-memory index in place instead of rebuilding the whole index. Written by triggers in the
 * edit's own transaction, so every writer (the back office, the import, the generator, plain
 * SQL) logs what it changed. A row names one product (its row, variants or translations
 * changed); a row without a product means a change of the whole catalog's shape (a category or
 * a flash sale), which an app server answers with a full rebuild. What the version counter
 * (migrations 0010, 0014, 0016, 0021) leaves out, this leaves out too: stock and sales counts.
 */
export async function up(db: Kysely<unknown>, dialect: DatabaseDialect): Promise<void> {
  const t = dialectTypes(dialect);
  await addIdColumn(db.schema.createTable('catalog_changes'), dialect)
    .addColumn('product_id', 'integer')
    // Lets old rows be deleted: a server starting builds from the tables, not from the log.
    .addColumn('changed_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .execute();
  await db.schema
    .createIndex('catalog_changes_changed_at_idx')
    .on('catalog_changes')
    .column('changed_at')
    .execute();

  const productColumns = sql.raw(PRODUCT_COLUMNS.join(', '));
  const variantColumns = sql.raw(VARIANT_COLUMNS.join(', '));
  if (dialect === 'sqlite') {
    const log = (id: string) => sql.raw(`insert into catalog_changes (product_id) values (${id});`);
    const triggers: [string, string, ReturnType<typeof log>][] = [
      ['product_insert', 'after insert on products', log('new.id')],
      ['product_delete', 'after delete on products', log('old.id')],
      [
        'product_update',
        `after update of ${PRODUCT_COLUMNS.join(', ')} on products`,
        log('new.id'),
      ],
      ['variant_insert', 'after insert on product_variants', log('new.product_id')],
      ['variant_delete', 'after delete on product_variants', log('old.product_id')],
      [
        'variant_update',
        `after update of ${VARIANT_COLUMNS.join(', ')} on product_variants`,
        sql.raw(`insert into catalog_changes (product_id) values (new.product_id);
          insert into catalog_changes (product_id) select old.product_id
            where old.product_id <> new.product_id;`),
      ],
      ['translation_insert', 'after insert on product_translations', log('new.product_id')],
      ['translation_update', 'after update on product_translations', log('new.product_id')],
      ['translation_delete', 'after delete on product_translations', log('old.product_id')],
    ];
    for (const [table, changed] of WHOLE_CATALOG_TABLES)
      for (const event of ['insert', 'update', 'delete']) {
        // An update that writes the same values (an import naming a category again) is none.
        const when = event === 'update' && changed ? ` when ${sqliteChanged(changed)}` : '';
        triggers.push([`${table}_${event}`, `after ${event} on ${table}${when}`, log('null')]);
      }
    for (const [name, when, body] of triggers)
      await sql`create trigger ${sql.raw(`catalog_changes_${name}`)} ${sql.raw(when)}
        begin ${body} end`.execute(db);
    return;
  }
  await sql`create function log_catalog_product_change() returns trigger language plpgsql as $$
    begin
      if tg_table_name = 'products' then
        if tg_op = 'DELETE' then
          insert into catalog_changes (product_id) values (old.id);
        else
          insert into catalog_changes (product_id) values (new.id);
        end if;
      elsif tg_op = 'DELETE' then
        insert into catalog_changes (product_id) values (old.product_id);
      else
        insert into catalog_changes (product_id) values (new.product_id);
        -- A variant moved to another product changes both.
        if tg_op = 'UPDATE' and new.product_id <> old.product_id then
          insert into catalog_changes (product_id) values (old.product_id);
        end if;
      end if;
      return null;
    end $$`.execute(db);
  await sql`create function log_catalog_change() returns trigger language plpgsql as $$
    begin
      insert into catalog_changes (product_id) values (null);
      return null;
    end $$`.execute(db);
  await sql`create trigger catalog_changes_products
    after insert or delete or update of ${productColumns} on products
    for each row execute function log_catalog_product_change()`.execute(db);
  await sql`create trigger catalog_changes_product_variants
    after insert or delete or update of ${variantColumns} on product_variants
    for each row execute function log_catalog_product_change()`.execute(db);
  await sql`create trigger catalog_changes_product_translations
    after insert or delete or update on product_translations
    for each row execute function log_catalog_product_change()`.execute(db);
  for (const [table] of WHOLE_CATALOG_TABLES) {
    // Once per statement: any number of rows means one rebuild.
    await sql`create trigger ${sql.raw(`catalog_changes_${table}`)}
      after insert or delete on ${sql.table(table)}
      for each statement execute function log_catalog_change()`.execute(db);
    // An update that writes the same values (an import naming a category again) is none.
    await sql`create trigger ${sql.raw(`catalog_changes_${table}_update`)}
      after update on ${sql.table(table)}
      for each row when (old.* is distinct from new.*) execute function log_catalog_change()`.execute(
      db,
    );
  }
}

/** The columns the catalog version follows (migration 0016), as its triggers name them. */
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

/**
 * Tables whose change is a change of the whole catalog, with the columns an update may change
 * (null: any update counts).
 */
const WHOLE_CATALOG_TABLES: [string, string[] | null][] = [
  ['categories', ['slug', 'name', 'position', 'image']],
  ['category_translations', ['category_id', 'language', 'name']],
  ['flash_sales', null],
  ['flash_sale_products', null],
];

/** SQLite's test in a trigger that an update changed one of `columns`. */
function sqliteChanged(columns: string[]): string {
  return columns.map((c) => `old.${c} is not new.${c}`).join(' or ');
}

/** A variant's columns but its stock, which the stock ledger follows. */
const VARIANT_COLUMNS = ['product_id', 'colour', 'size', 'position', 'archived_at'];
