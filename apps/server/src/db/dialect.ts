import {
  PostgresAdapter,
  sql,
  type ColumnDefinitionBuilder,
  type CreateTableBuilder,
  type Kysely,
} from 'kysely';
import type { DatabaseDialect } from '@souq/contracts/health';
import type { Database } from './schema';

/** Column types and defaults that differ between the two dialects, for migrations. */
export function dialectTypes(dialect: DatabaseDialect) {
  const postgres = dialect === 'postgres';
  return {
    timestamp: postgres ? sql`timestamptz` : sql`text`,
    now: postgres ? sql`now()` : sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`,
    real: postgres ? sql`double precision` : sql`real`,
  };
}

/** An auto-incrementing integer primary key named id. */
export function addIdColumn<T extends string>(
  table: CreateTableBuilder<T>,
  dialect: DatabaseDialect,
): CreateTableBuilder<T, 'id'> {
  return dialect === 'postgres'
    ? table.addColumn('id', 'integer', (c: ColumnDefinitionBuilder) =>
        c.primaryKey().generatedByDefaultAsIdentity(),
      )
    : table.addColumn('id', 'integer', (c: ColumnDefinitionBuilder) =>
        c.primaryKey().autoIncrement(),
      );
}

export function toIsoString(value: string | Date): string {
  return typeof value === 'string' ? value : value.toISOString();
}

/** Whether this executor (the database or one of its transactions) runs on PostgreSQL. */
export function isPostgres(executor: Kysely<Database>): boolean {
  return executor.getExecutor().adapter instanceof PostgresAdapter;
}
