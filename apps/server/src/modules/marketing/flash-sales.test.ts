import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminFlashSaleListSchema,
  adminFlashSaleSchema,
  type AdminFlashSale,
} from '@souq/contracts/admin-marketing';
import { flashSaleSchema, productSchema } from '@souq/contracts/catalog';
import { auditListSchema } from '@souq/contracts/staff';
import { apiError } from '../../test/auth-helpers';
import { signUpTestStaff, type TestStaff } from '../../test/staff-helpers';
import { createAppOverDb, createTestApp, testDialects, type TestApp } from '../../test/test-app';
import { CATALOG_CACHE_TTL_MS } from '../catalog/short-lived-cache';

const HOUR = 3_600_000;

describe.each(testDialects)('flash sales in the back office on %s', (dialect) => {
  let t: TestApp;
  let manager: TestStaff;
  let owner: TestStaff;
  let support: TestStaff;
  let fulfilment: TestStaff;
  let ids: number[];
  // The app's clock: a fixed time the tests move on, so "now" is exact.
  let now = Date.parse('2031-03-01T10:00:00.000Z');
  const p = (i: number) => ids[i]!;
  const at = (ms: number) => new Date(ms).toISOString();

  beforeAll(async () => {
    t = await createTestApp(dialect, { clock: () => new Date(now) });
    manager = await signUpTestStaff(t.app, t.db, 'manager');
    owner = await signUpTestStaff(t.app, t.db, 'owner');
    support = await signUpTestStaff(t.app, t.db, 'support');
    fulfilment = await signUpTestStaff(t.app, t.db, 'fulfilment');
    // The demo's own sale ends long before the app clock's day, so it is in no test's way.
    const rows = await t.db.kysely
      .selectFrom('products')
      .select('id')
      .where('id', 'not in', (eb) => eb.selectFrom('flash_sale_products').select('product_id'))
      .orderBy('id')
      .limit(8)
      .execute();
    ids = rows.map((r) => r.id);
  });
  afterAll(() => t.close());

  const as = (
    who: TestStaff,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
  ) =>
    t.app.inject({ method, url, headers: { cookie: who.cookie }, ...(payload ? { payload } : {}) });
  const sale = (name: string, from: number, to: number, productIds: number[]) => ({
    name,
    startsAt: at(from),
    endsAt: at(to),
    productIds,
  });
  const schedule = async (body: ReturnType<typeof sale>): Promise<AdminFlashSale> => {
    const res = await as(manager, 'POST', '/api/admin/flash-sales', body);
    expect(res.statusCode, res.body).toBe(201);
    return adminFlashSaleSchema.parse(res.json());
  };

  it('schedules a sale with its products and lists it by state with the server time', async () => {
    const created = await schedule(sale('Spring', now + HOUR, now + 5 * HOUR, [p(0), p(1)]));
    expect(created).toMatchObject({ name: 'Spring', state: 'scheduled' });
    expect(created.products.map((x) => x.id).sort()).toEqual([p(0), p(1)].sort());
    expect(created.products[0]?.image).toMatch(/^\//);

    const list = adminFlashSaleListSchema.parse(
      (await as(manager, 'GET', '/api/admin/flash-sales')).json(),
    );
    expect(list.serverTime).toBe(at(now));
    expect(list.items.find((s) => s.id === created.id)?.state).toBe('scheduled');

    const audit = await as(
      owner,
      'GET',
      `/api/admin/audit?entityType=flash_sale&entityId=${created.id}`,
    );
    expect(auditListSchema.parse(audit.json()).items[0]).toMatchObject({
      action: 'flash_sale.created',
      actor: { email: manager.email },
    });
  });

  it('keeps a product in one sale at a time: 409 on overlap, fine back to back', async () => {
    const first = await schedule(sale('First', now + 10 * HOUR, now + 12 * HOUR, [p(2)]));
    const overlap = await as(
      manager,
      'POST',
      '/api/admin/flash-sales',
      sale('Clash', now + 11 * HOUR, now + 13 * HOUR, [p(3), p(2)]),
    );
    expect(overlap.statusCode).toBe(409);
    expect(apiError(overlap)).toMatchObject({ code: 'product_in_other_sale' });
    expect(Object.keys(apiError(overlap).fields ?? {})).toEqual(['productIds.1']);

    // Ending where the other starts is no overlap (starts inclusive, ends exclusive).
    const next = await schedule(sale('Next', now + 12 * HOUR, now + 14 * HOUR, [p(2)]));
    const before = await schedule(sale('Before', now + 8 * HOUR, now + 10 * HOUR, [p(2)]));
    expect([first, next, before].every((s) => s.state === 'scheduled')).toBe(true);

    // Editing a sale into another's time is refused the same way; its own time is no clash.
    const moved = await as(
      manager,
      'PUT',
      `/api/admin/flash-sales/${next.id}`,
      sale('Next', now + 11 * HOUR, now + 14 * HOUR, [p(2)]),
    );
    expect(apiError(moved).code).toBe('product_in_other_sale');
    const renamed = await as(
      manager,
      'PUT',
      `/api/admin/flash-sales/${next.id}`,
      sale('Next, renamed', now + 12 * HOUR, now + 14 * HOUR, [p(2), p(3)]),
    );
    expect(adminFlashSaleSchema.parse(renamed.json()).name).toBe('Next, renamed');
  });

  it('lets one of two staff saving overlapping sales at once win, never both', async () => {
    const bodies = ['Race A', 'Race B', 'Race C'].map((name) =>
      sale(name, now + 20 * HOUR, now + 22 * HOUR, [p(4)]),
    );
    const results = await Promise.all(
      bodies.map((body) => as(manager, 'POST', '/api/admin/flash-sales', body)),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
    const members = await t.db.kysely
      .selectFrom('flash_sale_products')
      .selectAll()
      .where('product_id', '=', p(4))
      .execute();
    expect(members).toHaveLength(1);
  });

  it('refuses bad input with fields: no products, unknown ones, an end before the start or past', async () => {
    for (const [body, field] of [
      [sale('Empty', now + HOUR, now + 2 * HOUR, []), 'productIds'],
      [sale('Twice', now + HOUR, now + 2 * HOUR, [p(5), p(5)]), 'productIds'],
      [sale('Backwards', now + 2 * HOUR, now + HOUR, [p(5)]), 'endsAt'],
      [sale('Past', now - 2 * HOUR, now - HOUR, [p(5)]), 'endsAt'],
      [sale('', now + HOUR, now + 2 * HOUR, [p(5)]), 'name'],
      [{ ...sale('Bad date', now, now + HOUR, [p(5)]), startsAt: 'soon' }, 'startsAt'],
    ] as const) {
      const res = await as(manager, 'POST', '/api/admin/flash-sales', body);
      expect(res.statusCode, body.name).toBe(400);
      expect(apiError(res).fields, body.name).toHaveProperty(field);
    }
    const unknown = await as(
      manager,
      'POST',
      '/api/admin/flash-sales',
      sale('Ghost', now + HOUR, now + 2 * HOUR, [p(5), 999_999]),
    );
    expect(unknown.statusCode).toBe(400);
    expect(apiError(unknown)).toMatchObject({ code: 'unknown_products' });
    expect(apiError(unknown).fields).toHaveProperty(['productIds.1']);
  });

  it('ends a running sale now, deletes only a scheduled one, and leaves an ended one be', async () => {
    const running = await schedule(sale('Running', now - HOUR, now + HOUR, [p(6)]));
    expect(running.state).toBe('running');
    const scheduled = await schedule(sale('Later', now + 30 * HOUR, now + 31 * HOUR, [p(6)]));

    const deleteRunning = await as(manager, 'DELETE', `/api/admin/flash-sales/${running.id}`);
    expect(deleteRunning.statusCode).toBe(409);
    expect(apiError(deleteRunning).code).toBe('flash_sale_not_editable');
    const endScheduled = await as(manager, 'POST', `/api/admin/flash-sales/${scheduled.id}/end`);
    expect(apiError(endScheduled).code).toBe('flash_sale_not_editable');

    const ended = await as(manager, 'POST', `/api/admin/flash-sales/${running.id}/end`);
    expect(adminFlashSaleSchema.parse(ended.json())).toMatchObject({
      state: 'ended',
      endsAt: at(now),
    });
    const edit = await as(
      manager,
      'PUT',
      `/api/admin/flash-sales/${running.id}`,
      sale('Again', now - HOUR, now + HOUR, [p(6)]),
    );
    expect(apiError(edit).code).toBe('flash_sale_not_editable');

    expect((await as(manager, 'DELETE', `/api/admin/flash-sales/${scheduled.id}`)).statusCode).toBe(
      204,
    );
    expect((await as(manager, 'GET', `/api/admin/flash-sales/${scheduled.id}`)).statusCode).toBe(
      404,
    );
    const audit = await as(
      owner,
      'GET',
      `/api/admin/audit?entityType=flash_sale&entityId=${scheduled.id}`,
    );
    expect(auditListSchema.parse(audit.json()).items[0]?.action).toBe('flash_sale.deleted');
  });

  it('reaches the storefront when it starts, within the cache time, and leaves when it ends', async () => {
    // An app server of its own, so the caches it reads start empty.
    const shop = await createAppOverDb(t.db, { clock: () => new Date(now) });
    try {
      const from = now + 100 * HOUR;
      const to = from + 3 * HOUR;
      const created = await schedule(sale('Weekend', from, to, [p(7)]));
      const current = async () =>
        flashSaleSchema.parse(
          (await shop.app.inject({ method: 'GET', url: '/api/flash-sale' })).json(),
        );
      const product = async () =>
        productSchema.parse(
          (await shop.app.inject({ method: 'GET', url: `/api/products/${p(7)}` })).json(),
        );

      expect((await current()).sale).toBeNull();
      expect((await product()).flashSale).toBeNull();

      now = from + CATALOG_CACHE_TTL_MS;
      const running = await current();
      expect(running.sale).toMatchObject({ name: 'Weekend', endsAt: at(to) });
      expect(running.sale?.items.map((i) => i.id)).toEqual([p(7)]);
      expect((await product()).flashSale).toEqual({ endsAt: at(to) });

      now = to + CATALOG_CACHE_TTL_MS;
      expect((await current()).sale).toBeNull();
      expect((await product()).flashSale).toBeNull();
      expect(created.id).toBeGreaterThan(0);
    } finally {
      await shop.close();
    }
  });

  it('is for marketing only: support and fulfilment get 403', async () => {
    for (const who of [support, fulfilment]) {
      for (const [method, url, payload] of [
        ['GET', '/api/admin/flash-sales', undefined],
        ['POST', '/api/admin/flash-sales', sale('Sneaky', now + HOUR, now + 2 * HOUR, [p(5)])],
        ['GET', '/api/admin/flash-sales/1', undefined],
        ['PUT', '/api/admin/flash-sales/1', sale('Sneaky', now + HOUR, now + 2 * HOUR, [p(5)])],
        ['POST', '/api/admin/flash-sales/1/end', undefined],
        ['DELETE', '/api/admin/flash-sales/1', undefined],
      ] as const) {
        const res = await as(who, method, url, payload);
        expect(res.statusCode, `${who.role} ${method} ${url}`).toBe(403);
      }
    }
  });
});
