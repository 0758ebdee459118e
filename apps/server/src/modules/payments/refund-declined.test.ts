import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { placedOrderSchema } from '@souq/contracts/orders';
import { apiError } from '../../test/auth-helpers';
import { startCheckoutComDouble } from '../../test/checkout-com-double';
import { newKey, orderBody, productIds, setProduct } from '../../test/orders-fixtures';
import {
  adminOrderAs,
  checkoutComEnv,
  deliverWebhook,
  mailsOfOrder,
  stripeEnv,
} from '../../test/payments-fixtures';
import { signUpTestStaff, type TestStaff } from '../../test/staff-helpers';
import { startStripeDouble, type SignedWebhook } from '../../test/stripe-double';
import { createTestApp, testDialects, type TestApp } from '../../test/test-app';

/** What this test needs of a provider's double; both doubles have it, each in its own wire format. */
interface CardDouble {
  url: string;
  refunds: { id: string; amount: number }[];
  refundMode: 'accept' | 'down' | 'refuse';
  pay(id: string): SignedWebhook;
  declineRefund(refundId: string): SignedWebhook;
  close(): Promise<void>;
}

const providers = [
  {
    name: 'stripe',
    start: startStripeDouble,
    env: stripeEnv,
    // Stripe's refund.failed gives a code; Checkout.com's payment_refund_declined the acquirer's words.
    reason: 'expired_or_canceled_card',
  },
  {
    name: 'checkout_com',
    start: startCheckoutComDouble,
    env: checkoutComEnv,
    reason: 'Declined - Do Not Honour',
  },
] as const;

const cases = providers.flatMap((provider) =>
  testDialects.map((dialect) => ({ ...provider, dialect })),
);

describe.each(cases)(
  'a refund $name declines after accepting it, on $dialect',
  ({ name, start, env, reason, dialect }) => {
    let t: TestApp;
    let double: CardDouble;
    let owner: TestStaff;
    let product: number;

    beforeAll(async () => {
      double = await start();
      t = await createTestApp(dialect, { env: env(double as never) });
      [product] = (await productIds(t.db, 1)) as [number];
      owner = await signUpTestStaff(t.app, t.db, 'owner', {
        email: `owner-refund-${name}-${dialect}@souq.test`,
      });
    }, 60_000);
    afterAll(async () => {
      await t.close();
      await double.close();
    });
    beforeEach(async () => {
      await setProduct(t.db, product, { price: 2500, stock: 5 });
      double.refundMode = 'accept';
    });

    const deliver = (hook: SignedWebhook) => deliverWebhook(t, name, hook);

    async function paidOrder() {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/orders',
        headers: { 'idempotency-key': newKey() },
        payload: orderBody([{ productId: product, quantity: 2 }], { paymentMethod: 'card' }),
      });
      expect(res.statusCode, res.body).toBe(201);
      const order = placedOrderSchema.parse(res.json());
      const pageId = /\/pay\/(\w+)$/.exec(order.paymentRedirectUrl ?? '')?.[1] ?? '';
      expect((await deliver(double.pay(pageId))).statusCode).toBe(200);
      // Refunds start from a confirmed order.
      const confirmed = await t.app.inject({
        method: 'POST',
        url: `/api/admin/orders/${order.id}/actions`,
        headers: { cookie: owner.cookie },
        payload: { action: 'confirm' },
      });
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      return order;
    }

    const refundOneLine = (orderId: number, lineId: number) =>
      t.app.inject({
        method: 'POST',
        url: `/api/admin/orders/${orderId}/actions`,
        headers: { cookie: owner.cookie, 'idempotency-key': newKey() },
        payload: { action: 'refund', lines: [{ lineId, quantity: 1, restock: true }] },
      });

    const adminOrder = (id: number) => adminOrderAs(t, owner.cookie, id);

    const retry = (orderId: number, refundId: number, cookie = owner.cookie) =>
      t.app.inject({
        method: 'POST',
        url: `/api/admin/orders/${orderId}/payment-refunds/${refundId}/retry`,
        headers: { cookie },
      });

    const auditActions = async (orderId: number) =>
      (
        await t.db.kysely
          .selectFrom('audit_log')
          .select('action')
          .where('entity_type', '=', 'order')
          .where('entity_id', '=', String(orderId))
          .orderBy('id')
          .execute()
      ).map((row) => row.action);

    it('rolls the payment back, shows the refund declined with the reason, tells the owners; staff send it again', async () => {
      const order = await paidOrder();
      const refunded = await refundOneLine(order.id, order.lines[0]!.id);
      expect(refunded.statusCode, refunded.body).toBe(200);
      const sent = double.refunds.at(-1)!;
      expect(sent.amount).toBe(2500);
      expect((await adminOrder(order.id)).payment.attempts[0]).toMatchObject({
        status: 'partially_refunded',
        refunded: 2500,
        refunds: [{ amount: 2500, status: 'sent', reason: null, reference: sent.id }],
      });

      const declined = double.declineRefund(sent.id);
      expect((await deliver(declined)).statusCode).toBe(200);
      // The same event again, and another event saying the same: applied once.
      expect((await deliver(declined)).statusCode).toBe(200);
      expect((await deliver(double.declineRefund(sent.id))).statusCode).toBe(200);
      const after = await adminOrder(order.id);
      const attempt = after.payment.attempts[0]!;
      expect(attempt).toMatchObject({ status: 'paid', refunded: 0 });
      expect(attempt.refunds).toEqual([
        expect.objectContaining({ amount: 2500, status: 'declined', reason }),
      ]);
      expect(attempt.events.map((e) => e.type)).toContain(
        name === 'stripe' ? 'refund.failed' : 'payment_refund_declined',
      );
      expect((await auditActions(order.id)).filter((a) => a === 'order.refund_declined')).toEqual([
        'order.refund_declined',
      ]);
      const alerts = (await mailsOfOrder(t.db, order.id)).filter(
        (m) => m.kind === 'refund_declined_alert',
      );
      expect(alerts).toHaveLength(1);
      expect(alerts[0]?.text).toContain(reason);
      expect(alerts[0]?.text).toContain(order.number);
      // In each of the shop's languages: the owners' language is not known.
      expect(alerts[0]?.text).toContain('did not go through');
      expect(alerts[0]?.text).toContain('لم يتم استرداد');

      const refundId = attempt.refunds[0]!.id;
      double.refundMode = 'down';
      const down = await retry(order.id, refundId);
      expect(down.statusCode).toBe(502);
      expect(apiError(down).code).toBe('provider_unavailable');
      double.refundMode = 'refuse';
      const refused = await retry(order.id, refundId);
      expect(refused.statusCode).toBe(409);
      expect(apiError(refused).code).toBe('refund_refused');
      expect((await adminOrder(order.id)).payment.attempts[0]).toMatchObject({
        refunded: 0,
        refunds: [{ status: 'declined' }],
      });

      double.refundMode = 'accept';
      const support = await signUpTestStaff(t.app, t.db, 'support', {
        email: `support-refund-${name}-${dialect}-${order.id}@souq.test`,
      });
      expect((await retry(order.id, refundId, support.cookie)).statusCode).toBe(403);
      const again = await retry(order.id, refundId);
      expect(again.statusCode, again.body).toBe(204);
      const resent = double.refunds.at(-1)!;
      expect(resent.id).not.toBe(sent.id);
      expect(resent.amount).toBe(2500);
      expect((await adminOrder(order.id)).payment.attempts[0]).toMatchObject({
        status: 'partially_refunded',
        refunded: 2500,
        refunds: [{ id: refundId, status: 'sent', reason: null, reference: resent.id }],
      });
      expect(apiError(await retry(order.id, refundId)).code).toBe('refund_not_declined');
      expect(await auditActions(order.id)).toContain('order.refund_retried');
    });

    it('answers 404 for a refund of another order or none, and 400 for a malformed id', async () => {
      const order = await paidOrder();
      await refundOneLine(order.id, order.lines[0]!.id);
      const refundId = (await adminOrder(order.id)).payment.attempts[0]!.refunds[0]!.id;
      const other = await paidOrder();
      expect((await retry(other.id, refundId)).statusCode).toBe(404);
      expect((await retry(order.id, 999_999)).statusCode).toBe(404);
      expect((await retry(order.id, 'x' as never)).statusCode).toBe(400);
    });
  },
);
