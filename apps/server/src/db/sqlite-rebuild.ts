import { sql, type Kysely } from 'kysely';

/**
 * Runs a migration step that rebuilds SQLite tables (SQLite cannot alter a CHECK constraint or a
 * key: https://sqlite.org/lang_altertable.html#otheralter) in one transaction, as on PostgreSQL,
 * so a failure leaves the database as it was. Foreign keys are off meanwhile, so dropping the old
 * table does not cascade to the rows that point at it, and checked before the commit.
 */
export async function inSqliteRebuild(
  db: Kysely<unknown>,
  rebuilt: string,
  work: () => Promise<void>,
): Promise<void> {
  await sql`pragma foreign_keys = off`.execute(db);
  try {
    await sql`begin immediate`.execute(db);
    try {
      await work();
      const { rows } = await sql`pragma foreign_key_check`.execute(db);
      if (rows.length > 0) throw new Error(`Rebuilding ${rebuilt} broke a foreign key`);
      await sql`commit`.execute(db);
    } catch (error) {
      await sql`rollback`.execute(db);
      throw error;
    }
  } finally {
    await sql`pragma foreign_keys = on`.execute(db);
  }
}
