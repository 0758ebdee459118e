import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactMessageReceiptSchema } from '@souq/contracts/contact';
import { apiErrorSchema } from '@souq/contracts/errors';
import { buildApp } from '../../app';
import { readEnv } from '../../env';
import { createTestApp, testDialects, type TestApp } from '../../test/test-app';
import { CONTACT_RATE_LIMIT } from './contact.routes';

const validMessage = {
  name: 'Layla Haddad',
  email: 'Layla@Example.com',
  phone: '+971 50 123 4567',
  message: 'Do you deliver to Sharjah on Fridays?',
};

describe.each(testDialects)('contact API on %s', (dialect) => {
  let t: TestApp;
  let client = 0;
  beforeAll(async () => {
    t = await createTestApp(dialect, { seed: false });
  });
  afterAll(() => t.close());

  /** Each test sends from its own address so the rate limit of one does not spill into another. */
  function sendFrom(address: string, payload: object) {
    return t.app.inject({ method: 'POST', url: '/api/contact', payload, remoteAddress: address });
  }
  const nextAddress = () => `10.0.0.${++client}`;
  const storedMessages = () =>
    t.db.kysely.selectFrom('contact_messages').selectAll().orderBy('id').execute();

  it('stores a valid message and confirms it', async () => {
    const before = (await storedMessages()).length;
    const res = await sendFrom(nextAddress(), validMessage);
    expect(res.statusCode).toBe(201);
    const receipt = contactMessageReceiptSchema.parse(res.json());
    expect(receipt.message).toMatch(/thank you/i);
    const rows = await storedMessages();
    expect(rows).toHaveLength(before + 1);
    expect(rows.at(-1)).toMatchObject({
      name: 'Layla Haddad',
      email: 'layla@example.com',
      phone: '+971 50 123 4567',
      message: 'Do you deliver to Sharjah on Fridays?',
    });
  });

  it('accepts a message without its optional text', async () => {
    const res = await sendFrom(nextAddress(), { ...validMessage, message: undefined });
    expect(res.statusCode).toBe(201);
    expect((await storedMessages()).at(-1)?.message).toBe('');
  });

  it('refuses missing and malformed fields, naming each one', async () => {
    const res = await sendFrom(nextAddress(), {
      name: '   ',
      email: 'not-an-email',
      phone: 'call me',
      message: 'x'.repeat(2001),
    });
    expect(res.statusCode).toBe(400);
    const { error } = apiErrorSchema.parse(res.json());
    expect(error.code).toBe('invalid_request');
    expect(Object.keys(error.fields ?? {}).sort()).toEqual(['email', 'message', 'name', 'phone']);
  });

  it('refuses a JSON body that is not an object', async () => {
    for (const payload of ['"hello"', '[]', 'null', '{"name":']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/contact',
        headers: { 'content-type': 'application/json' },
        payload,
        remoteAddress: nextAddress(),
      });
      expect(res.statusCode, payload).toBe(400);
      apiErrorSchema.parse(res.json());
    }
  });

  it('stores the same message sent twice as two messages', async () => {
    const before = (await storedMessages()).length;
    const address = nextAddress();
    expect((await sendFrom(address, validMessage)).statusCode).toBe(201);
    expect((await sendFrom(address, validMessage)).statusCode).toBe(201);
    expect(await storedMessages()).toHaveLength(before + 2);
  });

  it('answers a filled honeypot like a person but stores nothing', async () => {
    const before = (await storedMessages()).length;
    const human = await sendFrom(nextAddress(), validMessage);
    const bot = await sendFrom(nextAddress(), { ...validMessage, website: 'http://spam.example' });
    expect(bot.statusCode).toBe(human.statusCode);
    expect(bot.json()).toEqual(human.json());
    expect(await storedMessages()).toHaveLength(before + 1);
  });

  it('limits one client address to a few messages a minute, in the error shape', async () => {
    const address = nextAddress();
    for (let i = 0; i < CONTACT_RATE_LIMIT.max; i++) {
      expect((await sendFrom(address, validMessage)).statusCode).toBe(201);
    }
    const before = (await storedMessages()).length;
    const limited = await sendFrom(address, validMessage);
    expect(limited.statusCode).toBe(429);
    expect(apiErrorSchema.parse(limited.json()).error.code).toBe('rate_limited');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(await storedMessages()).toHaveLength(before);
    // Another address is not affected.
    expect((await sendFrom(nextAddress(), validMessage)).statusCode).toBe(201);
  });

  it('shares the limit between app servers over the same database', async () => {
    const second = await buildApp({ env: readEnv({ LOG_LEVEL: 'silent' }), db: t.db });
    try {
      const address = nextAddress();
      const servers = [t.app, second];
      for (let i = 0; i < CONTACT_RATE_LIMIT.max; i++) {
        const res = await servers[i % 2]!.inject({
          method: 'POST',
          url: '/api/contact',
          payload: validMessage,
          remoteAddress: address,
        });
        expect(res.statusCode).toBe(201);
      }
      for (const server of servers) {
        const res = await server.inject({
          method: 'POST',
          url: '/api/contact',
          payload: validMessage,
          remoteAddress: address,
        });
        expect(res.statusCode).toBe(429);
      }
    } finally {
      await second.close();
    }
  });
});
