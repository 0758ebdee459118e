import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { shopSettingsSchema } from '@souq/contracts/shop-settings';
import { migrationTestDatabases } from '../../test/empty-database';
import { testDialects } from '../../test/test-app';
import { migrateToLatest } from '../migrate';

describe.each(testDialects)('migration 0024-shop-currency-setting on %s', (dialect) => {
  const migratedTo = migrationTestDatabases(dialect);

  it('keeps a shop that saved its settings in US dollars, with everything else as it was', async () => {
    const k = await migratedTo('0023-mail-message-ids');
    const saved = { shopName: 'Dar Al Qamar', displayDelays: false };
    await sql`insert into shop_settings (id, settings_json, version)
      values (1, ${JSON.stringify(saved)}, 4)`.execute(k);

    await migrateToLatest(k, dialect);

    const row = await k
      .selectFrom('shop_settings')
      .select(['settings_json', 'version'])
      .executeTakeFirstOrThrow();
    expect(JSON.parse(row.settings_json)).toEqual({ currency: 'USD', ...saved });
    expect(row.version).toBe(4);
    expect(shopSettingsSchema.shape.currency.parse('USD')).toBe('USD');
  });
});
