import { sql, type Kysely } from 'kysely';
import type { DatabaseDialect } from '@souq/contracts/health';
import { dialectTypes } from '../dialect';
import { demoShopSettings } from '../demo-shop-settings';

/**
 * The shop's settings (modules/settings): one row, its fields as JSON checked by the contract's
 * schema on every write and read, and a version that each write moves, so the pages each app
 * server keeps for a few seconds are kept per version. A shop with a catalog showed the demo
 * shop's details before they were settings; it keeps them until its owner changes them. A new
 * database gets its row from the demo seed or from the owner's first save.
 */
export async function up(db: Kysely<unknown>, dialect: DatabaseDialect): Promise<void> {
  const t = dialectTypes(dialect);
  await db.schema
    .createTable('shop_settings')
    .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`))
    .addColumn('settings_json', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .execute();
  await sql`insert into shop_settings (id, settings_json, version)
    select 1, ${JSON.stringify(demoShopSettings)}, 1
    where exists (select 1 from products)`.execute(db);
}
