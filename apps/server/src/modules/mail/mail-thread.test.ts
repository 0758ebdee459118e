import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billing, newKey, orderBody, productIds, setProduct } from '../../test/orders-fixtures';
import { startSmtpSink } from '../../test/smtp-sink';
import { createAppOverDb, createTestDb, type TestApp, type TestDb } from '../../test/test-app';
import { testDialects } from '../../test/test-app';
import { seedDemoCatalogIfEmpty } from '../catalog/demo-catalog.seed';
import { createMailThread } from './mail-thread';
import { createOutboxWorker } from './outbox-worker';
import { createOutboxRepository } from './outbox.repository';

const orderMail = { shop: { url: 'http://shop.test', bankDetails: null } };

/** A MIME part's body, base64 or 7-bit, as the reader's mail program decodes it. */
function part(raw: string, contentType: string): string {
  const start = raw.indexOf(`Content-Type: ${contentType}`);
  const [headers = '', body = ''] = raw.slice(start).split('\r\n\r\n');
  const encoded = body.split('\r\n--')[0] ?? '';
  return /base64/i.test(headers) ? Buffer.from(encoded, 'base64').toString('utf8') : encoded;
}

describe.each(testDialects)('the mail thread on %s', (dialect) => {
  let testDb: TestDb;
  let t: TestApp;
  let product: number;
  beforeAll(async () => {
    testDb = await createTestDb(dialect);
    await seedDemoCatalogIfEmpty(testDb.db);
    t = await createAppOverDb(testDb.db);
    [product] = (await productIds(t.db, 1)) as [number];
    await setProduct(t.db, product, { price: 1500, stock: 100 });
  });
  afterAll(async () => {
    await t.close();
    await testDb.cleanup();
  });

  async function placeOrder(email: string): Promise<string> {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { 'idempotency-key': newKey() },
      payload: orderBody([{ productId: product, quantity: 1 }], { billing: { ...billing, email } }),
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ number: string }>().number;
  }

  const outbox = () =>
    t.db.kysely
      .selectFrom('mail_outbox')
      .select(['recipient', 'status', 'attempts', 'last_error', 'html', 'text'])
      .orderBy('id')
      .execute();

  it('renders and sends an order mail over SMTP, and the outbox keeps the body it sent', async () => {
    await t.db.kysely.deleteFrom('mail_outbox').execute();
    const number = await placeOrder('threaded@example.com');
    const sink = await startSmtpSink();
    const thread = createMailThread({
      databaseUrl: testDb.url,
      smtpUrl: `smtp://127.0.0.1:${sink.port}`,
      mailFrom: 'Souq <shop@souq.example>',
      messageIdDomain: 'shop.example',
      orderMail,
    });
    try {
      const worker = createOutboxWorker({
        repository: createOutboxRepository(t.db),
        deliver: thread.deliver,
        log: t.app.log,
      });
      expect(await worker.runOnce()).toBe(1);
      expect(sink.received).toHaveLength(1);
      const [raw = ''] = sink.received;
      expect(raw).toMatch(/^To: threaded@example\.com$/m);
      expect(raw).toMatch(/^Message-ID: <[^@\s]+@shop\.example>$/m);
      const text = part(raw, 'text/plain');
      expect(text).toContain(number);
      expect(text).toContain('Cash on delivery');
      const [row] = await outbox();
      expect(row).toMatchObject({ recipient: 'threaded@example.com', status: 'sent', attempts: 1 });
      // What the back office's resend sends again is what the shopper got.
      expect(row?.text).toBe(text);
      expect(row?.html).toBe(part(raw, 'text/html'));
    } finally {
      await thread.close();
      await sink.close();
    }
  });

  it('fails the mails of a thread that cannot start, to be sent again later', async () => {
    await t.db.kysely.deleteFrom('mail_outbox').execute();
    await placeOrder('later@example.com');
    const thread = createMailThread({
      // A database the thread cannot open (its folder would be this file): it ends at once.
      databaseUrl: `sqlite:${import.meta.filename}/souq.db`,
      smtpUrl: 'smtp://127.0.0.1:9',
      mailFrom: 'Souq <shop@souq.example>',
      messageIdDomain: 'shop.example',
      orderMail,
    });
    const worker = createOutboxWorker({
      repository: createOutboxRepository(t.db),
      deliver: thread.deliver,
      log: t.app.log,
    });
    expect(await worker.runOnce()).toBe(0);
    const [row] = await outbox();
    expect(row).toMatchObject({ recipient: 'later@example.com', status: 'queued', attempts: 1 });
    expect(row?.last_error).toMatch(/the mail thread stopped/);
    await thread.close();
  });
});
