import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCategoryListSchema } from '@souq/contracts/admin-catalog';
import { apiErrorSchema } from '@souq/contracts/errors';
import { SAME_ORIGIN, signUpTestUser, type TestUser } from '../test/auth-helpers';
import { billing } from '../test/orders-fixtures';
import { signUpTestStaff, type TestStaff } from '../test/staff-helpers';
import { createTestApp, testDialects, type TestApp } from '../test/test-app';

/** Characters that act instead of showing: NUL, ESC, a right-to-left override, a zero-width space. */
const actingCharacters = ['\u0000', '\u001b', '\u202e', '\u200b'];

type Who = 'anyone' | 'shopper' | 'owner';
interface TextCase {
  who: Who;
  method: 'GET' | 'POST' | 'PUT';
  /** The request with `text` in the one field under test. */
  url: (text: string) => string;
  payload?: (text: string) => object;
  field: string;
}

const query = (path: string, name: string) => (text: string) =>
  `${path}?${name}=${encodeURIComponent(`a${text}b`)}`;

describe.each(testDialects)('text from outside on %s', (dialect) => {
  let t: TestApp;
  let shopper: TestUser;
  let owner: TestStaff;
  let categoryId: number;
  let client = 0;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    shopper = await signUpTestUser(t.app);
    owner = await signUpTestStaff(t.app, t.db, 'owner');
    const categories = await t.app.inject({
      method: 'GET',
      url: '/api/admin/categories',
      headers: { cookie: owner.cookie },
    });
    categoryId = adminCategoryListSchema.parse(categories.json()).items[0]!.id;
  });
  afterAll(() => t.close());

  const product = (description: string) => ({
    name: `Linen Shirt ${++client}`,
    description,
    translations: {},
    price: 3999,
    compareAtPrice: null,
    categoryId,
    images: ['/images/products/default.svg'],
    colours: [],
    sizes: [],
    variants: [{ colour: null, size: null, sku: null, initialStock: 1 }],
    published: true,
    lowStockThreshold: 2,
  });

  const cases: TextCase[] = [
    {
      who: 'anyone',
      method: 'POST',
      url: () => '/api/contact',
      payload: (text) => ({ name: `A${text}B`, email: 'a@example.com', phone: '+1 555 0100' }),
      field: 'name',
    },
    {
      who: 'anyone',
      method: 'POST',
      url: () => '/api/contact',
      payload: (text) => ({
        name: 'Ada',
        email: 'a@example.com',
        phone: '+1 555 0100',
        message: `Hello${text}`,
      }),
      field: 'message',
    },
    {
      who: 'anyone',
      method: 'POST',
      url: () => '/api/orders/lookup',
      payload: (text) => ({ number: `SQ-${text}`, email: billing.email }),
      field: 'number',
    },
    {
      who: 'anyone',
      method: 'POST',
      url: () => '/api/auth/sign-up/email',
      payload: (text) => ({
        name: `Ada${text}`,
        email: `ada-${++client}@example.com`,
        password: 'a-Strong-passphrase-42',
      }),
      field: 'name',
    },
    { who: 'anyone', method: 'GET', url: query('/api/products', 'q'), field: 'q' },
    { who: 'anyone', method: 'GET', url: query('/api/products', 'category'), field: 'category' },
    { who: 'anyone', method: 'GET', url: query('/api/search/suggestions', 'q'), field: 'q' },
    { who: 'anyone', method: 'GET', url: query('/api/products', 'colour'), field: 'colour' },
    { who: 'anyone', method: 'GET', url: query('/api/facets', 'size'), field: 'size' },
    {
      who: 'anyone',
      method: 'GET',
      url: (text) => `/api/products/${encodeURIComponent(`shirt${text}`)}`,
      field: 'idOrSlug',
    },
    {
      who: 'shopper',
      method: 'PUT',
      url: () => '/api/account/profile',
      payload: (text) => ({ firstName: `Ada${text}`, lastName: 'Lovelace' }),
      field: 'firstName',
    },
    {
      who: 'shopper',
      method: 'POST',
      url: () => '/api/account/addresses',
      payload: (text) => ({ ...billing, city: `Cairo${text}` }),
      field: 'city',
    },
    { who: 'owner', method: 'GET', url: query('/api/admin/products', 'q'), field: 'q' },
    { who: 'owner', method: 'GET', url: query('/api/admin/orders', 'q'), field: 'q' },
    { who: 'owner', method: 'GET', url: query('/api/admin/customers', 'q'), field: 'q' },
    { who: 'owner', method: 'GET', url: query('/api/admin/messages', 'q'), field: 'q' },
    { who: 'owner', method: 'GET', url: query('/api/admin/coupons', 'q'), field: 'q' },
    { who: 'owner', method: 'GET', url: query('/api/admin/audit', 'entityId'), field: 'entityId' },
    {
      who: 'owner',
      method: 'GET',
      url: query('/api/admin/coupons/1/uses', 'email'),
      field: 'email',
    },
    {
      who: 'owner',
      method: 'POST',
      url: () => '/api/admin/products',
      payload: (text) => product(`Washed linen.${text}`),
      field: 'description',
    },
    {
      who: 'owner',
      method: 'POST',
      url: () => '/api/admin/messages/1/reply',
      payload: (text) => ({ reply: `Thank you${text}`, locale: 'en' }),
      field: 'reply',
    },
    {
      who: 'owner',
      method: 'POST',
      url: () => '/api/admin/orders/1/actions',
      payload: (text) => ({ action: 'cancel', note: `Called${text}` }),
      field: 'note',
    },
  ];

  function send(c: TextCase, text: string) {
    const cookie = { anyone: undefined, shopper: shopper.cookie, owner: owner.cookie }[c.who];
    return t.app.inject({
      method: c.method,
      url: c.url(text),
      headers: { origin: SAME_ORIGIN, ...(cookie && { cookie }) },
      // An address of its own per request, so no rate limit answers first.
      remoteAddress: `10.77.${Math.floor(++client / 250)}.${client % 250}`,
      ...(c.payload && { payload: c.payload(text) }),
    });
  }

  it.each(cases.map((c) => [`${c.method} ${c.url('')} ${c.field}`, c] as const))(
    'refuses control, bidi-override and zero-width characters in %s with 400 naming the field',
    async (_name, c) => {
      for (const character of actingCharacters) {
        const response = await send(c, character);
        const label = `${JSON.stringify(character)}: ${response.body}`;
        expect(response.statusCode, label).toBe(400);
        const { error } = apiErrorSchema.parse(response.json());
        expect(error.code, label).toBe('invalid_request');
        expect(Object.keys(error.fields ?? {}), label).toContain(c.field);
      }
      // The same request with plain text is not refused for that field.
      const plain = await send(c, ' ');
      if (plain.statusCode === 400) {
        expect(Object.keys(apiErrorSchema.parse(plain.json()).error.fields ?? {})).not.toContain(
          c.field,
        );
      }
    },
  );

  it('keeps line breaks and tabs in a message and a description, as typed', async () => {
    const message = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      remoteAddress: '10.78.0.1',
      payload: {
        name: 'Ada',
        email: 'a@example.com',
        phone: '+1 555 0100',
        message: 'Line one\r\n\tLine two',
      },
    });
    expect(message.statusCode, message.body).toBe(201);
    const stored = await t.db.kysely
      .selectFrom('contact_messages')
      .select('message')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(stored.message).toBe('Line one\n\tLine two');

    const created = await t.app.inject({
      method: 'POST',
      url: '/api/admin/products',
      headers: { cookie: owner.cookie },
      payload: product('Washed linen.\nMade in Egypt.'),
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json<{ description: string }>().description).toBe(
      'Washed linen.\nMade in Egypt.',
    );
  });

  it('keeps the joiners that Persian words and emoji sequences need', async () => {
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/account/profile',
      headers: { cookie: shopper.cookie },
      payload: { firstName: 'می\u200cخواهم', lastName: '👩\u200d💻' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ firstName: 'می\u200cخواهم', lastName: '👩\u200d💻' });
  });
});
