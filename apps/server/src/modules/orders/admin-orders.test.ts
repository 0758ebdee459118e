import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  adminOrderListSchema,
  adminOrderSchema,
  outboxMailSchema,
  type AdminOrder,
  type OrderAction,
  type OrderActionName,
} from '@souq/contracts/admin-orders';
import { actionsFrom, orderActionNames, orderLifecycle } from '@souq/contracts/order-lifecycle';
import { orderSchema, orderStatuses, placedOrderSchema, type Order } from '@souq/contracts/orders';
import { roleMay, staffRoles, type StaffRole } from '@souq/contracts/staff';
import { apiError, signUpTestUser, type TestUser } from '../../test/auth-helpers';
import {
  billing,
  newKey,
  orderBody,
  productIds,
  productWithVariants,
  setProduct,
  setVariantStocks,
  stockOf,
  variantStockOf,
} from '../../test/orders-fixtures';
import { signUpTestStaff, type TestStaff } from '../../test/staff-helpers';
import { stripeEnv } from '../../test/payments-fixtures';
import { startStripeDouble, type StripeDouble } from '../../test/stripe-double';
import { createAppOverDb, createTestApp, testDialects, type TestApp } from '../../test/test-app';

// Aramex: the first of the carriers a new shop starts with.
const ship = { action: 'ship', carrierId: 1, trackingNumber: 'AX 123-456/7' } as const;
const ARAMEX_LINK = 'https://www.aramex.com/track/results?ShipmentNumber=AX%20123-456%2F7';

/** An action of each kind, as a client would send it (a refund of one unit, restocked). */
function sample(action: OrderActionName, order: Order): OrderAction {
  switch (action) {
    case 'ship':
      return ship;
    case 'refund':
      return { action, lines: [{ lineId: order.lines[0]!.id, quantity: 1, restock: true }] };
    default:
      return { action };
  }
}

describe.each(testDialects)('the order lifecycle in the back office on %s', (dialect) => {
  let t: TestApp;
  let staff: Record<StaffRole, TestStaff>;
  let shopper: TestUser;
  let ids: number[];
  const p = (i: number) => ids[i]!;

  /** Cards are on, so an order can await its payment. */
  let stripe: StripeDouble;

  beforeAll(async () => {
    stripe = await startStripeDouble();
    t = await createTestApp(dialect, { env: stripeEnv(stripe) });
    ids = await productIds(t.db, 3);
    staff = {} as Record<StaffRole, TestStaff>;
    for (const role of staffRoles) {
      staff[role] = await signUpTestStaff(t.app, t.db, role, {
        email: `${role}-${dialect}@souq.test`,
      });
    }
    shopper = await signUpTestUser(t.app, { name: 'Shopper' });
  });
  afterAll(async () => {
    await t.close();
    await stripe.close();
  });
  beforeEach(async () => {
    for (const id of ids) await setProduct(t.db, id, { price: 1000, stock: 50 });
  });

  const headers = (who: { cookie: string } | null, extra: Record<string, string> = {}) => ({
    ...(who ? { cookie: who.cookie } : {}),
    ...extra,
  });

  async function place(
    lines: { productId: number; variantId?: number; quantity: number }[] = [
      { productId: ids[0]!, quantity: 2 },
    ],
    extra: Record<string, unknown> = {},
    who: TestUser | null = null,
  ): Promise<Order> {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: headers(who, { 'idempotency-key': newKey() }),
      payload: orderBody(lines, extra),
    });
    expect(res.statusCode, res.body).toBe(201);
    return placedOrderSchema.parse(res.json());
  }

  const act = (
    orderId: number,
    action: OrderAction | Record<string, unknown>,
    who: { cookie: string } = staff.owner,
    key?: string,
  ) =>
    t.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${orderId}/actions`,
      headers: headers(who, key ? { 'idempotency-key': key } : {}),
      payload: action,
    });

  async function actOk(orderId: number, action: OrderAction, key?: string): Promise<AdminOrder> {
    const res = await act(
      orderId,
      action,
      staff.owner,
      key ?? (action.action === 'refund' ? newKey() : undefined),
    );
    expect(res.statusCode, res.body).toBe(200);
    return adminOrderSchema.parse(res.json());
  }

  async function detail(orderId: number, who: { cookie: string } = staff.owner) {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/admin/orders/${orderId}`,
      headers: headers(who),
    });
    expect(res.statusCode, res.body).toBe(200);
    return adminOrderSchema.parse(res.json());
  }

  /** Brings a fresh order to `status` through the API. */
  async function orderIn(status: 'pending' | 'confirmed' | 'shipped' | 'delivered') {
    const order = await place();
    const steps: OrderAction[] = [{ action: 'confirm' }, ship, { action: 'deliver' }];
    const count = ['pending', 'confirmed', 'shipped', 'delivered'].indexOf(status);
    for (const step of steps.slice(0, count)) await actOk(order.id, step);
    return order;
  }

  describe('who may do what', () => {
    it('lets each role take exactly the actions its permissions name, and refuses the rest with 403', async () => {
      for (const role of staffRoles) {
        for (const action of orderActionNames) {
          // An order in a state the action may start from, so only the role decides.
          const from = orderLifecycle[action].from[0];
          const order = await orderIn(from);
          const res = await act(
            order.id,
            sample(action, order),
            staff[role],
            action === 'refund' ? newKey() : undefined,
          );
          const allowed = roleMay(role, orderLifecycle[action].permission);
          expect(`${role} ${action}: ${res.statusCode}`).toBe(
            `${role} ${action}: ${allowed ? 200 : 403}`,
          );
          if (!allowed) {
            expect(apiError(res).code).toBe('forbidden');
            expect((await detail(order.id)).status).toBe(from);
          }
        }
      }
    });

    it('offers each role, in each status, exactly the actions of the lifecycle table its permissions allow, and accepts each one, leading where the table says', async () => {
      const reach: Record<(typeof orderStatuses)[number], () => Promise<Order>> = {
        awaiting_payment: () => place(undefined, { paymentMethod: 'card' }),
        pending: () => orderIn('pending'),
        confirmed: () => orderIn('confirmed'),
        shipped: () => orderIn('shipped'),
        delivered: () => orderIn('delivered'),
        cancelled: async () => {
          const order = await orderIn('pending');
          await actOk(order.id, { action: 'cancel' });
          return order;
        },
        delivery_refused: async () => {
          const order = await orderIn('shipped');
          await actOk(order.id, { action: 'refuse_delivery' });
          return order;
        },
        refunded: async () => {
          const order = await orderIn('delivered');
          const lines = order.lines.map((l) => ({
            lineId: l.id,
            quantity: l.quantity,
            restock: true,
          }));
          await actOk(order.id, { action: 'refund', lines, includeShipping: true });
          return order;
        },
      };
      for (const status of orderStatuses) {
        const order = await reach[status]();
        expect((await detail(order.id)).status).toBe(status);
        for (const role of staffRoles.filter((r) => roleMay(r, 'orders.read'))) {
          const offered = (await detail(order.id, staff[role])).allowedActions;
          const expected = actionsFrom(status).filter((a) =>
            roleMay(role, orderLifecycle[a].permission),
          );
          expect(`${status} ${role}: ${offered.join(',')}`).toBe(
            `${status} ${role}: ${expected.join(',')}`,
          );
        }
        for (const action of actionsFrom(status)) {
          const fresh = await reach[status]();
          const after = await actOk(fresh.id, sample(action, fresh));
          // A partial refund keeps the status; the table's `to` is where a whole one leads.
          expect(`${status} ${action}: ${after.status}`).toBe(
            `${status} ${action}: ${action === 'refund' ? status : orderLifecycle[action].to}`,
          );
          expect(after.timeline.map((e) => e.type)).toContain(orderLifecycle[action].event);
        }
      }
    });

    it('refuses shoppers and visitors every back-office order route', async () => {
      const order = await place();
      for (const who of [shopper, null]) {
        const list = await t.app.inject({
          method: 'GET',
          url: '/api/admin/orders',
          headers: headers(who),
        });
        const one = await t.app.inject({
          method: 'GET',
          url: `/api/admin/orders/${order.id}`,
          headers: headers(who),
        });
        const acted = await t.app.inject({
          method: 'POST',
          url: `/api/admin/orders/${order.id}/actions`,
          headers: headers(who),
          payload: { action: 'confirm' },
        });
        for (const res of [list, one, acted]) {
          expect(res.statusCode).toBe(who ? 403 : 401);
        }
      }
      expect((await detail(order.id)).status).toBe('pending');
    });

    it('offers each role only the actions it may take in the order state', async () => {
      const order = await place();
      expect((await detail(order.id, staff.owner)).allowedActions).toEqual(['confirm', 'cancel']);
      expect((await detail(order.id, staff.fulfilment)).allowedActions).toEqual(['confirm']);
      expect((await detail(order.id, staff.support)).allowedActions).toEqual(['cancel']);
      await actOk(order.id, { action: 'confirm' });
      await actOk(order.id, ship);
      expect((await detail(order.id, staff.manager)).allowedActions).toEqual([
        'deliver',
        'refuse_delivery',
        'refund',
      ]);
      expect((await detail(order.id, staff.support)).allowedActions).toEqual([]);
    });
  });

  describe('transitions', () => {
    it('takes a bank-transfer order from pending to delivered, recording payment, shipment and timeline', async () => {
      const order = await place(undefined, { paymentMethod: 'bank_transfer' });
      const confirmed = await actOk(order.id, { action: 'confirm' });
      expect(confirmed.status).toBe('confirmed');
      expect(confirmed.payment.status).toBe('received');
      expect(confirmed.payment.at).not.toBeNull();
      const shipped = await actOk(order.id, ship);
      expect(shipped.shipment).toMatchObject({
        carrier: 'Aramex',
        trackingNumber: 'AX 123-456/7',
        trackingUrl: ARAMEX_LINK,
      });
      const delivered = await actOk(order.id, { action: 'deliver' });
      expect(delivered.status).toBe('delivered');
      expect(delivered.payment.status).toBe('received');
      expect(delivered.timeline.map((e) => e.type)).toEqual([
        'placed',
        'confirmed',
        'payment_received',
        'shipped',
        'delivered',
      ]);
      expect(delivered.history.map((h) => [h.action, h.from, h.to, h.actorEmail])).toEqual([
        ['order.confirmed', 'pending', 'confirmed', staff.owner.email],
        ['order.shipped', 'confirmed', 'shipped', staff.owner.email],
        ['order.delivered', 'shipped', 'delivered', staff.owner.email],
      ]);
      const toShopper = delivered.mails.filter((m) => m.to === billing.email);
      expect(toShopper.map((m) => m.kind)).toEqual([
        'order_placed',
        'order_confirmed',
        'order_shipped',
        'order_delivered',
      ]);
      expect(toShopper.every((m) => m.status === 'queued')).toBe(true);
    });

    it('records cash on delivery as collected on delivery, not at confirmation', async () => {
      const order = await place();
      expect((await actOk(order.id, { action: 'confirm' })).payment.status).toBe('awaiting');
      await actOk(order.id, ship);
      const delivered = await actOk(order.id, { action: 'deliver' });
      expect(delivered.payment.status).toBe('collected');
      expect(delivered.timeline.map((e) => e.type)).toEqual([
        'placed',
        'confirmed',
        'shipped',
        'delivered',
        'cash_collected',
      ]);
    });

    it('refuses every action from a state it may not start from with 409 invalid_transition, changing nothing', async () => {
      const actions = orderActionNames;
      for (const status of ['pending', 'confirmed', 'shipped', 'delivered'] as const) {
        const order = await orderIn(status);
        const before = await detail(order.id);
        for (const action of actions) {
          // Repeating the action that led here is answered unchanged (a retry), not refused.
          const retry = action !== 'refund' && orderLifecycle[action].to === status;
          if (actionsFrom(status).includes(action) || retry) continue;
          const res = await act(order.id, sample(action, order), staff.owner, newKey());
          expect(`${status} ${action}: ${res.statusCode}`).toBe(`${status} ${action}: 409`);
          expect(apiError(res).code).toBe('invalid_transition');
        }
        const after = await detail(order.id);
        expect(after.timeline).toEqual(before.timeline);
        expect(after.mails).toEqual(before.mails);
      }
      for (const end of ['cancelled', 'delivery_refused'] as const) {
        const order = await orderIn(end === 'cancelled' ? 'pending' : 'shipped');
        await actOk(order.id, { action: end === 'cancelled' ? 'cancel' : 'refuse_delivery' });
        for (const action of actions.filter(
          (a) => a !== (end === 'cancelled' ? 'cancel' : 'refuse_delivery'),
        )) {
          const res = await act(order.id, sample(action, order), staff.owner, newKey());
          expect(`${end} ${action}: ${res.statusCode}`).toBe(`${end} ${action}: 409`);
        }
      }
      expect(orderStatuses).toContain('refunded');
    });

    it('answers a repeated action with the order unchanged: no second event, mail or stock move', async () => {
      const order = await orderIn('confirmed');
      const first = await actOk(order.id, ship);
      const again = await actOk(order.id, ship);
      expect(again.timeline).toEqual(first.timeline);
      expect(again.mails).toEqual(first.mails);
      await actOk(order.id, { action: 'refuse_delivery' });
      const stock = await stockOf(t.db, p(0));
      const refusedAgain = await actOk(order.id, { action: 'refuse_delivery' });
      expect(refusedAgain.timeline.filter((e) => e.type === 'delivery_refused')).toHaveLength(1);
      expect(await stockOf(t.db, p(0))).toBe(stock);
    });

    it('returns the stock on cancel and on a refused delivery, and the coupon use on cancel', async () => {
      const cancelled = await place([
        { productId: p(0), quantity: 3 },
        { productId: p(1), quantity: 1 },
      ]);
      expect(await stockOf(t.db, p(0))).toBe(47);
      await actOk(cancelled.id, { action: 'confirm' });
      const after = await actOk(cancelled.id, { action: 'cancel', note: 'Out of gift wrap' });
      expect(after.status).toBe('cancelled');
      expect(after.cancelledAt).not.toBeNull();
      expect(after.timeline.at(-1)).toMatchObject({ type: 'cancelled', note: 'Out of gift wrap' });
      expect(await stockOf(t.db, p(0))).toBe(50);
      expect(await stockOf(t.db, p(1))).toBe(50);

      const refused = await orderIn('shipped');
      expect(await stockOf(t.db, p(0))).toBe(48);
      await actOk(refused.id, { action: 'refuse_delivery' });
      expect(await stockOf(t.db, p(0))).toBe(50);
    });

    it('puts a cancelled or refunded line back to its variant through the ledger, naming the staff member; an order from before variants goes to the first', async () => {
      const dressed = await productWithVariants(t.db);
      const [v1, v2] = (await setVariantStocks(t.db, dressed, [4, 4])) as [number, number];
      const cancelled = await place([{ productId: dressed, variantId: v2, quantity: 3 }]);
      expect(cancelled.lines[0]!.variant?.id).toBe(v2);
      expect((await detail(cancelled.id)).lines[0]!.variant?.id).toBe(v2);
      await actOk(cancelled.id, { action: 'cancel' });
      expect([await variantStockOf(t.db, v1), await variantStockOf(t.db, v2)]).toEqual([4, 4]);
      const returned = await t.db.kysely
        .selectFrom('stock_movements')
        .select(['variant_id', 'change', 'stock_after', 'reason', 'actor_email'])
        .where('order_id', '=', cancelled.id)
        .orderBy('id')
        .execute();
      expect(returned).toEqual([
        { variant_id: v2, change: -3, stock_after: 1, reason: 'sale', actor_email: null },
        {
          variant_id: v2,
          change: 3,
          stock_after: 4,
          reason: 'cancel',
          actor_email: staff.owner.email,
        },
      ]);

      // A line written before products had variants names none: it goes back to the first.
      const old = await orderIn('delivered');
      await t.db.kysely
        .updateTable('order_lines')
        .set({ product_id: dressed, variant_id: null, colour: null, colour_hex: null, size: null })
        .where('order_id', '=', old.id)
        .execute();
      const line = (await detail(old.id)).lines[0]!;
      expect(line.variant).toBeNull();
      await actOk(
        old.id,
        {
          action: 'refund',
          lines: [{ lineId: line.id, quantity: 1, restock: true }],
          includeShipping: false,
        },
        newKey(),
      );
      expect(await variantStockOf(t.db, v1)).toBe(5);
      expect(await stockOf(t.db, dressed)).toBe(9);
    });

    it('answers 404 for an order that does not exist and 400 for a malformed action', async () => {
      expect((await act(999_999, { action: 'confirm' })).statusCode).toBe(404);
      const order = await orderIn('confirmed');
      const res = await act(order.id, { action: 'ship', carrier: 'Aramex', trackingNumber: 'x<y' });
      expect(res.statusCode).toBe(400);
      expect(Object.keys(apiError(res).fields ?? {}).sort()).toEqual([
        'carrierId',
        'trackingNumber',
      ]);
      // A carrier the shop does not have is refused on the field, and nothing moves.
      const unknown = await act(order.id, { ...ship, carrierId: 999_999 });
      expect(unknown.statusCode).toBe(400);
      expect(apiError(unknown).fields).toEqual({ carrierId: 'Choose one of the shop’s carriers' });
      expect((await actOk(order.id, { action: 'confirm' })).status).toBe('confirmed');
      expect((await act(order.id, { action: 'explode' })).statusCode).toBe(400);
    });
  });

  describe('refunds', () => {
    it('refunds by line, restocking only the lines asked, and becomes refunded once all is paid back', async () => {
      const order = await place([
        { productId: p(0), quantity: 2 },
        { productId: p(1), quantity: 1 },
      ]);
      await actOk(order.id, { action: 'confirm' });
      const [a, b] = order.lines;
      const first = await actOk(order.id, {
        action: 'refund',
        lines: [{ lineId: a!.id, quantity: 1, restock: true }],
        note: 'Scratched',
      });
      expect(first.status).toBe('confirmed');
      expect(first.refundedTotal).toBe(1000);
      expect(first.refundedQuantities).toEqual({ [a!.id]: 1, [b!.id]: 0 });
      expect(first.timeline.at(-1)).toMatchObject({
        type: 'refunded',
        amount: 1000,
        note: 'Scratched',
      });
      expect(await stockOf(t.db, p(0))).toBe(49);

      const rest = await actOk(order.id, {
        action: 'refund',
        lines: [
          { lineId: a!.id, quantity: 1, restock: false },
          { lineId: b!.id, quantity: 1, restock: true },
        ],
        includeShipping: true,
      });
      expect(rest.refundedTotal).toBe(order.total);
      expect(rest.status).toBe('refunded');
      expect(await stockOf(t.db, p(0))).toBe(49);
      expect(await stockOf(t.db, p(1))).toBe(50);
      expect(rest.mails.filter((m) => m.kind === 'order_refunded')).toHaveLength(2);
      expect(rest.allowedActions).toEqual([]);
    });

    it('never refunds more than was paid: per line, shipping once, the discount shared out', async () => {
      const order = await place([{ productId: p(0), quantity: 3 }]);
      await actOk(order.id, { action: 'confirm' });
      const line = order.lines[0]!;
      const tooMany = await act(
        order.id,
        { action: 'refund', lines: [{ lineId: line.id, quantity: 4, restock: true }] },
        staff.owner,
        newKey(),
      );
      expect(tooMany.statusCode).toBe(409);
      expect(apiError(tooMany)).toMatchObject({
        code: 'refund_exceeds_order',
        fields: { 'lines.0.quantity': '3 left to refund' },
      });
      const other = await place();
      const foreign = await act(
        order.id,
        { action: 'refund', lines: [{ lineId: other.lines[0]!.id, quantity: 1, restock: true }] },
        staff.owner,
        newKey(),
      );
      expect(foreign.statusCode).toBe(400);
      expect(apiError(foreign).fields).toEqual({ 'lines.0.lineId': 'no such line in this order' });
      await actOk(order.id, {
        action: 'refund',
        lines: [{ lineId: line.id, quantity: 3, restock: true }],
        includeShipping: true,
      });
      const again = await act(
        order.id,
        { action: 'refund', lines: [{ lineId: line.id, quantity: 1, restock: true }] },
        staff.owner,
        newKey(),
      );
      expect(again.statusCode).toBe(409);
      // All three units are back; the other order still holds its two.
      expect(await stockOf(t.db, p(0))).toBe(48);
    });

    it('refunds each unit its share of a discount, adding up to exactly what was paid', async () => {
      await setProduct(t.db, p(0), { price: 1001 });
      await t.db.kysely
        .insertInto('coupons')
        .values({
          code: `THIRD${dialect.toUpperCase()}`,
          kind: 'fixed',
          amount: 1000,
          starts_at: null,
          ends_at: null,
          max_uses: null,
          max_uses_per_email: null,
          email: null,
        })
        .execute();
      const order = await place([{ productId: p(0), quantity: 3 }], {
        couponCode: `THIRD${dialect.toUpperCase()}`,
      });
      expect(order.discount).toBe(1000);
      await actOk(order.id, { action: 'confirm' });
      const line = order.lines[0]!;
      const amounts: number[] = [];
      for (let i = 0; i < 3; i++) {
        const after = await actOk(order.id, {
          action: 'refund',
          lines: [{ lineId: line.id, quantity: 1, restock: true }],
        });
        amounts.push(after.timeline.at(-1)!.amount!);
      }
      expect(amounts.reduce((s, x) => s + x, 0)).toBe(3003 - 1000);
      expect(Math.max(...amounts) - Math.min(...amounts)).toBeLessThanOrEqual(1);
    });

    it('refunds once per Idempotency-Key; the key is required and bound to its request', async () => {
      const order = await place([{ productId: p(0), quantity: 2 }]);
      await actOk(order.id, { action: 'confirm' });
      const refund: OrderAction = {
        action: 'refund',
        lines: [{ lineId: order.lines[0]!.id, quantity: 1, restock: true }],
      };
      const missing = await act(order.id, refund);
      expect(missing.statusCode).toBe(400);
      expect(apiError(missing).fields).toEqual({ 'idempotency-key': 'required for a refund' });
      const key = newKey();
      const first = await actOk(order.id, refund, key);
      const replay = await actOk(order.id, refund, key);
      expect(replay.refundedTotal).toBe(first.refundedTotal);
      expect(replay.timeline).toEqual(first.timeline);
      expect(await stockOf(t.db, p(0))).toBe(49);
      const reused = await act(order.id, { ...refund, note: 'other' }, staff.owner, key);
      expect(reused.statusCode).toBe(422);
      expect(apiError(reused).code).toBe('idempotency_key_reused');
    });
  });

  describe('two staff at once', () => {
    it('lets exactly one of ship and cancel win, on two app servers', async () => {
      const other = await createAppOverDb(t.db);
      try {
        for (let round = 0; round < 4; round++) {
          const order = await orderIn('confirmed');
          const [shipped, cancelled] = await Promise.all([
            act(order.id, ship),
            other.app.inject({
              method: 'POST',
              url: `/api/admin/orders/${order.id}/actions`,
              headers: { cookie: staff.manager.cookie },
              payload: { action: 'cancel' },
            }),
          ]);
          const codes = [shipped.statusCode, cancelled.statusCode].sort();
          expect(codes).toEqual([200, 409]);
          const final = await detail(order.id);
          const won = shipped.statusCode === 200 ? 'shipped' : 'cancelled';
          expect(final.status).toBe(won);
          expect(
            final.timeline.filter((e) => e.type === 'shipped' || e.type === 'cancelled'),
          ).toHaveLength(1);
          expect(await stockOf(t.db, p(0))).toBe(won === 'cancelled' ? 50 : 48);
          await setProduct(t.db, p(0), { stock: 50 });
        }
      } finally {
        await other.close();
      }
    });

    it('confirms once when two staff confirm at once: both answered 200, one event, one mail', async () => {
      const order = await place();
      const answers = await Promise.all(
        [staff.owner, staff.fulfilment, staff.manager].map((who) =>
          act(order.id, { action: 'confirm' }, who),
        ),
      );
      expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200]);
      const final = await detail(order.id);
      expect(final.timeline.filter((e) => e.type === 'confirmed')).toHaveLength(1);
      expect(final.mails.filter((m) => m.kind === 'order_confirmed')).toHaveLength(1);
    });

    it('lets only one of two refunds of the last unit through', async () => {
      const order = await place([{ productId: p(0), quantity: 1 }]);
      await actOk(order.id, { action: 'confirm' });
      const refund: OrderAction = {
        action: 'refund',
        lines: [{ lineId: order.lines[0]!.id, quantity: 1, restock: true }],
      };
      const answers = await Promise.all([
        act(order.id, refund, staff.owner, newKey()),
        act(order.id, refund, staff.manager, newKey()),
      ]);
      expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      const final = await detail(order.id);
      expect(final.refundedQuantities[order.lines[0]!.id]).toBe(1);
      expect(await stockOf(t.db, p(0))).toBe(50);
    });
  });

  describe('the list', () => {
    it('finds orders by number, email, phone and name, filters and pages them', async () => {
      const distinct = await place(undefined, {
        billing: {
          ...billing,
          firstName: 'Zainab',
          lastName: 'Haddad',
          email: 'zainab.h@example.com',
          phone: '+962 (79) 555-0142',
        },
        paymentMethod: 'bank_transfer',
      });
      const list = async (query: string, who: { cookie: string } = staff.support) => {
        const res = await t.app.inject({
          method: 'GET',
          url: `/api/admin/orders?${query}`,
          headers: headers(who),
        });
        expect(res.statusCode, res.body).toBe(200);
        return adminOrderListSchema.parse(res.json());
      };
      for (const q of [distinct.number.toLowerCase(), 'ZAINAB.H@', 'haddad', '795550142', '0142']) {
        const found = await list(`q=${encodeURIComponent(q)}`);
        expect(
          found.items.map((o) => o.number),
          q,
        ).toEqual([distinct.number]);
      }
      const [item] = (await list(`q=${distinct.number}`)).items;
      expect(item).toMatchObject({
        customerName: 'Zainab Haddad',
        phone: '+962 (79) 555-0142',
        paymentMethod: 'bank_transfer',
        status: 'pending',
        itemCount: 2,
        total: distinct.total,
      });
      expect((await list('q=%25')).items).toEqual([]);
      const banked = await list('paymentMethod=bank_transfer');
      expect(banked.items.every((o) => o.paymentMethod === 'bank_transfer')).toBe(true);
      const today = new Date().toISOString().slice(0, 10);
      expect((await list(`from=${today}&to=${today}`)).total).toBe((await list('')).total);
      expect((await list('to=2000-01-01')).total).toBe(0);
      const all = await list('');
      expect(all.pageSize).toBe(25);
      const ids = all.items.map((o) => o.id);
      expect(ids).toEqual([...ids].sort((x, y) => y - x));
      if (all.total > 25) expect((await list('page=2')).items[0]!.id).toBeLessThan(ids.at(-1)!);
      const bad = await t.app.inject({
        method: 'GET',
        url: '/api/admin/orders?status=lost&from=yesterday',
        headers: headers(staff.owner),
      });
      expect(bad.statusCode).toBe(400);
      expect(Object.keys(apiError(bad).fields ?? {}).sort()).toEqual(['from', 'status']);
    });
  });

  describe('what the shopper sees', () => {
    it('shows the timeline and tracking number in My Orders and the guest look-up', async () => {
      const mine = await place(undefined, {}, shopper);
      await actOk(mine.id, { action: 'confirm' });
      await actOk(mine.id, ship);
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/orders/${mine.id}`,
        headers: headers(shopper),
      });
      const seen = orderSchema.parse(res.json());
      expect(seen.status).toBe('shipped');
      expect(seen.shipment).toMatchObject({
        carrier: 'Aramex',
        trackingNumber: 'AX 123-456/7',
        trackingUrl: ARAMEX_LINK,
      });
      expect(seen.timeline.map((e) => e.type)).toEqual(['placed', 'confirmed', 'shipped']);
      expect(JSON.stringify(res.json())).not.toContain(staff.owner.email);

      const looked = await t.app.inject({
        method: 'POST',
        url: '/api/orders/lookup',
        payload: { number: mine.number, email: billing.email },
      });
      expect(orderSchema.parse(looked.json()).timeline).toEqual(seen.timeline);
      expect(orderSchema.parse(looked.json()).shipment?.trackingUrl).toBe(ARAMEX_LINK);
    });

    it("keeps the shopper's own cancel to pending orders, with the same stock return, timeline and mail", async () => {
      const mine = await place(undefined, {}, shopper);
      const cancel = (id: number) =>
        t.app.inject({
          method: 'POST',
          url: `/api/orders/${id}/cancel`,
          headers: headers(shopper),
        });
      const res = await cancel(mine.id);
      expect(res.statusCode, res.body).toBe(200);
      expect(orderSchema.parse(res.json()).timeline.map((e) => e.type)).toEqual([
        'placed',
        'cancelled',
      ]);
      expect(await stockOf(t.db, p(0))).toBe(50);
      expect((await detail(mine.id)).mails.map((m) => m.kind)).toContain('order_cancelled');
      const confirmed = await place(undefined, {}, shopper);
      await actOk(confirmed.id, { action: 'confirm' });
      expect((await cancel(confirmed.id)).statusCode).toBe(409);
    });
  });

  describe('mails', () => {
    it('queues the order-placed mail in the order language and the alert to the owners', async () => {
      const order = await place(undefined, { locale: 'ar' });
      expect(order.locale).toBe('ar');
      const { mails } = await detail(order.id);
      const placed = mails.find((m) => m.kind === 'order_placed');
      expect(placed?.to).toBe(billing.email);
      expect(placed?.subject).toContain('تم استلام طلبك');
      const alerts = mails.filter((m) => m.kind === 'new_order_alert');
      expect(alerts.map((m) => m.to)).toEqual([staff.owner.email]);
      expect(alerts[0]?.subject).toContain(`New order ${order.number}`);
    });

    it('resends a mail as a new queued copy (orders.mail), and refuses roles without it', async () => {
      const order = await place();
      const [placedMail] = (await detail(order.id)).mails;
      await t.db.kysely
        .updateTable('mail_outbox')
        .set({ status: 'failed', attempts: 8, last_error: 'refused' })
        .where('id', '=', placedMail!.id)
        .execute();
      const resend = (who: { cookie: string }, mailId = placedMail!.id) =>
        t.app.inject({
          method: 'POST',
          url: `/api/admin/orders/${order.id}/mails/${mailId}/resend`,
          headers: headers(who),
        });
      expect((await resend(staff.fulfilment)).statusCode).toBe(403);
      const res = await resend(staff.support);
      expect(res.statusCode, res.body).toBe(202);
      const copy = outboxMailSchema.parse(res.json());
      expect(copy).toMatchObject({ kind: 'order_placed', status: 'queued', attempts: 0 });
      expect(copy.id).not.toBe(placedMail!.id);
      const { mails } = await detail(order.id);
      expect(mails.filter((m) => m.kind === 'order_placed').map((m) => m.status)).toEqual([
        'failed',
        'queued',
      ]);
      const other = await place();
      const otherMail = (await detail(other.id)).mails[0]!;
      expect((await resend(staff.owner, otherMail.id)).statusCode).toBe(404);
    });
  });
});
