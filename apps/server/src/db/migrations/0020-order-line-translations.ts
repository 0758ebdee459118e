import { sql, type Kysely } from 'kysely';
import type { DatabaseDialect } from '@souq/contracts/health';

/**
 * An order line keeps the product's name and colour as they were when it was bought, in every
 * language the shop had them in (decision 018): `order_lines.translations`, JSON keyed by
 * language code (`{"ar":{"name":…,"colour":…}}`), replaces the Arabic columns `name_ar` and
 * `colour_ar`. A line's copy is written once with the line and read with it, never searched, so
 * it stays in the line's row: placing an order writes no more rows than before.
 */
export async function up(db: Kysely<unknown>, dialect: DatabaseDialect): Promise<void> {
  await sql`alter table order_lines add column translations text not null default '{}'`.execute(db);
  const arabic =
    dialect === 'sqlite'
      ? sql`json_object('ar', json_object('name', name_ar, 'colour', colour_ar))`
      : sql`json_build_object('ar', json_build_object('name', name_ar, 'colour', colour_ar))::text`;
  await sql`update order_lines set translations = ${arabic}
    where name_ar is not null or colour_ar is not null`.execute(db);
  await sql`alter table order_lines drop column name_ar`.execute(db);
  await sql`alter table order_lines drop column colour_ar`.execute(db);
}
