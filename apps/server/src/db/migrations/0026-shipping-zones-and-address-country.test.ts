import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { addressFieldsSchema } from '@souq/contracts/addresses';
import { migrationTestDatabases } from '../../test/empty-database';
import { testDialects } from '../../test/test-app';
import { migrateToLatest } from '../migrate';

const address = {
  first_name: 'Layla',
  last_name: 'Haddad',
  company_name: '',
  street_address: '1 Market Street',
  apartment: '',
  city: 'Jeddah',
  phone: '+966 50 000 0000',
  email: 'layla@example.com',
};

describe.each(testDialects)(
  'migration 0026-shipping-zones-and-address-country on %s',
  (dialect) => {
    const migratedTo = migrationTestDatabases(dialect);

    it("gives earlier addresses and orders the shop's own country, and the shop its old shipping rule", async () => {
      const k = await migratedTo('0023-mail-message-ids');

      await sql`insert into shop_settings (id, settings_json, version)
      values (1, ${JSON.stringify({ address: { country: 'SA' } })}, 1)`.execute(k);
      const now = new Date().toISOString();
      await sql`insert into users (id, name, email, email_verified, created_at, updated_at)
      values ('u1', 'Layla', 'layla@example.com', ${dialect === 'postgres' ? sql.lit(false) : 0}, ${now}, ${now})`.execute(
        k,
      );
      await sql`insert into addresses (user_id, first_name, last_name, company_name, street_address,
        apartment, city, phone, email, is_default)
      values ('u1', ${address.first_name}, ${address.last_name}, '', ${address.street_address}, '',
        ${address.city}, ${address.phone}, ${address.email}, ${dialect === 'postgres' ? sql.lit(true) : 1})`.execute(
        k,
      );
      const billing = {
        firstName: 'Layla',
        lastName: 'Haddad',
        companyName: '',
        streetAddress: '1 Market Street',
        apartment: '',
        city: 'Jeddah',
        phone: '+966 50 000 0000',
        email: 'layla@example.com',
      };
      await sql`insert into orders (number, email, status, payment_method, billing, currency,
        subtotal_cents, shipping_cents, discount_cents, total_cents)
      values ('SQ-OLD', 'layla@example.com', 'pending', 'cash_on_delivery',
        ${JSON.stringify(billing)}, 'USD', 2000, 500, 0, 2500)`.execute(k);

      await migrateToLatest(k, dialect);

      const book = await k
        .selectFrom('addresses')
        .select(['country', 'region', 'postal_code', 'city'])
        .execute();
      expect(book).toEqual([{ country: 'SA', region: '', postal_code: '', city: 'Jeddah' }]);
      const order = await k
        .selectFrom('orders')
        .select(['billing', 'shipping_method', 'shipping_method_id'])
        .executeTakeFirstOrThrow();
      expect(addressFieldsSchema.parse(JSON.parse(order.billing))).toEqual({
        ...billing,
        region: '',
        postalCode: '',
        country: 'SA',
      });
      expect(order).toMatchObject({ shipping_method: null, shipping_method_id: null });

      const methods = await k.selectFrom('shipping_methods').selectAll().execute();
      expect(methods).toEqual([
        expect.objectContaining({ price_cents: 500, free_over_cents: 14_000, cod_fee_cents: 0 }),
      ]);
    });
  },
);
