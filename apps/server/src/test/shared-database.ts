import { sql } from 'kysely';
import type { Db } from '../db/connection';

/**
 * A DATABASE_URL that reaches the same data as `db`, for server processes started by tests:
 * the SQLite file, or the PostgreSQL database with the test's own schema on the search path.
 */
export async function databaseUrlOf(db: Db): Promise<string> {
  if (db.dialect === 'sqlite') {
    const { rows } = await sql<{ name: string; file: string }>`pragma database_list`.execute(
      db.kysely,
    );
    const main = rows.find((r) => r.name === 'main');
    if (!main?.file) throw new Error('The SQLite test database has no file');
    return `sqlite:${main.file}`;
  }
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('TEST_DATABASE_URL is not set');
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(
    db.kysely,
  );
  const schema = rows[0]?.schema;
  if (!schema) throw new Error('No current schema');
  const url = new URL(base);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return url.toString();
}
