import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dashboardSchema } from '@souq/contracts/staff';
import type { OrderStatus } from '@souq/contracts/orders';
import { apiError, signUpTestUser } from '../../test/auth-helpers';
import { signUpTestStaff, type TestStaff } from '../../test/staff-helpers';
import { createTestApp, testDialects, type TestApp } from '../../test/test-app';
import { setCategoryName, setProductTexts } from '../catalog/catalog-translations';
import { createVariants } from '../stock';
import { startOfWeek } from './dashboard.service';

// A Wednesday; its week began on Monday 2026-11-23.
let now = new Date('2026-11-25T10:00:00.000Z');

describe.each(testDialects)('the dashboard on %s', (dialect) => {
  let t: TestApp;
  let fulfilment: TestStaff;
  let orderNumber = 0;
  beforeAll(async () => {
    t = await createTestApp(dialect, { seed: false, clock: () => now });
    fulfilment = await signUpTestStaff(t.app, t.db, 'fulfilment');
    const category = await t.db.kysely
      .insertInto('categories')
      .values({ slug: 'pottery', name: 'Pottery', position: 1 })
      .returning('id')
      .executeTakeFirstOrThrow();
    await setCategoryName(t.db.kysely, category.id, 'ar', 'فخار');
    // Name, Arabic name, low-stock threshold, sizes and each size's stock.
    const products: [string, string | null, number, string[], number[]][] = [
      ['Sold-out jug', 'إبريق نفد', 5, [], [0]],
      ['Plenty of bowls', null, 5, [], [6]],
      ['Last few cups', 'أكواب قليلة', 5, [], [5]],
      // Below the shop's default, but not below its own threshold.
      ['Three plates', null, 2, [], [3]],
      ['Linen shirt', 'قميص كتان', 5, ['S', 'M'], [1, 9]],
    ];
    for (const [name, nameAr, threshold, sizes, stocks] of products) {
      const { id } = await t.db.kysely
        .insertInto('products')
        .values({
          slug: name.toLowerCase().replaceAll(' ', '-'),
          name,
          description: '',
          category_id: category.id,
          price_cents: 1000,
          currency: 'EGP',
          images: '[]',
          sizes: JSON.stringify(sizes),
          stock: 0,
          low_stock_threshold: threshold,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (nameAr)
        await setProductTexts(t.db.kysely, 'ar', [
          { productId: id, text: { name: nameAr, description: null } },
        ]);
      await createVariants(
        t.db.kysely,
        [
          {
            productId: id,
            variants: stocks.map((stock, i) => ({
              colour: null,
              size: sizes[i] ?? null,
              sku: null,
              stock,
            })),
          },
        ],
        { reason: 'import', actor: null, at: now.toISOString() },
      );
    }
  });
  afterAll(() => t.close());

  async function placed(
    at: string,
    status: OrderStatus,
    total: number,
    { currency = 'EGP', refunded = 0 } = {},
  ) {
    orderNumber += 1;
    await t.db.kysely
      .insertInto('orders')
      .values({
        number: `SQ-DASH${orderNumber}`,
        email: 'shopper@example.com',
        status,
        payment_method: 'cash_on_delivery',
        billing: '{}',
        currency,
        subtotal_cents: total,
        shipping_cents: 0,
        discount_cents: 0,
        total_cents: total,
        refunded_cents: refunded,
        created_at: at,
      })
      .execute();
  }

  const dashboard = async (cookie = fulfilment.cookie) => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/admin/dashboard',
      headers: { cookie },
    });
    expect(response.statusCode, response.body).toBe(200);
    return dashboardSchema.parse(response.json());
  };

  const low = (name: string, nameAr: string | null, size: string | null, stock: number) => ({
    productId: expect.any(Number) as number,
    name,
    translations: nameAr ? { ar: { name: nameAr } } : {},
    variantId: expect.any(Number) as number,
    colour: null,
    size,
    stock,
    threshold: 5,
  });

  it('starts empty, with the variants at or below their product threshold, fewest first', async () => {
    expect(await dashboard()).toEqual({
      today: { orders: 0, revenue: [] },
      thisWeek: { orders: 0, revenue: [] },
      waiting: { toConfirm: 0, toShip: 0, toDeliver: 0 },
      lowStock: [
        low('Sold-out jug', 'إبريق نفد', null, 0),
        low('Linen shirt', 'قميص كتان', 'S', 1),
        low('Last few cups', 'أكواب قليلة', null, 5),
      ],
    });
  });

  it("counts today's and this week's orders that stand, and their revenue per currency", async () => {
    await placed('2026-11-25T09:00:00.000Z', 'pending', 10_000);
    // Midnight belongs to the day it starts; a partial refund comes off the revenue.
    await placed('2026-11-25T00:00:00.000Z', 'confirmed', 5_000, {
      currency: 'USD',
      refunded: 1_000,
    });
    await placed('2026-11-24T23:59:59.999Z', 'shipped', 3_000);
    await placed('2026-11-23T00:00:00.000Z', 'delivered', 2_000);
    // Last week's Sunday, and orders that fell: none of them counts.
    await placed('2026-11-22T23:59:59.999Z', 'delivered', 7_000);
    await placed('2026-11-25T08:00:00.000Z', 'cancelled', 9_999);
    await placed('2026-11-25T08:00:00.000Z', 'delivery_refused', 9_999);
    await placed('2026-11-25T08:00:00.000Z', 'refunded', 9_999, { refunded: 9_999 });

    const figures = await dashboard();
    expect(figures.today).toEqual({
      orders: 2,
      revenue: [
        { currency: 'EGP', amount: 10_000 },
        { currency: 'USD', amount: 4_000 },
      ],
    });
    expect(figures.thisWeek).toEqual({
      orders: 4,
      revenue: [
        { currency: 'EGP', amount: 15_000 },
        { currency: 'USD', amount: 4_000 },
      ],
    });
    expect(figures.waiting).toEqual({ toConfirm: 1, toShip: 1, toDeliver: 1 });
  });

  it('follows the clock: each day and week has its own figures', async () => {
    const weekFigures = (await dashboard()).thisWeek;
    try {
      now = new Date('2026-11-23T18:00:00.000Z');
      const monday = await dashboard();
      expect(monday.today).toEqual({ orders: 1, revenue: [{ currency: 'EGP', amount: 2_000 }] });
      expect(monday.thisWeek).toEqual(weekFigures);
      now = new Date('2026-11-30T00:00:00.000Z');
      const nextWeek = await dashboard();
      expect(nextWeek.today).toEqual({ orders: 0, revenue: [] });
      expect(nextWeek.thisWeek).toEqual({ orders: 0, revenue: [] });
    } finally {
      now = new Date('2026-11-25T10:00:00.000Z');
    }
  });

  it('is open to every role and to no shopper', async () => {
    for (const role of ['owner', 'manager', 'support'] as const) {
      const member = await signUpTestStaff(t.app, t.db, role);
      expect((await dashboard(member.cookie)).waiting.toConfirm).toBe(1);
    }
    const shopper = await signUpTestUser(t.app);
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/admin/dashboard',
      headers: { cookie: shopper.cookie },
    });
    expect(apiError(response).code).toBe('forbidden');
  });
});

describe('the start of the week', () => {
  it('is the Monday before, or the day itself on a Monday', () => {
    expect(startOfWeek(new Date('2026-11-29T23:59:59.999Z')).toISOString()).toBe(
      '2026-11-23T00:00:00.000Z',
    );
    expect(startOfWeek(new Date('2026-11-30T00:00:00.000Z')).toISOString()).toBe(
      '2026-11-30T00:00:00.000Z',
    );
    expect(startOfWeek(new Date('2027-01-01T12:00:00.000Z')).toISOString()).toBe(
      '2026-12-28T00:00:00.000Z',
    );
  });
});
