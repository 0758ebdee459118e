import { sql, type Kysely } from 'kysely';
import type { DatabaseDialect } from '@souq/contracts/health';
import { addIdColumn, dialectTypes } from '../dialect';

/**
 * Shipping zones and methods (decision 020), and addresses that name their country:
 * - `shipping_zones` (countries, optionally narrowed to regions or cities) and their
 *   `shipping_methods`. Every shop gets one zone for the whole world with the rule it had before
 *   (5.00 per order, free from 140.00 after discount, cash on delivery without a fee), so a shop
 *   delivers exactly as it did until its staff change the zones;
 * - address-book entries and orders' billing details gain country, region and postcode. What
 *   was written before names no country: it gets the shop's own (the settings' address; AE, the
 *   settings' default, for a shop that has saved none);
 * - an order keeps the method it was placed with (id and, as JSON, what it was then).
 */
export async function up(db: Kysely<unknown>, dialect: DatabaseDialect): Promise<void> {
  const t = dialectTypes(dialect);
  await addIdColumn(db.schema.createTable('shipping_zones'), dialect)
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('countries', 'text', (c) => c.notNull())
    .addColumn('areas', 'text', (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .execute();
  await addIdColumn(db.schema.createTable('shipping_methods'), dialect)
    .addColumn('zone_id', 'integer', (c) =>
      c.notNull().references('shipping_zones.id').onDelete('cascade'),
    )
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('price_cents', 'integer', (c) => c.notNull())
    .addColumn('free_over_cents', 'integer')
    .addColumn('min_days', 'integer', (c) => c.notNull())
    .addColumn('max_days', 'integer', (c) => c.notNull())
    .addColumn('cash_on_delivery', 'boolean', (c) => c.notNull())
    .addColumn('cod_fee_cents', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('shipping_methods_zone_idx')
    .on('shipping_methods')
    .column('zone_id')
    .execute();
  await sql`insert into shipping_zones (name, countries, areas) values ('Everywhere', '[]', '[]')`.execute(
    db,
  );
  await sql`insert into shipping_methods
    (zone_id, position, name, price_cents, free_over_cents, min_days, max_days, cash_on_delivery, cod_fee_cents)
    select id, 0, ${JSON.stringify({ en: 'Standard', ar: 'توصيل عادي' })}, 500, 14000, 2, 5, ${sql.lit(true)}, 0
    from shipping_zones`.execute(db);

  const settings = await sql<{
    settings_json: string;
  }>`select settings_json from shop_settings`.execute(db);
  const stored = settings.rows[0]
    ? (JSON.parse(settings.rows[0].settings_json) as { address?: { country?: string } })
    : {};
  const country = stored.address?.country ?? 'AE';

  for (const column of ['region', 'postal_code']) {
    await db.schema
      .alterTable('addresses')
      .addColumn(column, 'text', (c) => c.notNull().defaultTo(''))
      .execute();
  }
  await db.schema
    .alterTable('addresses')
    .addColumn('country', 'text', (c) => c.notNull().defaultTo(sql.lit(country)))
    .execute();

  if (dialect === 'postgres') {
    await sql`update orders set billing = (billing::jsonb
      || jsonb_build_object('country', ${country}::text, 'region', '', 'postalCode', ''))::text`.execute(
      db,
    );
  } else {
    await sql`update orders
      set billing = json_set(billing, '$.country', ${country}, '$.region', '', '$.postalCode', '')`.execute(
      db,
    );
  }
  await db.schema.alterTable('orders').addColumn('shipping_method_id', 'integer').execute();
  await db.schema.alterTable('orders').addColumn('shipping_method', 'text').execute();
}
