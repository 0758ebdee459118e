import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { adminOrderSchema } from '@souq/contracts/admin-orders';
import { placedOrderSchema, type PlacedOrder } from '@souq/contracts/orders';
import { paymentStateSchema } from '@souq/contracts/payments';
import { readEnv } from '../../env';
import { apiError } from '../../test/auth-helpers';
import { startCheckoutComDouble, type CheckoutComDouble } from '../../test/checkout-com-double';
import { newKey, orderBody, productIds, setProduct, stockOf } from '../../test/orders-fixtures';
import {
  adminOrderAs,
  checkoutComCard,
  checkoutComEnv,
  deliverWebhook,
  ledgerOfOrder,
  mailsOfOrder,
  sweeperOver,
} from '../../test/payments-fixtures';
import { signUpTestStaff, type TestStaff } from '../../test/staff-helpers';
import type { SignedWebhook } from '../../test/stripe-double';
import { createTestApp, testClock, testDialects, type TestApp } from '../../test/test-app';
import type { PaymentsService } from './payments.service';

const HOLD_MS = 15 * 60_000;

describe.each(testDialects)('card payments through Checkout.com on %s', (dialect) => {
  let t: TestApp;
  let cko: CheckoutComDouble;
  let owner: TestStaff;
  let product: number;
  const clock = testClock();
  let payments: PaymentsService;

  beforeAll(async () => {
    cko = await startCheckoutComDouble();
    t = await createTestApp(dialect, { clock: clock.now, env: checkoutComEnv(cko) });
    [product] = (await productIds(t.db, 1)) as [number];
    owner = await signUpTestStaff(t.app, t.db, 'owner', {
      email: `owner-cko-${dialect}@souq.test`,
    });
    payments = sweeperOver(t.db, checkoutComCard(cko), clock.now);
  }, 60_000);
  afterAll(async () => {
    await t.close();
    await cko.close();
  });
  beforeEach(async () => {
    // Holds left by earlier tests end first, so each test counts its own stock.
    clock.advance(HOLD_MS + 1000);
    await payments.sweep();
    await setProduct(t.db, product, { price: 2500, stock: 3 });
    cko.refundMode = 'accept';
  });

  async function placed(quantity = 1, locale = 'ar'): Promise<PlacedOrder & { pageId: string }> {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { 'idempotency-key': newKey() },
      payload: orderBody([{ productId: product, quantity }], { paymentMethod: 'card', locale }),
    });
    expect(res.statusCode, res.body).toBe(201);
    const order = placedOrderSchema.parse(res.json());
    const pageId = /\/pay\/(\w+)$/.exec(order.paymentRedirectUrl ?? '')?.[1];
    if (!pageId) throw new Error(`no hosted page in ${order.paymentRedirectUrl}`);
    return { ...order, pageId };
  }

  const deliver = (hook: SignedWebhook) => deliverWebhook(t, 'checkout_com', hook);

  const adminOrder = (id: number) => adminOrderAs(t, owner.cookie, id);

  async function stateOf(pageId: string) {
    const token = cko.pages.get(pageId)?.reference ?? '';
    const res = await t.app.inject({ method: 'GET', url: `/api/payments/${token}` });
    expect(res.statusCode, res.body).toBe(200);
    return paymentStateSchema.parse(res.json());
  }

  it('offers cards when Checkout.com is configured, and refuses Stripe beside it', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/payments/methods' });
    expect(res.json()).toEqual({ card: true });
    expect(() =>
      readEnv({
        ...checkoutComEnv(cko),
        STRIPE_SECRET_KEY: 'sk_x',
        STRIPE_WEBHOOK_SECRET: 'whsec_x',
      }),
    ).toThrow(/not both/);
    expect(() =>
      readEnv({
        CHECKOUT_COM_SECRET_KEY: 'sk_sbox_x',
        CHECKOUT_COM_WEBHOOK_SECRET: 'a-long-enough-secret',
      }),
    ).toThrow(/CHECKOUT_COM_SUBDOMAIN/);
  });

  it('holds the stock while the shopper pays on the Arabic hosted page, and settles the order once captured', async () => {
    const order = await placed(2);
    expect(order.status).toBe('awaiting_payment');
    expect(await stockOf(t.db, product)).toBe(1);
    expect(cko.pages.get(order.pageId)).toMatchObject({
      amount: order.total,
      locale: 'ar',
      country: order.billing.country,
      status: 'Payment Pending',
    });
    expect(await mailsOfOrder(t.db, order.id)).toEqual([]);

    expect((await deliver(cko.pay(order.pageId))).statusCode).toBe(200);
    const after = await adminOrder(order.id);
    expect(after.status).toBe('pending');
    expect(after.payment.status).toBe('received');
    expect(after.payment.attempts).toMatchObject([
      {
        provider: 'checkout_com',
        reference: order.pageId,
        status: 'paid',
        events: [{ type: 'payment_captured' }],
      },
    ]);
    expect(await ledgerOfOrder(t.db, order.id)).toEqual(['sale -2']);
    const placedMail = (await mailsOfOrder(t.db, order.id)).find((m) => m.kind === 'order_placed');
    expect(placedMail?.text).toContain('تم الدفع بالبطاقة');
    expect(await stateOf(order.pageId)).toMatchObject({ status: 'paid', orderStatus: 'pending' });
  });

  it('refuses a forged or missing Cko-Signature with 400 and changes nothing', async () => {
    const order = await placed();
    const hook = cko.pay(order.pageId);
    const forged = await deliver({
      ...hook,
      body: hook.body.replace(`"amount":${order.total}`, '"amount":1'),
    });
    expect(forged.statusCode).toBe(400);
    expect(apiError(forged).code).toBe('invalid_signature');
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/payments/webhooks/checkout_com',
      headers: { 'content-type': 'application/json' },
      payload: hook.body,
    });
    expect(unsigned.statusCode).toBe(400);
    const after = await adminOrder(order.id);
    expect(after.status).toBe('awaiting_payment');
    expect(after.payment.attempts[0]?.events).toEqual([]);
  });

  it('applies each event once and in any order: a repeat, and a decline after the capture, leave it paid', async () => {
    const order = await placed();
    const paid = cko.pay(order.pageId);
    expect((await deliver(paid)).statusCode).toBe(200);
    expect((await deliver(paid)).statusCode).toBe(200);
    expect((await deliver(cko.decline(order.pageId))).statusCode).toBe(200);
    const after = await adminOrder(order.id);
    expect(after.status).toBe('pending');
    expect(after.timeline.filter((e) => e.type === 'payment_received')).toHaveLength(1);
    expect(after.payment.attempts[0]?.events.map((e) => e.type)).toEqual([
      'payment_captured',
      'payment_declined',
    ]);
    const mails = await mailsOfOrder(t.db, order.id);
    expect(mails.filter((m) => m.kind === 'order_placed')).toHaveLength(1);
  });

  it('keeps the stock held after a declined card, and a second card on the same page pays the order', async () => {
    const order = await placed();
    expect((await deliver(cko.decline(order.pageId))).statusCode).toBe(200);
    expect(await stateOf(order.pageId)).toMatchObject({
      status: 'failed',
      orderStatus: 'awaiting_payment',
      canRetry: true,
    });
    expect(await stockOf(t.db, product)).toBe(2);
    const failed = (await mailsOfOrder(t.db, order.id)).filter((m) => m.kind === 'payment_failed');
    expect(failed).toHaveLength(1);

    expect((await deliver(cko.pay(order.pageId))).statusCode).toBe(200);
    const after = await adminOrder(order.id);
    expect(after.status).toBe('pending');
    expect(after.payment.attempts.map((a) => a.status)).toEqual(['paid']);
    expect(await stockOf(t.db, product)).toBe(2);
  });

  it('returns the stock of an abandoned page when its hold runs out, once across sweeps', async () => {
    const order = await placed(2);
    clock.advance(HOLD_MS + 1000);
    await payments.sweep();
    await payments.sweep();
    const after = await adminOrder(order.id);
    expect(after.status).toBe('cancelled');
    expect(after.payment.attempts[0]?.status).toBe('expired');
    expect(await stockOf(t.db, product)).toBe(3);
    expect(await ledgerOfOrder(t.db, order.id)).toEqual(['sale -2', 'cancel 2']);
  });

  it('takes the stock again for a payment made on the page after the hold ran out, while it is there', async () => {
    const order = await placed();
    clock.advance(HOLD_MS + 1000);
    await payments.sweep();
    expect((await deliver(cko.pay(order.pageId))).statusCode).toBe(200);
    expect((await adminOrder(order.id)).status).toBe('pending');
    expect(await ledgerOfOrder(t.db, order.id)).toEqual(['sale -1', 'cancel 1', 'sale -1']);
    expect(cko.refunds).toHaveLength(0);
  });

  it('refunds a payment made after the hold ran out when the stock has gone, and mails the shopper', async () => {
    const order = await placed(2);
    clock.advance(HOLD_MS + 1000);
    await payments.sweep();
    await setProduct(t.db, product, { stock: 1 });
    expect((await deliver(cko.pay(order.pageId))).statusCode).toBe(200);
    const after = await adminOrder(order.id);
    expect(after.status).toBe('cancelled');
    expect(after.payment.attempts[0]?.status).toBe('refunded');
    const paymentId = cko.pages.get(order.pageId)?.paymentId;
    expect(cko.refunds).toContainEqual(expect.objectContaining({ paymentId, amount: order.total }));
    expect(await stockOf(t.db, product)).toBe(1);
    const refunded = (await mailsOfOrder(t.db, order.id)).find((m) => m.kind === 'order_refunded');
    expect(refunded?.text).toContain('نفدت');
  });

  it('settles a payment whose webhook never came: the sweep asks Checkout.com', async () => {
    const order = await placed();
    cko.pay(order.pageId); // captured at Checkout.com; the event never arrived
    clock.advance(HOLD_MS + 1000);
    await payments.sweep();
    const after = await adminOrder(order.id);
    expect(after.status).toBe('pending');
    expect(after.payment.status).toBe('received');
    expect(await stockOf(t.db, product)).toBe(2);
  });

  it('sends a staff refund to Checkout.com first: no answer or a refusal changes nothing', async () => {
    const order = await placed(2);
    await deliver(cko.pay(order.pageId));
    const action = (payload: object, key = newKey()) =>
      t.app.inject({
        method: 'POST',
        url: `/api/admin/orders/${order.id}/actions`,
        headers: { cookie: owner.cookie, 'idempotency-key': key },
        payload,
      });
    await action({ action: 'confirm' });
    const refund = (key: ReturnType<typeof newKey>) =>
      action(
        { action: 'refund', lines: [{ lineId: order.lines[0]!.id, quantity: 1, restock: true }] },
        key,
      );
    const key = newKey();
    cko.refundMode = 'down';
    const down = await refund(key);
    expect(down.statusCode).toBe(502);
    expect(apiError(down).code).toBe('provider_unavailable');
    cko.refundMode = 'refuse';
    const refused = await refund(key);
    expect(refused.statusCode).toBe(409);
    expect(apiError(refused).code).toBe('refund_refused');
    expect((await adminOrder(order.id)).refundedTotal).toBe(0);
    expect(await stockOf(t.db, product)).toBe(1);

    cko.refundMode = 'accept';
    const ok = await refund(key);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(adminOrderSchema.parse(ok.json()).payment.attempts[0]).toMatchObject({
      status: 'partially_refunded',
      refunded: 2500,
    });
    expect((await refund(key)).statusCode).toBe(200);
    expect(cko.refunds.filter((r) => r.amount === 2500)).toHaveLength(1);

    const cancelled = await action({ action: 'cancel' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(adminOrderSchema.parse(cancelled.json()).payment.attempts[0]?.status).toBe('refunded');
    const paymentId = cko.pages.get(order.pageId)?.paymentId;
    expect(cko.refunds.filter((r) => r.paymentId === paymentId).map((r) => r.amount)).toEqual([
      2500,
      order.total - 2500,
    ]);
  });
});
