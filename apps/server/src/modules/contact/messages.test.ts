import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminMessageListSchema, adminMessageSchema } from '@souq/contracts/admin-marketing';
import { blankShopSettings } from '@souq/contracts/shop-settings';
import { auditListSchema } from '@souq/contracts/staff';
import { apiError } from '../../test/auth-helpers';
import { signUpTestStaff, type TestStaff } from '../../test/staff-helpers';
import { createTestApp, testDialects, type TestApp } from '../../test/test-app';
import { contactReplyMail } from '../mail/templates/contact-reply';
import { createContactRepository } from './contact.repository';
import { createMessagesService } from './messages.service';

describe('the contact reply mail', () => {
  it('escapes what people wrote, keeps line breaks, and speaks the chosen language', () => {
    const mail = contactReplyMail({
      locale: 'ar',
      name: '<b>Layla</b>',
      reply: 'نعم، نوصل يوم الجمعة.\nشكرًا <script>',
      message: 'Do you deliver on <Fridays>?',
      receivedAt: new Date('2026-11-20T09:00:00Z'),
      shop: blankShopSettings,
      origin: 'https://souq.test',
    });
    expect(mail.subject).toBe('رد على رسالتك إلى Souq');
    expect(mail.html).toContain('lang="ar" dir="rtl"');
    expect(mail.html).toContain('&lt;b>Layla&lt;/b>');
    expect(mail.html).toContain('نعم، نوصل يوم الجمعة.<br/>شكرًا &lt;script>');
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;Fridays>');
    expect(mail.text).toContain('> Do you deliver on <Fridays>?');
    const english = contactReplyMail({
      locale: 'en',
      name: 'Layla',
      reply: 'Yes.',
      message: '',
      receivedAt: new Date('2026-11-20T09:00:00Z'),
      shop: blankShopSettings,
      origin: 'https://souq.test',
    });
    expect(english.subject).toBe('Re: your message to Souq');
    expect(english.text).toBe('Hello Layla,\n\nYes.\n\nThe Souq team');
  });
});

describe.each(testDialects)('the messages inbox on %s', (dialect) => {
  let t: TestApp;
  let support: TestStaff;
  let manager: TestStaff;
  let owner: TestStaff;
  let fulfilment: TestStaff;
  let client = 0;

  beforeAll(async () => {
    t = await createTestApp(dialect, { seed: false });
    support = await signUpTestStaff(t.app, t.db, 'support');
    manager = await signUpTestStaff(t.app, t.db, 'manager');
    owner = await signUpTestStaff(t.app, t.db, 'owner');
    fulfilment = await signUpTestStaff(t.app, t.db, 'fulfilment');
  });
  afterAll(() => t.close());

  const as = (who: TestStaff, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie: who.cookie }, ...(payload ? { payload } : {}) });
  /** A message through the storefront's contact form, as a visitor sends it. */
  async function send(name: string, message: string): Promise<number> {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      remoteAddress: `10.1.0.${++client}`,
      payload: {
        name,
        email: `${name.toLowerCase()}@example.com`,
        phone: '+971 50 123 4567',
        message,
      },
    });
    expect(res.statusCode).toBe(201);
    const row = await t.db.kysely
      .selectFrom('contact_messages')
      .select('id')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    return row.id;
  }
  const list = async (query = '') =>
    adminMessageListSchema.parse((await as(support, 'GET', `/api/admin/messages${query}`)).json());
  const mailsTo = (email: string) =>
    t.db.kysely.selectFrom('mail_outbox').selectAll().where('recipient', '=', email).execute();

  it('lists messages newest first with the unread count; opening one marks it read', async () => {
    const first = await send('Amal', 'Where is my parcel?');
    const second = await send('Badr', 'Do you sell gift cards?');
    const before = await list();
    expect(before.items.slice(0, 2).map((m) => m.id)).toEqual([second, first]);
    expect(before.items[0]).toMatchObject({ state: 'unread', readAt: null, name: 'Badr' });

    const opened = adminMessageSchema.parse(
      (await as(support, 'GET', `/api/admin/messages/${first}`)).json(),
    );
    expect(opened).toMatchObject({ id: first, state: 'read', message: 'Where is my parcel?' });
    const after = await list();
    expect(after.unread).toBe(before.unread - 1);
    expect((await list('?state=unread')).items.map((m) => m.id)).toContain(second);
    expect((await list('?state=unread')).items.map((m) => m.id)).not.toContain(first);
    expect((await list('?q=gift')).items.map((m) => m.id)).toEqual([second]);
    expect((await as(support, 'GET', '/api/admin/messages/999999')).statusCode).toBe(404);
    expect((await as(support, 'GET', '/api/admin/messages?state=lost')).statusCode).toBe(400);
  });

  it('marks a message unread again, or answered by phone without a mail, and logs it', async () => {
    const id = await send('Carim', 'Please call me back.');
    await as(support, 'GET', `/api/admin/messages/${id}`);
    const unread = await as(support, 'PATCH', `/api/admin/messages/${id}`, { state: 'unread' });
    expect(adminMessageSchema.parse(unread.json())).toMatchObject({
      state: 'unread',
      readAt: null,
    });
    const phoned = await as(support, 'PATCH', `/api/admin/messages/${id}`, { state: 'answered' });
    expect(adminMessageSchema.parse(phoned.json())).toMatchObject({
      state: 'answered',
      answeredBy: support.email,
      reply: null,
    });
    expect(await mailsTo('carim@example.com')).toHaveLength(0);
    const bad = await as(support, 'PATCH', `/api/admin/messages/${id}`, { state: 'deleted' });
    expect(apiError(bad).fields).toHaveProperty('state');
    const audit = await as(
      owner,
      'GET',
      `/api/admin/audit?entityType=contact_message&entityId=${id}`,
    );
    expect(auditListSchema.parse(audit.json()).items.map((e) => e.action)).toEqual([
      'message.answered',
      'message.unread',
    ]);
  });

  it('replies by mail in the chosen language: one mail in the outbox, the message answered', async () => {
    const id = await send('Dalia', 'هل يمكن الدفع عند الاستلام؟');
    const res = await as(support, 'POST', `/api/admin/messages/${id}/reply`, {
      reply: 'نعم، الدفع عند الاستلام متاح.',
      locale: 'ar',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(adminMessageSchema.parse(res.json())).toMatchObject({
      state: 'answered',
      answeredBy: support.email,
      reply: 'نعم، الدفع عند الاستلام متاح.',
    });
    const mails = await mailsTo('dalia@example.com');
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ kind: 'contact_reply', status: 'queued', order_id: null });
    expect(mails[0]?.subject).toBe('رد على رسالتك إلى Souq');
    expect(mails[0]?.text).toContain('نعم، الدفع عند الاستلام متاح.');

    const empty = await as(support, 'POST', `/api/admin/messages/${id}/reply`, {
      reply: '  ',
      locale: 'en',
    });
    expect(empty.statusCode).toBe(400);
    const language = await as(support, 'POST', `/api/admin/messages/${id}/reply`, {
      reply: 'Hi',
      locale: 'fr',
    });
    expect(apiError(language).fields).toHaveProperty('locale');
    const missing = await as(support, 'POST', '/api/admin/messages/999999/reply', {
      reply: 'Hi',
      locale: 'en',
    });
    expect(missing.statusCode).toBe(404);
    expect(await mailsTo('dalia@example.com')).toHaveLength(1);
  });

  it('queues no mail when marking the message answered fails: both or neither', async () => {
    const id = await send('Eman', 'Is this in stock?');
    const repository = createContactRepository(t.db);
    const failing: typeof repository = {
      ...repository,
      transaction: (work) =>
        repository.transaction((tx) =>
          work({
            ...tx,
            markMessage: () => Promise.reject(new Error('the disk is full')),
          }),
        ),
    };
    const messages = createMessagesService({ repository: failing, origin: 'https://souq.test' });
    await expect(
      messages.reply({ userId: support.id, email: support.email }, id, {
        reply: 'Yes',
        locale: 'en',
      }),
    ).rejects.toThrow('the disk is full');
    expect(await mailsTo('eman@example.com')).toHaveLength(0);
    const row = adminMessageSchema.parse(
      (await as(support, 'GET', `/api/admin/messages/${id}`)).json(),
    );
    expect(row).toMatchObject({ state: 'read', answeredAt: null });
  });

  it('is open to support and managers, not to fulfilment', async () => {
    const id = await send('Fadi', 'Hello');
    expect((await as(manager, 'GET', '/api/admin/messages')).statusCode).toBe(200);
    for (const [method, url, payload] of [
      ['GET', '/api/admin/messages', undefined],
      ['GET', `/api/admin/messages/${id}`, undefined],
      ['PATCH', `/api/admin/messages/${id}`, { state: 'read' }],
      ['POST', `/api/admin/messages/${id}/reply`, { reply: 'Hi', locale: 'en' }],
    ] as const) {
      expect((await as(fulfilment, method, url, payload)).statusCode, `${method} ${url}`).toBe(403);
    }
    expect((await list()).items.find((m) => m.id === id)?.state).toBe('unread');
  });
});
