import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DatabaseDialect } from '@souq/contracts/health';

/**
 * Arabic written with or without its optional marks finds the same products: the search index
 * holds every name and description folded the way search-text.ts folds what a shopper types
 * (alef forms → ا, ى → ي, ة → ه, harakat and tatweel dropped). The two must agree.
 */
export async function up(db: Kysely<unknown>, dialect: DatabaseDialect): Promise<void> {
  if (dialect === 'sqlite') await foldSqliteSearch(db);
  else await foldPostgresSearch(db);
}

/** Each [from, to]; an empty `to` drops the character. */
const FOLDS: [string, string][] = [
  ['\u0623', '\u0627'], // أ
  ['\u0625', '\u0627'], // إ
  ['\u0622', '\u0627'], // آ
  ['\u0671', '\u0627'], // ٱ
  ['\u0649', '\u064a'], // ى → ي
  ['\u0629', '\u0647'], // ة → ه
  ['\u0640', ''], // tatweel
  // harakat: tanween, fatha, damma, kasra, shadda, sukun, and the dagger alef
  ...['\u064b', '\u064c', '\u064d', '\u064e', '\u064f', '\u0650', '\u0651', '\u0652', '\u0670'].map(
    (c): [string, string] => [c, ''],
  ),
];

/** SQLite has no translate(): one replace() per folded character. */
function sqliteFolded(column: string): RawBuilder<string> {
  const text = FOLDS.reduce(
    (inner, [from, to]) => `replace(${inner}, '${from}', '${to}')`,
    `coalesce(${column}, '')`,
  );
  return sql.raw(text);
}

async function foldSqliteSearch(db: Kysely<unknown>) {
  const columns = ['name', 'name_ar', 'description', 'description_ar'];
  const folded = (row: 'new' | 'old') => sql.join(columns.map((c) => sqliteFolded(`${row}.${c}`)));
  await sql`drop trigger products_fts_insert`.execute(db);
  await sql`drop trigger products_fts_delete`.execute(db);
  await sql`drop trigger products_fts_update`.execute(db);
  // The index now holds folded text, not the products' own: a delete must name what was indexed.
  await sql`create trigger products_fts_insert after insert on products begin
    insert into products_fts(rowid, name, name_ar, description, description_ar)
      values (new.id, ${folded('new')});
  end`.execute(db);
  await sql`create trigger products_fts_delete after delete on products begin
    insert into products_fts(products_fts, rowid, name, name_ar, description, description_ar)
      values ('delete', old.id, ${folded('old')});
  end`.execute(db);
  await sql`create trigger products_fts_update
    after update of name, name_ar, description, description_ar on products begin
    insert into products_fts(products_fts, rowid, name, name_ar, description, description_ar)
      values ('delete', old.id, ${folded('old')});
    insert into products_fts(rowid, name, name_ar, description, description_ar)
      values (new.id, ${folded('new')});
  end`.execute(db);
  await sql`insert into products_fts(products_fts) values ('delete-all')`.execute(db);
  await sql`insert into products_fts(rowid, name, name_ar, description, description_ar)
    select id, ${sql.join(columns.map((c) => sqliteFolded(c)))} from products`.execute(db);
}

/** translate() drops every character of `from` that has no counterpart in `to`. */
const pgFrom = FOLDS.map(([from]) => from).join('');
const pgTo = FOLDS.filter(([, to]) => to !== '')
  .map(([, to]) => to)
  .join('');

/** The folded text of an SQL expression, as the generated column and the trigram index write it. */
function postgresFolded(expression: string): string {
  return `translate(${expression}, '${pgFrom}', '${pgTo}')`;
}

/**
 * The expression the trigram index covers (over `products`' own columns); a query must write it
 * the same way for PostgreSQL to use the index.
 */
export const POSTGRES_TRIGRAM_NAMES = `lower(${postgresFolded(`products.name || ' ' || coalesce(products.name_ar, '')`)})`;

async function foldPostgresSearch(db: Kysely<unknown>) {
  await sql`drop index products_search_idx`.execute(db);
  await sql`drop index products_name_trgm_idx`.execute(db);
  await sql`alter table products drop column search_vector`.execute(db);
  const folded = (column: string) => sql.raw(postgresFolded(`coalesce(${column}, '')`));
  await sql`alter table products add column search_vector tsvector generated always as (
    setweight(to_tsvector('simple'::regconfig, ${folded('name')}), 'A') ||
    setweight(to_tsvector('simple'::regconfig, ${folded('name_ar')}), 'A') ||
    setweight(to_tsvector('simple'::regconfig, ${folded('description')}), 'D') ||
    setweight(to_tsvector('simple'::regconfig, ${folded('description_ar')}), 'D')
  ) stored`.execute(db);
  await createPostgresSearchIndexes(db);
}

/** Also used by bulk loads, which drop these and build them once at the end (much faster). */
export async function createPostgresSearchIndexes<DB>(db: Kysely<DB>) {
  await sql`create index products_search_idx on products using gin (search_vector)`.execute(db);
  await sql`create index products_name_trgm_idx on products
    using gin ((${sql.raw(POSTGRES_TRIGRAM_NAMES.replaceAll('products.', ''))}) gin_trgm_ops)`.execute(
    db,
  );
}

export async function dropPostgresSearchIndexes<DB>(db: Kysely<DB>) {
  await sql`drop index products_search_idx`.execute(db);
  await sql`drop index products_name_trgm_idx`.execute(db);
}
