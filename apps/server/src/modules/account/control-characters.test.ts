import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInput } from '@souq/contracts/addresses';
import { apiError, SAME_ORIGIN, signUpTestUser, type TestUser } from '../../test/auth-helpers';
import { billing, newKey, orderCount, orderBody, productIds } from '../../test/orders-fixtures';
import { createTestApp, testDialects, type TestApp } from '../../test/test-app';

/** Text a terminal or log viewer would act on: NUL, an ANSI colour escape, BEL, DEL, a C1 control, a newline. */
const hostile = ['Ali\u0000', '\u001b[31m', 'Ring\u0007', 'Del\u007f', 'C1\u0085x', 'Two\nLines'];

const address: AddressInput = {
  firstName: 'Amina',
  lastName: 'Haddad',
  companyName: '',
  streetAddress: '12 Souq Street',
  apartment: '',
  city: 'Amman',
  region: '',
  postalCode: '',
  country: 'JO',
  phone: '+962 6 555 0101',
  email: 'amina@example.com',
};
const addressFields = [
  'firstName',
  'lastName',
  'companyName',
  'streetAddress',
  'apartment',
  'city',
] as const;

describe.each(testDialects)('names and addresses refuse control characters (%s)', (dialect) => {
  let t: TestApp;
  let shopper: TestUser;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    shopper = await signUpTestUser(t.app, { name: 'Amina Haddad' });
  });
  afterAll(() => t.close());

  const send = (method: 'POST' | 'PUT', url: string, payload: object, headers = {}) =>
    t.app.inject({
      method,
      url,
      payload,
      headers: { origin: SAME_ORIGIN, cookie: shopper.cookie, ...headers },
    });
  const count = async (table: 'users' | 'addresses') =>
    (
      await t.db.kysely
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n;

  it.each(hostile)('sign-up refuses the name %j', async (name) => {
    const users = await count('users');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: { name, email: `cc-${Date.now()}@example.com`, password: 'a-Strong-passphrase-42' },
    });
    expect(response.statusCode).toBe(400);
    expect(apiError(response).fields?.name).toBeDefined();
    expect(await count('users')).toBe(users);
  });

  it.each(hostile)('the profile refuses the name %j', async (name) => {
    for (const field of ['firstName', 'lastName']) {
      const response = await send('PUT', '/api/account/profile', {
        firstName: 'Amina',
        lastName: 'Haddad',
        [field]: name,
      });
      expect(response.statusCode).toBe(400);
      expect(apiError(response).fields?.[field]).toBeDefined();
    }
    const profile = await t.app.inject({
      method: 'GET',
      url: '/api/account/profile',
      headers: { cookie: shopper.cookie },
    });
    expect(profile.json()).toMatchObject({ name: 'Amina Haddad' });
  });

  it.each(hostile)('the address book refuses %j in every text field', async (text) => {
    const saved = await send('POST', '/api/account/addresses', address);
    expect(saved.statusCode).toBe(201);
    const { id } = saved.json<{ id: number }>();
    const addresses = await count('addresses');
    for (const field of addressFields) {
      const created = await send('POST', '/api/account/addresses', { ...address, [field]: text });
      expect(created.statusCode).toBe(400);
      expect(apiError(created).fields?.[field]).toBeDefined();
      const edited = await send('PUT', `/api/account/addresses/${id}`, {
        ...address,
        [field]: text,
      });
      expect(edited.statusCode).toBe(400);
      expect(apiError(edited).fields?.[field]).toBeDefined();
    }
    expect(await count('addresses')).toBe(addresses);
    const book = await t.app.inject({
      method: 'GET',
      url: '/api/account/addresses',
      headers: { cookie: shopper.cookie },
    });
    expect(book.json<{ items: AddressInput[] }>().items).toContainEqual(
      expect.objectContaining(address),
    );
  });

  it.each(hostile)('checkout refuses %j in the billing details', async (text) => {
    const [productId] = await productIds(t.db, 1);
    const orders = await orderCount(t.db);
    for (const field of addressFields) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/orders',
        headers: { 'idempotency-key': newKey() },
        payload: orderBody([{ productId: productId ?? 1, quantity: 1 }], {
          billing: { ...billing, [field]: text },
        }),
      });
      expect(response.statusCode).toBe(400);
      expect(apiError(response).fields?.[`billing.${field}`]).toBeDefined();
    }
    expect(await orderCount(t.db)).toBe(orders);
  });

  it('keeps accepting names in any script, with inner spaces and punctuation', async () => {
    const response = await send('POST', '/api/account/addresses', {
      ...address,
      firstName: 'أمينة',
      lastName: "O'Brien-Haddad",
      streetAddress: '12, Souq St. (rear) #3',
    });
    expect(response.statusCode).toBe(201);
  });
});
