import { sql, type Kysely } from 'kysely';
import type { DatabaseDialect } from '@souq/contracts/health';

/**
 * Search runs on each app server's own text index (decision 002), so the database's text
 * search is no longer read: SQLite's FTS5 table, its term list and the triggers that kept it,
 * and PostgreSQL's generated `tsvector` column with its GIN and trigram indexes. Keeping them
 * cost every product write (PostgreSQL recomputes the generated column on every update of a
 * product row, stock taken by an order included) and every bulk load. The `pg_trgm`
 * extension (migration 0003) stays installed: it is shared by the whole database.
 */
export async function up(db: Kysely<unknown>, dialect: DatabaseDialect): Promise<void> {
  if (dialect === 'sqlite') {
    for (const trigger of ['products_fts_insert', 'products_fts_delete', 'products_fts_update'])
      await sql`drop trigger if exists ${sql.raw(trigger)}`.execute(db);
    await sql`drop table if exists products_fts_terms`.execute(db);
    await sql`drop table if exists products_fts`.execute(db);
    return;
  }
  await sql`drop index if exists products_search_idx`.execute(db);
  await sql`drop index if exists products_name_trgm_idx`.execute(db);
  await sql`alter table products drop column if exists search_vector`.execute(db);
}
