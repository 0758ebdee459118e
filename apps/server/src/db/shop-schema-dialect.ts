import {
  DEFAULT_MIGRATION_LOCK_TABLE,
  DEFAULT_MIGRATION_TABLE,
  PostgresDialect,
  sql,
  type ColumnMetadata,
  type DatabaseIntrospector,
  type DatabaseMetadataOptions,
  type Kysely,
  type TableMetadata,
} from 'kysely';

interface ColumnRow {
  column: string;
  not_null: boolean;
  has_default: boolean;
  table: string;
  table_type: string;
  schema: string;
  type: string;
  type_schema: string;
  column_description: string | null;
  auto_incrementing: string | null;
}

/**
 * PostgreSQL as Kysely speaks it, except that the tables it describes (the migrator asks at
 * every start, better-auth checks its columns) are those of the shop's own schema, the first
 * on the search path, and no other.
 *
 * Kysely's own introspector reads every column of every schema in the database and looks each
 * schema and table up by name as it goes: slow in a database shared with other schemas, and a
 * failed start (or better-auth's 500) with "schema … does not exist" when another schema was
 * dropped while it ran (another shop in the same database, another test file). This is its
 * query, with the shop's schema chosen before any name is looked up.
 */
export class ShopSchemaPostgresDialect extends PostgresDialect {
  override createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    const kyselys = super.createIntrospector(db);
    const getTables = async (
      options: DatabaseMetadataOptions = { withInternalKyselyTables: false },
    ): Promise<TableMetadata[]> => {
      const internal = options.withInternalKyselyTables
        ? sql``
        : sql`and c.relname not in (${DEFAULT_MIGRATION_TABLE}, ${DEFAULT_MIGRATION_LOCK_TABLE})`;
      const { rows } = await sql<ColumnRow>`
        select a.attname as column, a.attnotnull as not_null, a.atthasdef as has_default,
          c.relname as table, c.relkind as table_type, ns.nspname as schema,
          typ.typname as type, dtns.nspname as type_schema,
          col_description(a.attrelid, a.attnum) as column_description,
          pg_get_serial_sequence(quote_ident(ns.nspname) || '.' || quote_ident(c.relname),
            a.attname) as auto_incrementing
        from pg_catalog.pg_attribute a
        join pg_catalog.pg_class c on a.attrelid = c.oid
        join pg_catalog.pg_namespace ns on c.relnamespace = ns.oid
        join pg_catalog.pg_type typ on a.atttypid = typ.oid
        join pg_catalog.pg_namespace dtns on typ.typnamespace = dtns.oid
        where ns.nspname = current_schema() and c.relkind in ('r', 'v', 'p')
          and a.attnum >= 0 and not a.attisdropped ${internal}
        order by c.relname, a.attnum`.execute(db);
      const tables = new Map<string, TableMetadata & { columns: ColumnMetadata[] }>();
      for (const row of rows) {
        let table = tables.get(row.table);
        if (!table) {
          table = {
            name: row.table,
            schema: row.schema,
            isView: row.table_type === 'v',
            columns: [],
          };
          tables.set(row.table, table);
        }
        table.columns.push({
          name: row.column,
          dataType: row.type,
          dataTypeSchema: row.type_schema,
          isNullable: !row.not_null,
          hasDefaultValue: row.has_default,
          isAutoIncrementing: row.auto_incrementing !== null,
          ...(row.column_description === null ? {} : { comment: row.column_description }),
        });
      }
      return [...tables.values()];
    };
    return {
      getSchemas: () => kyselys.getSchemas(),
      getTables,
      // eslint-disable-next-line @typescript-eslint/no-deprecated -- still part of the interface
      getMetadata: async (options) => ({ tables: await getTables(options) }),
    };
  }
}
