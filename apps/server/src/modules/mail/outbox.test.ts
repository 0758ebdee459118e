import fs from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { billing, newKey, orderBody, productIds, setProduct } from '../../test/orders-fixtures';
import {
  createAppOverDb,
  createTestDb,
  testDialects,
  type TestApp,
  type TestDb,
} from '../../test/test-app';
import { seedDemoCatalogIfEmpty } from '../catalog/demo-catalog.seed';
import { createMailThread } from './mail-thread';
import { offlineOrderDependencies } from '../../test/payments-fixtures';
import { createOrdersRepository, ordersQueries } from '../orders/orders.repository';
import { orderMailBodies } from '../orders/order-mails';
import { createOrdersService } from '../orders/orders.service';
import { startSmtpSink } from '../../test/smtp-sink';
import { createMailDelivery, type OrderMailBodies } from './mail-delivery';
import { createSmtpMailer, type MailMessage, type Mailer } from './mailer';
import { createOutboxWorker, retryDelayMs } from './outbox-worker';
import { queueOrderMails, requeueOrderMail } from './outbox.queries';
import { createOutboxRepository, type LeasedMail } from './outbox.repository';

const shopMail = { shop: { url: 'http://shop.test', bankDetails: null } };

/** A mail server that refuses while `down` is set and otherwise keeps what it receives. */
function fakeMailServer() {
  const received: MailMessage[] = [];
  const server = {
    down: false,
    received,
    mailer: {
      send(message) {
        if (server.down) return Promise.reject(new Error('421 Service not available'));
        received.push(message);
        return Promise.resolve();
      },
    } satisfies Mailer,
  };
  return server;
}

/** The id of a thread from its /proc link (`/proc/thread-self` is `<pid>/task/<tid>`). */
const threadIdOf = (link: string) => Number(fs.readlinkSync(link).split('/').pop());

/** Each of this process's threads' nice value, by thread id (Linux's /proc, field 19 of `stat`). */
function threadNices(): Map<number, number> {
  const nices = new Map<number, number>();
  for (const id of fs.readdirSync('/proc/self/task')) {
    const stat = fs.readFileSync(`/proc/self/task/${id}/stat`, 'utf8');
    // The fields after the command's closing parenthesis start with the third, the state.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    nices.set(Number(id), Number(fields[16]));
  }
  return nices;
}

/** A clock the test moves by hand, from now (when the orders' mails were queued). */
function handClock(start = Date.now()) {
  let now = start;
  return { now: () => new Date(now), advance: (ms: number) => (now += ms) };
}

describe('retry delays', () => {
  it('double from the first and stop growing at an hour', () => {
    expect([1, 2, 3, 4].map((n) => retryDelayMs(n, 30_000))).toEqual([
      30_000, 60_000, 120_000, 240_000,
    ]);
    expect(retryDelayMs(20, 30_000)).toBe(60 * 60 * 1000);
  });
});

/** A MIME part's body, base64 or 7-bit, as the reader's mail program decodes it. */
function part(raw: string, contentType: string): string {
  const node = raw.slice(raw.indexOf(`Content-Type: ${contentType}`));
  const headersEnd = node.indexOf('\r\n\r\n');
  const encoded = node.slice(headersEnd + 4).split('\r\n--')[0] ?? '';
  // A 7-bit part's lines end in CRLF on the wire, as SMTP has them.
  return /base64/i.test(node.slice(0, headersEnd))
    ? Buffer.from(encoded, 'base64').toString('utf8')
    : encoded.replaceAll('\r\n', '\n');
}

describe.each(testDialects)('the mail outbox on %s', (dialect) => {
  let testDb: TestDb;
  let t: TestApp;
  let product: number;
  beforeAll(async () => {
    // The database's URL too: the mail thread opens connections of its own.
    testDb = await createTestDb(dialect);
    await seedDemoCatalogIfEmpty(testDb.db);
    t = await createAppOverDb(testDb.db);
    [product] = (await productIds(t.db, 1)) as [number];
  });
  afterAll(async () => {
    await t.close();
    await testDb.cleanup();
  });
  /** Renders placed orders' mails from the order as they are sent, as the app's worker does. */
  const bodies: OrderMailBodies = (mails) =>
    orderMailBodies(ordersQueries(t.db.kysely), shopMail)(mails);
  beforeEach(async () => {
    await setProduct(t.db, product, { price: 1500, stock: 100 });
    // Each test starts from an empty outbox, as the worker sees every queued mail.
    await t.db.kysely.deleteFrom('mail_outbox').execute();
  });

  async function placeOrder(email = billing.email): Promise<string> {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { 'idempotency-key': newKey() },
      payload: orderBody([{ productId: product, quantity: 1 }], { billing: { ...billing, email } }),
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ number: string }>().number;
  }

  const worker = (server: ReturnType<typeof fakeMailServer>, clock: ReturnType<typeof handClock>) =>
    createOutboxWorker({
      repository: createOutboxRepository(t.db),
      deliver: createMailDelivery({
        mailer: server.mailer,
        orderMailBodies: bodies,
        messageIdDomain: 'shop.example',
      }),
      log: t.app.log,
      clock: clock.now,
      leaseMs: 60_000,
      firstRetryMs: 30_000,
      maxAttempts: 3,
    });

  /** A worker sending over SMTP to the sink at `port`, as the app's does. */
  const smtpWorker = (port: number) => {
    const smtp = createSmtpMailer(`smtp://127.0.0.1:${port}`, 'Souq <shop@souq.example>');
    const w = createOutboxWorker({
      repository: createOutboxRepository(t.db),
      deliver: createMailDelivery({
        mailer: smtp,
        orderMailBodies: bodies,
        messageIdDomain: 'shop.example',
      }),
      log: t.app.log,
    });
    return { smtp, w };
  };

  const statuses = async () =>
    (
      await t.db.kysely
        .selectFrom('mail_outbox')
        .select(['recipient', 'status', 'attempts', 'last_error'])
        .orderBy('id')
        .execute()
    ).map((r) => ({ ...r, last_error: r.last_error ?? null }));

  it('keeps every mail through a mail server outage and sends each exactly once when it is back', async () => {
    await placeOrder('one@example.com');
    await placeOrder('two@example.com');
    const server = fakeMailServer();
    const clock = handClock();
    const w = worker(server, clock);
    server.down = true;
    expect(await w.runOnce()).toBe(0);
    expect((await statuses()).map((s) => [s.status, s.attempts])).toEqual([
      ['queued', 1],
      ['queued', 1],
    ]);
    expect((await statuses())[0]?.last_error).toContain('421');
    server.down = false;
    // Not due before the backoff has passed.
    expect(await w.runOnce()).toBe(0);
    clock.advance(30_001);
    expect(await w.runOnce()).toBe(2);
    expect(await w.runOnce()).toBe(0);
    clock.advance(24 * 60 * 60 * 1000);
    expect(await w.runOnce()).toBe(0);
    expect(server.received.map((m) => m.to).sort()).toEqual(['one@example.com', 'two@example.com']);
    const [mail] = server.received;
    expect(mail?.html).toContain('<html lang="en" dir="ltr">');
    expect(mail?.text).toContain('Cash on delivery');
    expect((await statuses()).map((s) => s.status)).toEqual(['sent', 'sent']);
  });

  it("shows each product's picture from the shop's address, and a guest's button opens the look-up", async () => {
    await placeOrder('pictured@example.com');
    const server = fakeMailServer();
    await worker(server, handClock()).runOnce();
    const html = server.received.find((m) => m.to === 'pictured@example.com')?.html ?? '';
    const { images } = await t.db.kysely
      .selectFrom('products')
      .select('images')
      .where('id', '=', product)
      .executeTakeFirstOrThrow();
    const [picture] = JSON.parse(images) as string[];
    expect(picture).toBeTruthy();
    expect(html).toMatch(new RegExp(`<img [^>]*src="https?://[^"/]+${picture}"`));
    expect(html).toMatch(/href="https?:\/\/[^"/]+\/orders\/lookup\?number=SQ-/);
    expect(html).not.toContain('/account/orders/');
  });

  it('marks a mail failed once its attempts run out and tries it no more', async () => {
    await placeOrder();
    const server = fakeMailServer();
    const clock = handClock();
    const w = worker(server, clock);
    server.down = true;
    for (let i = 0; i < 3; i++) {
      await w.runOnce();
      clock.advance(60 * 60 * 1000);
    }
    expect(await statuses()).toEqual([
      {
        recipient: billing.email,
        status: 'failed',
        attempts: 3,
        last_error: '421 Service not available',
      },
    ]);
    server.down = false;
    expect(await w.runOnce()).toBe(0);
    expect(server.received).toHaveLength(0);
  });

  it("renders a batch's order mails from one read of their orders, and fails only the mail whose order is gone", async () => {
    const numbers = [await placeOrder('first@example.com'), await placeOrder('second@example.com')];
    const orders = await t.db.kysely
      .selectFrom('orders')
      .select(['id', 'number'])
      .where('number', 'in', numbers)
      .execute();
    const idOf = (number: string) => orders.find((o) => o.number === number)?.id ?? 0;
    const rendered = bodies([
      { id: 1, kind: 'order_placed', orderId: idOf(numbers[0] ?? ''), to: 'first@example.com' },
      { id: 2, kind: 'new_order_alert', orderId: idOf(numbers[1] ?? ''), to: 'owner@example.com' },
      { id: 3, kind: 'order_placed', orderId: 999_999, to: 'gone@example.com' },
    ]).bodies;
    expect((await rendered.get(1))?.text).toContain(numbers[0]);
    expect((await rendered.get(2))?.text).toContain(numbers[1]);
    await expect(rendered.get(3)).rejects.toThrow('The order of mail 3 is missing');
  });

  it('sends a digest without an alert whose order is gone, which fails alone', async () => {
    const numbers = [await placeOrder('a@example.com'), await placeOrder('b@example.com')];
    const orders = await t.db.kysely
      .selectFrom('orders')
      .select('id')
      .where('number', 'in', numbers)
      .orderBy('id')
      .execute();
    const alert = (id: number, orderId: number): LeasedMail => ({
      id,
      kind: 'new_order_alert',
      orderId,
      to: 'owner@example.com',
      subject: 'New order',
      html: '',
      text: '',
      attempts: 0,
      leaseToken: 'lease',
      messageKey: `alert-${id}`,
      bodyFromOrder: true,
    });
    const server = fakeMailServer();
    const deliver = createMailDelivery({
      mailer: server.mailer,
      orderMailBodies: bodies,
      messageIdDomain: 'shop.example',
    });
    const outcomes = await deliver([
      alert(1, orders[0]!.id),
      alert(2, 999_999),
      alert(3, orders[1]!.id),
    ]);
    expect(outcomes).toEqual([
      { sent: true },
      { sent: false, error: 'The order of mail 2 is missing' },
      { sent: true },
    ]);
    expect(server.received.map((m) => [m.subject, m.messageId])).toEqual([
      [`2 new orders: ${numbers[0]} to ${numbers[1]}`, '<alert-1@shop.example>'],
    ]);
  });

  it('never sends a mail for an order that rolled back', async () => {
    const orders = createOrdersService({
      repository: (() => {
        const real = createOrdersRepository(t.db);
        return {
          ...real,
          transaction: (work) =>
            real.transaction((queries) =>
              work({
                ...queries,
                // Fails after the order's mails were queued in the same transaction, at a step
                // after the write, as an order with a coupon has (its write leaves the commit).
                writePlacedOrder: async (placed) => {
                  await queries.writePlacedOrder({ ...placed, endsTransaction: false });
                  throw new Error('the database went away');
                },
              }),
            ),
        };
      })(),
      addressBook: { list: () => Promise.resolve([]), add: () => Promise.resolve(true) },
      ...offlineOrderDependencies(t.db),
    });
    await expect(
      orders.placeOrder(orderBody([{ productId: product, quantity: 1 }]) as never, {
        idempotencyKey: newKey(),
        userId: null,
      }),
    ).rejects.toThrow('the database went away');
    const server = fakeMailServer();
    expect(await worker(server, handClock()).runOnce()).toBe(0);
    expect(await statuses()).toEqual([]);
    // Refused at the door (not enough stock): no mail either.
    await setProduct(t.db, product, { stock: 0 });
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { 'idempotency-key': newKey() },
      payload: orderBody([{ productId: product, quantity: 1 }]),
    });
    expect(refused.statusCode).toBe(409);
    expect(await statuses()).toEqual([]);
  });

  it('keeps other workers off a leased mail until the lease expires, then sends it once', async () => {
    await placeOrder();
    const clock = handClock();
    // A worker that leased the mail and died before sending it.
    const leased = await createOutboxRepository(t.db).leaseDue(
      clock.now().toISOString(),
      new Date(clock.now().getTime() + 60_000).toISOString(),
      'dead-worker',
      10,
    );
    expect(leased).toHaveLength(1);
    const server = fakeMailServer();
    const w = worker(server, clock);
    clock.advance(59_000);
    expect(await w.runOnce()).toBe(0);
    clock.advance(2_000);
    expect(await w.runOnce()).toBe(1);
    // The dead worker's late report changes nothing: its lease is gone.
    await createOutboxRepository(t.db).markAttemptFailed(leased[0]!, 'late', null);
    expect((await statuses()).map((s) => s.status)).toEqual(['sent']);
    expect(server.received).toHaveLength(1);
  });

  it('sends a mail again after a crash with the Message-ID it was first sent with', async () => {
    await placeOrder('resent@example.com');
    await placeOrder('other@example.com');
    const sink = await startSmtpSink();
    try {
      const smtp = createSmtpMailer(`smtp://127.0.0.1:${sink.port}`, 'Souq <shop@souq.example>');
      let crashes = 1;
      // The first attempt reaches the mail server, then the worker fails before marking it sent.
      const crashingAfterSend: Mailer = {
        async send(message) {
          await smtp.send(message);
          if (message.to === 'resent@example.com' && crashes > 0) {
            crashes -= 1;
            throw new Error('connection lost');
          }
        },
      };
      const clock = handClock();
      const w = createOutboxWorker({
        repository: createOutboxRepository(t.db),
        deliver: createMailDelivery({
          mailer: crashingAfterSend,
          orderMailBodies: bodies,
          messageIdDomain: 'shop.example',
        }),
        log: t.app.log,
        clock: clock.now,
        firstRetryMs: 30_000,
      });
      await w.runOnce();
      clock.advance(30_001);
      await w.runOnce();
      expect((await statuses()).map((s) => [s.recipient, s.status, s.attempts])).toEqual([
        ['resent@example.com', 'sent', 2],
        ['other@example.com', 'sent', 1],
      ]);
      const idsTo = (to: string) =>
        sink.received
          .filter((raw) => raw.includes(`To: ${to}`))
          .map((raw) => /^Message-ID: (.+)$/im.exec(raw)?.[1]);
      const [first, again] = idsTo('resent@example.com');
      expect(first).toMatch(/^<[^@\s]+@shop\.example>$/);
      expect(again).toBe(first);
      // Another mail has an id of its own.
      const [other] = idsTo('other@example.com');
      expect(other).toMatch(/^<[^@\s]+@shop\.example>$/);
      expect(other).not.toBe(first);
    } finally {
      await sink.close();
    }
  });

  it('sends each mail once when several workers run at the same moment', async () => {
    for (let i = 0; i < 6; i++) await placeOrder(`shopper${i}@example.com`);
    const server = fakeMailServer();
    const clock = handClock();
    const sent = await Promise.all(
      Array.from({ length: 4 }, () =>
        createOutboxWorker({
          repository: createOutboxRepository(t.db),
          deliver: createMailDelivery({
            mailer: server.mailer,
            orderMailBodies: bodies,
            messageIdDomain: 'shop.example',
          }),
          log: t.app.log,
          clock: clock.now,
          batchSize: 2,
        }),
      ).map(async (w) => {
        let total = 0;
        for (let round = 0; round < 4; round++) total += await w.runOnce();
        return total;
      }),
    );
    expect(sent.reduce((a, b) => a + b, 0)).toBe(6);
    expect(server.received.map((m) => m.to).sort()).toEqual(
      Array.from({ length: 6 }, (_, i) => `shopper${i}@example.com`),
    );
  });

  const outboxRows = () =>
    t.db.kysely
      .selectFrom('mail_outbox')
      .select(['recipient', 'status', 'attempts', 'last_error', 'html', 'text'])
      .orderBy('id')
      .execute();

  it('sends an order mail from the mail thread over SMTP, and keeps the body it sent', async () => {
    const number = await placeOrder('threaded@example.com');
    const sink = await startSmtpSink();
    const thread = createMailThread({
      databaseUrl: testDb.url,
      smtpUrl: `smtp://127.0.0.1:${sink.port}`,
      mailFrom: 'Souq <shop@souq.example>',
      messageIdDomain: 'shop.example',
      orderMail: shopMail,
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
      const [row] = await outboxRows();
      expect(row).toMatchObject({ recipient: 'threaded@example.com', status: 'sent', attempts: 1 });
      // What the back office's resend sends again is what the shopper got.
      expect(row?.text).toBe(text);
      expect(row?.html).toBe(part(raw, 'text/html'));
      // Sharing a core, the thread gives way to the server's (Linux, where a thread has a nice).
      if (process.platform === 'linux') {
        const nices = threadNices();
        expect(nices.get(threadIdOf('/proc/thread-self'))).toBe(0);
        expect([...nices.values()]).toContain(10);
      }
    } finally {
      await thread.close();
      await sink.close();
    }
  });

  it('sends the new-order alert to each owner as the same message, each with its own Message-ID', async () => {
    const number = await placeOrder('shopper@example.com');
    const { id: orderId } = await t.db.kysely
      .selectFrom('orders')
      .select('id')
      .where('number', '=', number)
      .executeTakeFirstOrThrow();
    await queueOrderMails(
      t.db.kysely,
      ['owner1@example.com', 'owner2@example.com'].map((to) => ({
        kind: 'new_order_alert' as const,
        to,
        orderId,
        subject: `New order ${number}`,
        at: new Date().toISOString(),
      })),
    );
    const sink = await startSmtpSink();
    try {
      const { smtp, w } = smtpWorker(sink.port);
      expect(await w.runOnce()).toBe(3);
      smtp.close?.();
      const to = (owner: string) => sink.received.find((raw) => raw.includes(`To: ${owner}`)) ?? '';
      const [one, two] = [to('owner1@example.com'), to('owner2@example.com')];
      expect(part(one, 'text/plain')).toContain(`Order: ${number}`);
      expect(part(one, 'text/plain')).toContain('Customer:');
      expect(part(two, 'text/plain')).toBe(part(one, 'text/plain'));
      expect(part(two, 'text/html')).toBe(part(one, 'text/html'));
      const messageId = (raw: string) => /^Message-ID: (.+)$/im.exec(raw)?.[1];
      expect(messageId(one)).toMatch(/@shop\.example>$/);
      expect(messageId(two)).not.toBe(messageId(one));
      // The shopper's own mail is another message.
      expect(part(to('shopper@example.com'), 'text/plain')).toContain('Cash on delivery');
    } finally {
      await sink.close();
    }
  });

  it("sends a batch's alerts of several orders to one address as one digest, and a copy of one alone", async () => {
    const numbers = [
      await placeOrder('one@example.com'),
      await placeOrder('two@example.com'),
      await placeOrder('three@example.com'),
    ];
    const orders = await t.db.kysely
      .selectFrom('orders')
      .select(['id', 'number'])
      .where('number', 'in', numbers)
      .orderBy('id')
      .execute();
    const alert = (to: string, order: { id: number; number: string }) => ({
      kind: 'new_order_alert' as const,
      to,
      orderId: order.id,
      subject: `New order ${order.number}`,
      at: new Date().toISOString(),
    });
    await queueOrderMails(t.db.kysely, [
      ...orders.map((order) => alert('owner@example.com', order)),
      alert('partner@example.com', orders[0]!),
    ]);
    const sink = await startSmtpSink();
    try {
      const { smtp, w } = smtpWorker(sink.port);
      // Three shoppers' mails and four alerts, every row sent.
      expect(await w.runOnce()).toBe(7);
      const to = (address: string) => sink.received.filter((raw) => raw.includes(`To: ${address}`));
      const [digest, ...more] = to('owner@example.com');
      expect(more).toHaveLength(0);
      expect(digest).toMatch(`Subject: 3 new orders: ${numbers[0]} to ${numbers[2]}`);
      const text = part(digest ?? '', 'text/plain');
      expect(text).toContain('3 new orders have been placed.');
      for (const [i, order] of orders.entries()) {
        expect(text).toContain(`${order.number}: `);
        expect(text).toContain(`http://shop.test/admin/orders/${order.id}`);
        expect(part(digest ?? '', 'text/html')).toContain(`/admin/orders/${order.id}"`);
        expect(text).toContain(`${numbers[i]}`);
      }
      // Alone in the batch for its address, an alert is the order's own.
      const [single] = to('partner@example.com');
      expect(part(single ?? '', 'text/plain')).toContain(`Order: ${numbers[0]}`);
      expect(
        (await outboxRows()).every((row) => row.status === 'sent'),
        'every row marked sent',
      ).toBe(true);

      // A copy of one of the digest's alerts, sent again from the back office, is its order's own.
      const [second] = await t.db.kysely
        .selectFrom('mail_outbox')
        .select('id')
        .where('recipient', '=', 'owner@example.com')
        .where('order_id', '=', orders[1]!.id)
        .execute();
      await requeueOrderMail(t.db.kysely, orders[1]!.id, second!.id, new Date().toISOString());
      expect(await w.runOnce()).toBe(1);
      const again = to('owner@example.com')[1] ?? '';
      expect(again).toMatch(`Subject: New order ${numbers[1]}`);
      expect(part(again, 'text/plain')).toContain(`Order: ${numbers[1]}`);
      smtp.close?.();
    } finally {
      await sink.close();
    }
  });

  it('fails the mails of a mail thread that cannot start, to be sent again later', async () => {
    await placeOrder('later@example.com');
    const thread = createMailThread({
      // A database the thread cannot open (its folder would be this file): it ends at once.
      databaseUrl: `sqlite:${import.meta.filename}/souq.db`,
      smtpUrl: 'smtp://127.0.0.1:9',
      mailFrom: 'Souq <shop@souq.example>',
      messageIdDomain: 'shop.example',
      orderMail: shopMail,
    });
    const worker = createOutboxWorker({
      repository: createOutboxRepository(t.db),
      deliver: thread.deliver,
      log: t.app.log,
    });
    expect(await worker.runOnce()).toBe(0);
    const [row] = await outboxRows();
    expect(row).toMatchObject({ recipient: 'later@example.com', status: 'queued', attempts: 1 });
    expect(row?.last_error).toMatch(/the mail thread stopped/);
    await thread.close();
  });
});
