import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { adminOrderSchema } from '@souq/contracts/admin-orders';
import { orderSchema, placedOrderSchema, type PlacedOrder } from '@souq/contracts/orders';
import { paymentStateSchema } from '@souq/contracts/payments';
import { apiError, signUpTestUser } from '../../test/auth-helpers';
import {
  billing,
  newKey,
  orderBody,
  productIds,
  setProduct,
  stockOf,
} from '../../test/orders-fixtures';
import { signUpTestStaff, type TestStaff } from '../../test/staff-helpers';
import {
  adminOrderAs,
  deliverWebhook,
  ledgerOfOrder,
  mailsOfOrder,
  stripeCard,
  stripeEnv,
  sweeperOver,
} from '../../test/payments-fixtures';
import { startStripeDouble, type SignedWebhook, type StripeDouble } from '../../test/stripe-double';
import { createTestApp, testClock, testDialects, type TestApp } from '../../test/test-app';
import type { PaymentsService } from './payments.service';

const HOLD_MINUTES = 15;
const HOLD_MS = HOLD_MINUTES * 60_000;

describe.each(testDialects)('card payments through Stripe on %s', (dialect) => {
  let t: TestApp;
  let stripe: StripeDouble;
  let owner: TestStaff;
  let product: number;
  const clock = testClock();
  /** The sweep as each app server runs it, on the app's clock. */
  let payments: PaymentsService;

  beforeAll(async () => {
    stripe = await startStripeDouble();
    const env = { ...stripeEnv(stripe), PAYMENT_HOLD_MINUTES: String(HOLD_MINUTES) };
    t = await createTestApp(dialect, { clock: clock.now, env });
    [product] = (await productIds(t.db, 1)) as [number];
    owner = await signUpTestStaff(t.app, t.db, 'owner', {
      email: `owner-pay-${dialect}@souq.test`,
    });
    payments = sweeperOver(t.db, stripeCard(stripe), clock.now);
  }, 60_000);
  afterAll(async () => {
    await t.close();
    await stripe.close();
  });
  beforeEach(async () => {
    // Holds left by earlier tests end first, so each test counts its own stock.
    clock.advance(HOLD_MS + 1000);
    await payments.sweep();
    await setProduct(t.db, product, { price: 2500, stock: 3 });
    stripe.refundMode = 'accept';
  });

  async function placeCardOrder(quantity = 1, key = newKey(), locale = 'ar') {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { 'idempotency-key': key },
      payload: orderBody([{ productId: product, quantity }], { paymentMethod: 'card', locale }),
    });
    return { res, key };
  }

  async function placed(quantity = 1): Promise<PlacedOrder & { sessionId: string }> {
    const { res } = await placeCardOrder(quantity);
    expect(res.statusCode, res.body).toBe(201);
    const order = placedOrderSchema.parse(res.json());
    const sessionId = /\/pay\/(\w+)$/.exec(order.paymentRedirectUrl ?? '')?.[1];
    if (!sessionId) throw new Error(`no hosted page in ${order.paymentRedirectUrl}`);
    return { ...order, sessionId };
  }

  const deliver = (hook: SignedWebhook) => deliverWebhook(t, 'stripe', hook);

  const adminOrder = (id: number) => adminOrderAs(t, owner.cookie, id);

  const tokenOf = (sessionId: string) => stripe.sessions.get(sessionId)?.client_reference_id ?? '';

  async function stateOf(sessionId: string) {
    const res = await t.app.inject({ method: 'GET', url: `/api/payments/${tokenOf(sessionId)}` });
    expect(res.statusCode, res.body).toBe(200);
    return paymentStateSchema.parse(res.json());
  }

  const mailsOf = (orderId: number) => mailsOfOrder(t.db, orderId);
  const ledgerOf = (orderId: number) => ledgerOfOrder(t.db, orderId);

  it('offers cards when Stripe is configured', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/payments/methods' });
    expect(res.json()).toEqual({ card: true });
  });

  it('holds the stock while the shopper pays on the hosted page in their language, and settles the order once paid, with its mail', async () => {
    const order = await placed(2);
    expect(order.status).toBe('awaiting_payment');
    expect(await stockOf(t.db, product)).toBe(1);
    const session = stripe.sessions.get(order.sessionId);
    expect(session).toMatchObject({ amount_total: order.total, locale: 'auto', status: 'open' });
    // Not revenue yet, and nobody is mailed about an order that may never be paid.
    expect(await mailsOf(order.id)).toEqual([]);
    expect(await stateOf(order.sessionId)).toMatchObject({
      status: 'pending',
      orderStatus: 'awaiting_payment',
      canRetry: true,
    });

    const res = await deliver(stripe.pay(order.sessionId));
    expect(res.statusCode, res.body).toBe(200);
    const after = await adminOrder(order.id);
    expect(after.status).toBe('pending');
    expect(after.payment.status).toBe('received');
    expect(after.timeline.map((e) => e.type)).toEqual(['placed', 'payment_received']);
    expect(after.payment.attempts).toMatchObject([
      {
        provider: 'stripe',
        reference: order.sessionId,
        status: 'paid',
        amount: order.total,
        events: [{ type: 'checkout.session.completed' }],
      },
    ]);
    expect(await stockOf(t.db, product)).toBe(1);
    expect(await ledgerOf(order.id)).toEqual(['sale -2']);
    const mails = await mailsOf(order.id);
    expect(mails.map((m) => m.kind)).toContain('order_placed');
    // The order's language: Arabic.
    expect(mails.find((m) => m.kind === 'order_placed')?.text).toContain('تم الدفع بالبطاقة');
    expect(await stateOf(order.sessionId)).toMatchObject({
      status: 'paid',
      orderStatus: 'pending',
    });
  });

  it('refuses a forged or missing signature with 400 and changes nothing', async () => {
    const order = await placed();
    const hook = stripe.pay(order.sessionId);
    const forged = await deliver({
      ...hook,
      body: hook.body.replace(`"amount_total":${order.total}`, '"amount_total":1'),
    });
    expect(forged.statusCode).toBe(400);
    expect(apiError(forged).code).toBe('invalid_signature');
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/payments/webhooks/stripe',
      headers: { 'content-type': 'application/json' },
      payload: hook.body,
    });
    expect(unsigned.statusCode).toBe(400);
    const after = await adminOrder(order.id);
    expect(after.status).toBe('awaiting_payment');
    expect(after.payment.attempts[0]?.events).toEqual([]);
  });

  it('applies each event once and in any order: a repeat, and a failure after the payment, leave it paid', async () => {
    const order = await placed();
    const paid = stripe.pay(order.sessionId);
    expect((await deliver(paid)).statusCode).toBe(200);
    expect((await deliver(paid)).statusCode).toBe(200);
    const late = stripe.webhook(order.sessionId, 'checkout.session.async_payment_failed');
    expect((await deliver(late)).statusCode).toBe(200);
    const after = await adminOrder(order.id);
    expect(after.status).toBe('pending');
    expect(after.timeline.filter((e) => e.type === 'payment_received')).toHaveLength(1);
    expect(after.payment.attempts[0]?.status).toBe('paid');
    expect(after.payment.attempts[0]?.events.map((e) => e.type)).toEqual([
      'checkout.session.completed',
      'checkout.session.async_payment_failed',
    ]);
    expect((await mailsOf(order.id)).filter((m) => m.kind === 'order_placed')).toHaveLength(1);
  });

  it('keeps the stock held after a declined card, and a retry pays the same order', async () => {
    const order = await placed();
    expect((await deliver(stripe.decline(order.sessionId))).statusCode).toBe(200);
    const declined = await stateOf(order.sessionId);
    expect(declined).toMatchObject({
      status: 'expired',
      orderStatus: 'awaiting_payment',
      canRetry: true,
    });
    expect(await stockOf(t.db, product)).toBe(2);

    const retry = await t.app.inject({
      method: 'POST',
      url: `/api/payments/${tokenOf(order.sessionId)}/retry`,
      payload: { locale: 'en' },
    });
    expect(retry.statusCode, retry.body).toBe(200);
    const second = /\/pay\/(\w+)$/.exec(retry.json<{ redirectUrl: string }>().redirectUrl)?.[1];
    expect(second).toBeDefined();
    expect(second).not.toBe(order.sessionId);
    expect(stripe.sessions.get(second!)?.locale).toBe('en');
    expect((await deliver(stripe.pay(second!))).statusCode).toBe(200);
    const after = await adminOrder(order.id);
    expect(after.status).toBe('pending');
    expect(after.payment.attempts.map((a) => a.status)).toEqual(['expired', 'paid']);
    expect(await stockOf(t.db, product)).toBe(2);
  });

  it("mails the shopper once, in the order's language, when the card is declined, however often Stripe repeats it", async () => {
    const order = await placed();
    const declined = stripe.decline(order.sessionId);
    expect((await deliver(declined)).statusCode).toBe(200);
    // The same event again, and another event id saying the same.
    expect((await deliver(declined)).statusCode).toBe(200);
    const again = stripe.webhook(order.sessionId, 'checkout.session.async_payment_failed');
    expect((await deliver(again)).statusCode).toBe(200);
    const failed = (await mailsOf(order.id)).filter((m) => m.kind === 'payment_failed');
    expect(failed).toHaveLength(1);
    // Arabic, the order's language, with the way back to its payment page.
    expect(failed[0]?.text).toContain('لم يتم الدفع بالبطاقة');
    expect(failed[0]?.text).toContain(`/checkout/payment/${tokenOf(order.sessionId)}`);
    expect((await mailsOf(order.id)).map((m) => m.kind)).not.toContain('order_placed');
    // The hold then running out tells them nothing new.
    clock.advance(HOLD_MS + 1000);
    await payments.sweep();
    expect((await adminOrder(order.id)).status).toBe('cancelled');
    expect((await mailsOf(order.id)).filter((m) => m.kind === 'payment_failed')).toHaveLength(1);
  });

  it('mails a shopper who never paid once when the hold runs out, saying the stock went back', async () => {
    const { res } = await placeCardOrder(1, newKey(), 'en');
    expect(res.statusCode, res.body).toBe(201);
    const order = placedOrderSchema.parse(res.json());
    clock.advance(HOLD_MS + 1000);
    await payments.sweep();
    await payments.sweep();
    const failed = (await mailsOf(order.id)).filter((m) => m.kind === 'payment_failed');
    expect(failed).toHaveLength(1);
    expect(failed[0]?.text).toContain('the items are back on sale');
  });

  it('makes no second order or session when the shopper comes back and sends the order again', async () => {
    const { res, key } = await placeCardOrder();
    expect(res.statusCode).toBe(201);
    const first = placedOrderSchema.parse(res.json());
    const again = await placeCardOrder(1, key);
    expect(again.res.statusCode).toBe(200);
    const replay = placedOrderSchema.parse(again.res.json());
    expect(replay.id).toBe(first.id);
    expect(replay.paymentRedirectUrl).toBe(first.paymentRedirectUrl);
    expect((await adminOrder(first.id)).payment.attempts).toHaveLength(1);
  });

  it('returns the stock of an abandoned payment when its hold runs out, and closes the hosted page', async () => {
    const order = await placed(2);
    clock.advance(HOLD_MS + 1000);
    await payments.sweep();
    const after = await adminOrder(order.id);
    expect(after.status).toBe('cancelled');
    expect(after.payment.attempts[0]?.status).toBe('expired');
    expect(stripe.sessions.get(order.sessionId)?.status).toBe('expired');
    expect(await stockOf(t.db, product)).toBe(3);
    expect(await ledgerOf(order.id)).toEqual(['sale -2', 'cancel 2']);
    // A second sweep (another server) ends nothing twice.
    await payments.sweep();
    expect(await ledgerOf(order.id)).toEqual(['sale -2', 'cancel 2']);
  });

  it('takes the stock again for a payment made after the hold ran out, while it is still there', async () => {
    const order = await placed();
    const hook = stripe.webhook(order.sessionId, 'checkout.session.completed');
    clock.advance(HOLD_MS + 1000);
    await payments.sweep();
    // Paid on Stripe's page just before the shop expired the session; the event comes late.
    stripe.sessions.get(order.sessionId)!.status = 'open';
    expect((await deliver(stripe.pay(order.sessionId))).statusCode).toBe(200);
    expect(hook.body).toContain(order.sessionId);
    const after = await adminOrder(order.id);
    expect(after.status).toBe('pending');
    expect(await stockOf(t.db, product)).toBe(2);
    expect(await ledgerOf(order.id)).toEqual(['sale -1', 'cancel 1', 'sale -1']);
    expect(stripe.refunds).toHaveLength(0);
  });

  it('refunds a payment made after the hold ran out when the stock has gone, and mails the shopper', async () => {
    const order = await placed(2);
    clock.advance(HOLD_MS + 1000);
    await payments.sweep();
    await setProduct(t.db, product, { stock: 1 });
    stripe.sessions.get(order.sessionId)!.status = 'open';
    expect((await deliver(stripe.pay(order.sessionId))).statusCode).toBe(200);
    const after = await adminOrder(order.id);
    expect(after.status).toBe('cancelled');
    expect(after.payment.attempts[0]?.status).toBe('refunded');
    expect(stripe.refunds.map((r) => r.amount)).toContain(order.total);
    expect(await stockOf(t.db, product)).toBe(1);
    const refunded = (await mailsOf(order.id)).find((m) => m.kind === 'order_refunded');
    expect(refunded?.text).toContain('نفدت');
  });

  it('settles a payment whose webhook never came: the sweep asks Stripe', async () => {
    const order = await placed();
    stripe.pay(order.sessionId); // paid at Stripe; the server died before the event arrived
    clock.advance(HOLD_MS + 1000);
    await payments.sweep();
    const after = await adminOrder(order.id);
    expect(after.status).toBe('pending');
    expect(after.payment.status).toBe('received');
    expect(await stockOf(t.db, product)).toBe(2);
  });

  it('sends a staff refund to Stripe first: no answer changes nothing, an accepted one is recorded', async () => {
    const order = await placed(2);
    await deliver(stripe.pay(order.sessionId));
    const refund = (key: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/admin/orders/${order.id}/actions`,
        headers: { cookie: owner.cookie, 'idempotency-key': key },
        payload: {
          action: 'refund',
          lines: [{ lineId: order.lines[0]!.id, quantity: 1, restock: true }],
        },
      });
    await t.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${order.id}/actions`,
      headers: { cookie: owner.cookie },
      payload: { action: 'confirm' },
    });
    stripe.refundMode = 'down';
    const key = newKey();
    const down = await refund(key);
    expect(down.statusCode).toBe(502);
    expect(apiError(down).code).toBe('provider_unavailable');
    expect((await adminOrder(order.id)).refundedTotal).toBe(0);
    expect(await stockOf(t.db, product)).toBe(1);

    stripe.refundMode = 'refuse';
    const refused = await refund(key);
    expect(refused.statusCode).toBe(409);
    expect(apiError(refused).code).toBe('refund_refused');

    stripe.refundMode = 'accept';
    const ok = await refund(key);
    expect(ok.statusCode, ok.body).toBe(200);
    const after = adminOrderSchema.parse(ok.json());
    expect(after.refundedTotal).toBe(2500);
    expect(stripe.refunds.filter((r) => r.amount === 2500)).toHaveLength(1);
    expect(after.payment.attempts[0]).toMatchObject({
      status: 'partially_refunded',
      refunded: 2500,
    });
    // The same request again refunds nothing more, at Stripe or here.
    expect((await refund(key)).statusCode).toBe(200);
    expect(stripe.refunds.filter((r) => r.amount === 2500)).toHaveLength(1);
  });

  it('lets the shopper cancel from the return page: the stock returns at once and the page is closed', async () => {
    const order = await placed(2);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/payments/${tokenOf(order.sessionId)}/cancel`,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(paymentStateSchema.parse(res.json())).toMatchObject({
      orderStatus: 'cancelled',
      canRetry: false,
    });
    expect(await stockOf(t.db, product)).toBe(3);
    expect(await ledgerOf(order.id)).toEqual(['sale -2', 'cancel 2']);
    expect(stripe.sessions.get(order.sessionId)?.status).toBe('expired');
    expect((await mailsOf(order.id)).map((m) => m.kind)).toEqual(['order_cancelled']);
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/payments/${tokenOf(order.sessionId)}/cancel`,
    });
    expect(again.statusCode).toBe(409);
    expect(apiError(again).code).toBe('not_cancellable');
    // The hold's end (a sweep) has nothing left to return.
    clock.advance(HOLD_MS + 1000);
    await payments.sweep();
    expect(await ledgerOf(order.id)).toEqual(['sale -2', 'cancel 2']);
  });

  it('lets a guest cancel from the order look-up, as from My Orders: the hold ends, the page closes, a late payment is refunded', async () => {
    const lookUpCancel = (number: string, email = billing.email) =>
      t.app.inject({
        method: 'POST',
        url: '/api/orders/lookup/cancel',
        payload: { number, email },
      });
    const order = await placed(2);
    expect((await lookUpCancel(order.number, 'someone-else@example.com')).statusCode).toBe(404);
    expect(await stockOf(t.db, product)).toBe(1);

    const res = await lookUpCancel(order.number, billing.email.toUpperCase());
    expect(res.statusCode, res.body).toBe(200);
    expect(orderSchema.parse(res.json()).status).toBe('cancelled');
    expect(await stockOf(t.db, product)).toBe(3);
    expect(await ledgerOf(order.id)).toEqual(['sale -2', 'cancel 2']);
    expect(stripe.sessions.get(order.sessionId)?.status).toBe('expired');
    expect((await mailsOf(order.id)).map((m) => m.kind)).toEqual(['order_cancelled']);
    const again = await lookUpCancel(order.number);
    expect(again.statusCode).toBe(409);
    expect(apiError(again).code).toBe('not_cancellable');

    // Paid on Stripe's page a moment before the guest cancelled: refunded, the stock stays back.
    const late = await placed(1);
    const paid = stripe.pay(late.sessionId);
    expect((await lookUpCancel(late.number)).statusCode).toBe(200);
    expect((await deliver(paid)).statusCode).toBe(200);
    const after = await adminOrder(late.id);
    expect(after.status).toBe('cancelled');
    expect(after.payment.attempts[0]?.status).toBe('refunded');
    expect(stripe.refunds.at(-1)?.amount).toBe(late.total);
    expect(await ledgerOf(late.id)).toEqual(['sale -1', 'cancel 1']);

    // A placed order (cash on delivery) is for staff to cancel, not the look-up.
    const cash = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { 'idempotency-key': newKey() },
      payload: orderBody([{ productId: product, quantity: 1 }]),
    });
    expect(cash.statusCode, cash.body).toBe(201);
    const refused = await lookUpCancel(placedOrderSchema.parse(cash.json()).number);
    expect(refused.statusCode).toBe(409);
    expect(apiError(refused).code).toBe('not_cancellable');
  });

  it('refunds a payment that succeeds after the shopper cancelled, and never takes the stock again', async () => {
    const user = await signUpTestUser(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { 'idempotency-key': newKey(), cookie: user.cookie },
      payload: orderBody([{ productId: product, quantity: 1 }], { paymentMethod: 'card' }),
    });
    expect(res.statusCode, res.body).toBe(201);
    const order = placedOrderSchema.parse(res.json());
    const sessionId = /\/pay\/(\w+)$/.exec(order.paymentRedirectUrl ?? '')?.[1] ?? '';
    // Paid on Stripe's page a moment before the shopper cancelled in My Orders.
    const paid = stripe.pay(sessionId);
    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${order.id}/cancel`,
      headers: { cookie: user.cookie },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((await deliver(paid)).statusCode).toBe(200);
    const after = await adminOrder(order.id);
    expect(after.status).toBe('cancelled');
    expect(after.payment.attempts[0]?.status).toBe('refunded');
    expect(stripe.refunds.at(-1)?.amount).toBe(order.total);
    expect(await stockOf(t.db, product)).toBe(3);
    expect(await ledgerOf(order.id)).toEqual(['sale -1', 'cancel 1']);
  });

  it('refunds a paid order that staff cancel', async () => {
    const order = await placed();
    await deliver(stripe.pay(order.sessionId));
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${order.id}/actions`,
      headers: { cookie: owner.cookie },
      payload: { action: 'cancel' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = adminOrderSchema.parse(res.json());
    expect(after.status).toBe('cancelled');
    expect(after.refundedTotal).toBe(order.total);
    expect(after.payment.attempts[0]?.status).toBe('refunded');
    expect(stripe.refunds.at(-1)?.amount).toBe(order.total);
  });
});

describe('a shop without a card provider', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
  });
  afterAll(() => t.close());

  it('offers no card, and refuses a card order with 400', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/payments/methods' })).json()).toEqual({
      card: false,
    });
    const [product] = (await productIds(t.db, 1)) as [number];
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { 'idempotency-key': newKey() },
      payload: orderBody([{ productId: product, quantity: 1 }], { paymentMethod: 'card' }),
    });
    expect(res.statusCode).toBe(400);
    expect(apiError(res).fields).toHaveProperty('paymentMethod');
  });

  it('answers webhooks for a provider it does not have with 404', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payments/webhooks/stripe',
      headers: { 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(res.statusCode).toBe(404);
  });
});
