import type { Kysely } from 'kysely';
import { defaultCarriers } from '@souq/contracts/carriers';
import type { DatabaseDialect } from '@souq/contracts/health';
import { addIdColumn } from '../dialect';

/**
 * The carriers the shop ships with (modules/carriers), each with its tracking page's address,
 * starting with the common ones of the region; and on each order the tracking link it was shipped
 * with, written when it ships so a later change of the carrier's address leaves it as sent.
 */
export async function up(db: Kysely<unknown>, dialect: DatabaseDialect): Promise<void> {
  await addIdColumn(db.schema.createTable('carriers'), dialect)
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .addColumn('tracking_url', 'text', (c) => c.notNull())
    .execute();
  await db
    .insertInto('carriers' as never)
    .values(defaultCarriers.map((c) => ({ name: c.name, tracking_url: c.trackingUrl })))
    .execute();
  await db.schema.alterTable('orders').addColumn('tracking_url', 'text').execute();
}
