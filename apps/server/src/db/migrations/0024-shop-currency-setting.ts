import { sql, type Kysely } from 'kysely';

/**
 * The shop's currency becomes a setting. A shop that saved its settings before sold in US
 * dollars (every product the demo seed, the generator and the back office made was priced in
 * them), so its record gains `"currency": "USD"` and nothing it shows changes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const rows = await sql<{ settings_json: string }>`
    select settings_json from shop_settings where id = 1`.execute(db);
  const row = rows.rows[0];
  if (!row) return;
  const settings = JSON.parse(row.settings_json) as Record<string, unknown>;
  if ('currency' in settings) return;
  await sql`update shop_settings set settings_json = ${JSON.stringify({ currency: 'USD', ...settings })}
    where id = 1`.execute(db);
}
