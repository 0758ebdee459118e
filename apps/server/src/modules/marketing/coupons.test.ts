import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminCouponListSchema,
  adminCouponSchema,
  couponUseListSchema,
  type CouponEditorInput,
} from '@souq/contracts/admin-marketing';
import { auditListSchema } from '@souq/contracts/staff';
import { orderSchema, quoteSchema } from '@souq/contracts/orders';
import { apiError } from '../../test/auth-helpers';
import { billing, newKey, orderBody, productIds, setProduct } from '../../test/orders-fixtures';
import { signUpTestStaff, type TestStaff } from '../../test/staff-helpers';
import { createTestApp, testDialects, type TestApp } from '../../test/test-app';
import { createCoupon } from './coupons.admin';

const HOUR = 3_600_000;

const editor = (overrides: Partial<CouponEditorInput> = {}): CouponEditorInput => ({
  code: 'SPRING10',
  kind: 'percent',
  amount: 10,
  minSubtotal: 0,
  startsAt: null,
  endsAt: null,
  maxUses: null,
  maxUsesPerEmail: null,
  email: null,
  paused: false,
  ...overrides,
});

describe.each(testDialects)('coupons in the back office on %s', (dialect) => {
  let t: TestApp;
  let manager: TestStaff;
  let owner: TestStaff;
  let support: TestStaff;
  let fulfilment: TestStaff;
  let product: number;
  let now = Date.now();

  beforeAll(async () => {
    t = await createTestApp(dialect, { clock: () => new Date(now) });
    manager = await signUpTestStaff(t.app, t.db, 'manager');
    owner = await signUpTestStaff(t.app, t.db, 'owner');
    support = await signUpTestStaff(t.app, t.db, 'support');
    fulfilment = await signUpTestStaff(t.app, t.db, 'fulfilment');
    [product] = (await productIds(t.db, 1)) as [number];
    await setProduct(t.db, product, { price: 5000, stock: 1000 });
  });
  afterAll(() => t.close());

  const as = (who: TestStaff, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie: who.cookie }, ...(payload ? { payload } : {}) });
  const create = async (overrides: Partial<CouponEditorInput>) => {
    const res = await as(manager, 'POST', '/api/admin/coupons', editor(overrides));
    expect(res.statusCode, res.body).toBe(201);
    return adminCouponSchema.parse(res.json());
  };
  const place = (code: string, email = billing.email) =>
    t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { 'idempotency-key': newKey() },
      payload: orderBody([{ productId: product, quantity: 1 }], {
        couponCode: code,
        billing: { ...billing, email },
      }),
    });
  const quote = (code: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/orders/quote',
      payload: { lines: [{ productId: product, quantity: 1 }], couponCode: code },
    });
  const list = async (query: string) => {
    const res = await as(manager, 'GET', `/api/admin/coupons?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return adminCouponListSchema.parse(res.json());
  };

  it('creates a coupon as typed, upper-cased, and logs who did it', async () => {
    const coupon = await create({
      code: 'welcome-5',
      kind: 'fixed',
      amount: 500,
      email: 'Ada@Example.com',
    });
    expect(coupon).toMatchObject({
      code: 'WELCOME-5',
      kind: 'fixed',
      amount: 500,
      email: 'ada@example.com',
      paused: false,
      state: 'active',
      usesCount: 0,
    });
    const audit = await as(
      owner,
      'GET',
      `/api/admin/audit?entityType=coupon&entityId=${coupon.id}`,
    );
    expect(auditListSchema.parse(audit.json()).items[0]).toMatchObject({
      action: 'coupon.created',
      actor: { email: manager.email },
    });
  });

  it('refuses a taken code (whatever its case) with 409 code_taken, and bad fields with 400', async () => {
    await create({ code: 'TAKEN' });
    const taken = await as(manager, 'POST', '/api/admin/coupons', editor({ code: 'taken' }));
    expect(taken.statusCode).toBe(409);
    expect(apiError(taken).code).toBe('code_taken');
    expect(apiError(taken).fields).toHaveProperty('code');

    const bad = await as(manager, 'POST', '/api/admin/coupons', {
      ...editor({ code: 'HAS SPACE', amount: 150 }),
      endsAt: 'tomorrow',
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(apiError(bad).fields ?? {}).sort()).toEqual(['amount', 'code', 'endsAt']);
    const percent = await as(
      manager,
      'POST',
      '/api/admin/coupons',
      editor({ code: 'P150', amount: 150 }),
    );
    expect(apiError(percent).fields).toHaveProperty('amount');
  });

  it('works out each state by the app clock, and filters and searches by it', async () => {
    const scheduled = await create({
      code: 'LATER',
      startsAt: new Date(now + 2 * HOUR).toISOString(),
    });
    const expired = await create({
      code: 'OLD',
      startsAt: new Date(now - 5 * HOUR).toISOString(),
      endsAt: new Date(now - HOUR).toISOString(),
    });
    const paused = await create({ code: 'RESTING', paused: true });
    expect([scheduled.state, expired.state, paused.state]).toEqual([
      'scheduled',
      'expired',
      'paused',
    ]);
    const usedUp = await create({ code: 'ONEUSE', maxUses: 1 });
    expect((await place('ONEUSE')).statusCode).toBe(201);

    const codes = async (state: string) => (await list(`state=${state}`)).items.map((c) => c.code);
    expect(await codes('scheduled')).toEqual(['LATER']);
    expect(await codes('expired')).toEqual(['OLD']);
    expect(await codes('paused')).toEqual(['RESTING']);
    expect(await codes('used_up')).toEqual(['ONEUSE']);
    expect(await codes('active')).not.toContain('LATER');
    expect((await list('q=one')).items.map((c) => c.code)).toEqual(['ONEUSE']);
    // A wildcard typed in the search is taken literally.
    expect((await list('q=%25')).total).toBe(0);
    expect(usedUp.id).toBeGreaterThan(0);

    now += 3 * HOUR;
    try {
      expect(await codes('scheduled')).toEqual([]);
      expect(await codes('active')).toContain('LATER');
    } finally {
      now -= 3 * HOUR;
    }
  });

  it('edits a coupon, but not the code of one that orders used', async () => {
    const fresh = await create({ code: 'RENAME-ME' });
    const renamed = await as(
      manager,
      'PUT',
      `/api/admin/coupons/${fresh.id}`,
      editor({ code: 'RENAMED', amount: 20 }),
    );
    expect(renamed.statusCode).toBe(200);
    expect(adminCouponSchema.parse(renamed.json())).toMatchObject({ code: 'RENAMED', amount: 20 });

    expect((await place('RENAMED')).statusCode).toBe(201);
    const locked = await as(
      manager,
      'PUT',
      `/api/admin/coupons/${fresh.id}`,
      editor({ code: 'AGAIN', amount: 20 }),
    );
    expect(locked.statusCode).toBe(409);
    expect(apiError(locked).code).toBe('coupon_code_locked');
    // Its other terms may still change.
    const raised = await as(
      manager,
      'PUT',
      `/api/admin/coupons/${fresh.id}`,
      editor({ code: 'RENAMED', amount: 25 }),
    );
    expect(adminCouponSchema.parse(raised.json())).toMatchObject({ amount: 25, usesCount: 1 });

    const other = await create({ code: 'SOMEONE' });
    const clash = await as(
      manager,
      'PUT',
      `/api/admin/coupons/${other.id}`,
      editor({ code: 'RENAMED' }),
    );
    expect(apiError(clash).code).toBe('code_taken');
    const missing = await as(manager, 'PUT', '/api/admin/coupons/999999', editor({ code: 'NOPE' }));
    expect(missing.statusCode).toBe(404);
  });

  it('pauses a coupon: the cart and checkout refuse it until it is resumed', async () => {
    const coupon = await create({ code: 'PAUSE-ME' });
    const paused = await as(manager, 'POST', `/api/admin/coupons/${coupon.id}/pause`);
    expect(adminCouponSchema.parse(paused.json())).toMatchObject({ paused: true, state: 'paused' });

    const preview = quoteSchema.parse((await quote('PAUSE-ME')).json());
    expect(preview.coupon).toMatchObject({ applied: false, rejection: 'paused' });
    expect(preview.discount).toBe(0);
    const refused = await place('PAUSE-ME');
    expect(refused.statusCode).toBe(400);
    expect(apiError(refused).code).toBe('coupon_rejected');

    const resumed = await as(manager, 'POST', `/api/admin/coupons/${coupon.id}/resume`);
    expect(adminCouponSchema.parse(resumed.json())).toMatchObject({
      paused: false,
      state: 'active',
    });
    const placed = await place('PAUSE-ME');
    expect(placed.statusCode).toBe(201);
    expect(orderSchema.parse(placed.json()).discount).toBe(500);

    const audit = await as(
      owner,
      'GET',
      `/api/admin/audit?entityType=coupon&entityId=${coupon.id}`,
    );
    expect(auditListSchema.parse(audit.json()).items.map((e) => e.action)).toEqual([
      'coupon.resumed',
      'coupon.paused',
      'coupon.created',
    ]);
  });

  it("lists a coupon's uses newest first, with the order, and one customer's alone", async () => {
    const coupon = await create({ code: 'HISTORY', kind: 'fixed', amount: 700 });
    const first = orderSchema.parse((await place('HISTORY', 'layla@example.com')).json());
    const second = orderSchema.parse((await place('HISTORY', 'omar@example.com')).json());
    const res = await as(manager, 'GET', `/api/admin/coupons/${coupon.id}/uses`);
    const uses = couponUseListSchema.parse(res.json());
    expect(uses.items.map((u) => [u.order.number, u.email, u.discount])).toEqual([
      [second.number, 'omar@example.com', 700],
      [first.number, 'layla@example.com', 700],
    ]);
    const layla = couponUseListSchema.parse(
      (await as(manager, 'GET', `/api/admin/coupons/${coupon.id}/uses?email=LAYLA`)).json(),
    );
    expect(layla.items.map((u) => u.order.id)).toEqual([first.id]);
  });

  it('creates coupons from the command line through the same rules, logged as such', async () => {
    const { id, code } = await createCoupon(t.db, { code: 'cli-made', kind: 'percent', amount: 5 });
    expect(code).toBe('CLI-MADE');
    await expect(
      createCoupon(t.db, { code: 'CLI-MADE', kind: 'percent', amount: 5 }),
    ).rejects.toThrow(/already exists/);
    const audit = await as(owner, 'GET', `/api/admin/audit?entityType=coupon&entityId=${id}`);
    expect(auditListSchema.parse(audit.json()).items[0]?.actor.email).toBe('command line');
  });

  it('is for marketing only: support and fulfilment get 403 on every coupon route', async () => {
    const coupon = await create({ code: 'GUARDED' });
    for (const who of [support, fulfilment]) {
      for (const [method, url, payload] of [
        ['GET', '/api/admin/coupons', undefined],
        ['POST', '/api/admin/coupons', editor({ code: 'SNEAKY' })],
        ['GET', `/api/admin/coupons/${coupon.id}`, undefined],
        ['PUT', `/api/admin/coupons/${coupon.id}`, editor({ code: 'GUARDED', amount: 99 })],
        ['POST', `/api/admin/coupons/${coupon.id}/pause`, undefined],
        ['POST', `/api/admin/coupons/${coupon.id}/resume`, undefined],
        ['GET', `/api/admin/coupons/${coupon.id}/uses`, undefined],
      ] as const) {
        const res = await as(who, method, url, payload);
        expect(res.statusCode, `${who.role} ${method} ${url}`).toBe(403);
      }
    }
    expect((await list('q=GUARDED')).items[0]).toMatchObject({ amount: 10, paused: false });
  });
});
