import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dashboardSchema, type Dashboard, type DashboardPeriod } from '@souq/contracts/dashboard';
import { fallenStatuses } from '@souq/contracts/order-lifecycle';
import type { OrderStatus } from '@souq/contracts/orders';
import { apiError, signUpTestUser } from '../../test/auth-helpers';
import { signUpTestStaff, type TestStaff } from '../../test/staff-helpers';
import { createTestApp, testDialects, type TestApp } from '../../test/test-app';
import { setCategoryName, setProductTexts } from '../catalog/catalog-translations';
import { createVariants } from '../stock';

// The shop counts its days in Riyadh (UTC+3, no daylight saving): its 25 November 2026 runs
// from 2026-11-24T21:00Z to 2026-11-25T21:00Z. "Now" is 13:00 there.
const TIME_ZONE = 'Asia/Riyadh';
const now = new Date('2026-11-25T10:00:00.000Z');
/** The instant a Riyadh day starts, written independently of the code under test. */
const riyadhMidnight = (date: string) => new Date(`${date}T00:00:00.000+03:00`);

describe.each(testDialects)('the dashboard on %s', (dialect) => {
  let t: TestApp;
  let fulfilment: TestStaff;
  let orderNumber = 0;
  const productIds = new Map<string, number>();
  beforeAll(async () => {
    t = await createTestApp(dialect, { seed: false, clock: () => now, shopTimeZone: TIME_ZONE });
    fulfilment = await signUpTestStaff(t.app, t.db, 'fulfilment');
    const categoryIds = new Map<string, number>();
    for (const [slug, name, nameAr, position] of [
      ['pottery', 'Pottery', 'فخار', 1],
      ['clothing', 'Clothing', null, 2],
    ] as const) {
      const { id } = await t.db.kysely
        .insertInto('categories')
        .values({ slug, name, position })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (nameAr) await setCategoryName(t.db.kysely, id, 'ar', nameAr);
      categoryIds.set(slug, id);
    }
    // Name, Arabic name, category, low-stock threshold, sizes and each size's stock.
    const products: [string, string | null, string, number, string[], number[]][] = [
      ['Sold-out jug', 'إبريق نفد', 'pottery', 5, [], [0]],
      ['Plenty of bowls', null, 'pottery', 5, [], [6]],
      ['Last few cups', 'أكواب قليلة', 'pottery', 5, [], [5]],
      // Below the shop's default, but not below its own threshold.
      ['Three plates', null, 'pottery', 2, [], [3]],
      ['Linen shirt', 'قميص كتان', 'clothing', 5, ['S', 'M', 'L'], [1, 9, 2]],
    ];
    for (const [name, nameAr, category, threshold, sizes, stocks] of products) {
      const { id } = await t.db.kysely
        .insertInto('products')
        .values({
          slug: name.toLowerCase().replaceAll(' ', '-'),
          name,
          description: '',
          category_id: categoryIds.get(category)!,
          price_cents: 1000,
          currency: 'EGP',
          images: '[]',
          sizes: JSON.stringify(sizes),
          stock: 0,
          low_stock_threshold: threshold,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      productIds.set(name, id);
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

  /** An order placed at `at`, with lines of [product name, quantity, unit price]. */
  async function placed(
    at: string,
    status: OrderStatus,
    lines: [string, number, number][],
    { email = 'shopper@example.com', currency = 'EGP', refunded = 0 } = {},
  ) {
    orderNumber += 1;
    const total = lines.reduce((sum, [, quantity, price]) => sum + quantity * price, 0);
    const { id } = await t.db.kysely
      .insertInto('orders')
      .values({
        number: `SQ-DASH${orderNumber}`,
        email,
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
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db.kysely
      .insertInto('order_lines')
      .values(
        lines.map(([name, quantity, price]) => ({
          order_id: id,
          product_id: productIds.get(name)!,
          name,
          unit_price_cents: price,
          quantity,
        })),
      )
      .execute();
  }

  const dashboard = async (cookie = fulfilment.cookie): Promise<Dashboard> => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/admin/dashboard',
      headers: { cookie },
    });
    expect(response.statusCode, response.body).toBe(200);
    return dashboardSchema.parse(response.json());
  };

  /** Orders that stand placed in [from, to) and their revenue per currency, summed by the database. */
  async function sumsOverOrders(from: Date, to: Date) {
    const rows = await t.db.kysely
      .selectFrom('orders')
      .select([
        'currency',
        sql<number>`count(*)`.as('orders'),
        sql<number>`sum(total_cents - refunded_cents)`.as('amount'),
      ])
      .where('created_at', '>=', from.toISOString())
      .where('created_at', '<', to.toISOString())
      .where('status', 'not in', fallenStatuses)
      .groupBy('currency')
      .orderBy('currency')
      .execute();
    return rows.map((row) => ({
      currency: row.currency,
      orders: row.orders,
      amount: row.amount,
    }));
  }

  /** Each day of the period (and the period) equals the sums over the orders table. */
  async function expectSumsOverOrders(period: DashboardPeriod) {
    for (const day of period.days) {
      const start = riyadhMidnight(day.date);
      const sums = await sumsOverOrders(start, new Date(start.getTime() + 24 * 3_600_000));
      expect(day.orders, day.date).toBe(sums.reduce((n, sum) => n + sum.orders, 0));
      expect(
        [...day.revenue].sort((a, b) => a.currency.localeCompare(b.currency)),
        day.date,
      ).toEqual(sums.map(({ currency, amount }) => ({ currency, amount })));
    }
    const end = new Date(riyadhMidnight(period.to).getTime() + 24 * 3_600_000);
    const sums = await sumsOverOrders(riyadhMidnight(period.from), end);
    expect(
      period.totals
        .map(({ currency, orders, revenue }) => ({ currency, orders, amount: revenue }))
        .sort((a, b) => a.currency.localeCompare(b.currency)),
    ).toEqual(sums);
  }

  it('starts empty: thirty days a period in the shop time zone, and low stock per product', async () => {
    const figures = await dashboard();
    expect(figures.timeZone).toBe(TIME_ZONE);
    expect(figures.current).toMatchObject({ from: '2026-10-27', to: '2026-11-25', totals: [] });
    expect(figures.previous).toMatchObject({ from: '2026-09-27', to: '2026-10-26', totals: [] });
    for (const period of [figures.current, figures.previous]) {
      expect(period.days).toHaveLength(30);
      expect(period.days.every((day) => day.orders === 0 && day.revenue.length === 0)).toBe(true);
    }
    expect(figures.current.days.map((day) => day.date).slice(-2)).toEqual([
      '2026-11-24',
      '2026-11-25',
    ]);
    expect(figures.byStatus).toEqual([]);
    expect(figures.topProducts).toEqual([]);
    expect(figures.customers).toEqual({ new: 0, returning: 0 });
    expect(figures.waiting).toEqual({ toConfirm: 0, toShip: 0, toDeliver: 0 });
    expect(figures.lowStock).toEqual({
      total: 3,
      items: [
        {
          productId: productIds.get('Sold-out jug'),
          name: 'Sold-out jug',
          translations: { ar: { name: 'إبريق نفد' } },
          lowVariants: 1,
          variants: 1,
          leastStock: 0,
          threshold: 5,
        },
        // Two of its three sizes are low; it is listed once.
        {
          productId: productIds.get('Linen shirt'),
          name: 'Linen shirt',
          translations: { ar: { name: 'قميص كتان' } },
          lowVariants: 2,
          variants: 3,
          leastStock: 1,
          threshold: 5,
        },
        {
          productId: productIds.get('Last few cups'),
          name: 'Last few cups',
          translations: { ar: { name: 'أكواب قليلة' } },
          lowVariants: 1,
          variants: 1,
          leastStock: 5,
          threshold: 5,
        },
      ],
    });
  });

  it('counts orders that stand into the shop days, equal to the sums over the orders table', async () => {
    // Midnight in Riyadh, and the moment before it: two days apart there, one day in UTC.
    await placed(
      '2026-11-24T21:00:00.000Z',
      'pending',
      [
        ['Linen shirt', 2, 2_500],
        ['Last few cups', 1, 5_500],
      ],
      { email: 'amal@example.com' },
    );
    await placed('2026-11-24T20:59:59.999Z', 'shipped', [['Sold-out jug', 1, 3_000]], {
      email: ' Amal@Example.com ',
    });
    // A partial refund comes off the revenue.
    await placed('2026-11-25T09:00:00.000Z', 'confirmed', [['Linen shirt', 1, 4_000]], {
      email: 'emad@example.com',
      currency: 'USD',
      refunded: 1_000,
    });
    // The first and last moments of the current period, and of the previous one.
    await placed('2026-10-26T21:00:00.000Z', 'delivered', [['Sold-out jug', 1, 2_000]], {
      email: 'badr@example.com',
    });
    await placed('2026-10-26T20:59:59.999Z', 'delivered', [['Plenty of bowls', 1, 7_000]], {
      email: 'badr@example.com',
    });
    await placed('2026-09-26T21:00:00.000Z', 'delivered', [['Plenty of bowls', 1, 1_000]], {
      email: 'dina@example.com',
    });
    // Before both periods: Amal has bought before, so she is a returning customer.
    await placed('2026-09-26T20:59:59.999Z', 'delivered', [['Plenty of bowls', 1, 500]], {
      email: 'amal@example.com',
    });
    // Orders that fell count by status only.
    await placed('2026-11-25T08:00:00.000Z', 'cancelled', [['Linen shirt', 10, 999]], {
      email: 'carla@example.com',
    });
    await placed('2026-11-25T08:00:00.000Z', 'refunded', [['Linen shirt', 1, 999]], {
      email: 'carla@example.com',
      refunded: 999,
    });

    const figures = await dashboard();
    await expectSumsOverOrders(figures.current);
    await expectSumsOverOrders(figures.previous);

    const day = (period: DashboardPeriod, date: string) => period.days.find((d) => d.date === date);
    expect(day(figures.current, '2026-11-25')).toEqual({
      date: '2026-11-25',
      orders: 2,
      revenue: [
        { currency: 'EGP', amount: 10_500 },
        { currency: 'USD', amount: 3_000 },
      ],
    });
    expect(day(figures.current, '2026-11-24')?.revenue).toEqual([
      { currency: 'EGP', amount: 3_000 },
    ]);
    expect(day(figures.current, '2026-10-27')?.orders).toBe(1);
    expect(day(figures.previous, '2026-10-26')?.revenue).toEqual([
      { currency: 'EGP', amount: 7_000 },
    ]);
    expect(day(figures.previous, '2026-09-27')?.orders).toBe(1);
    expect(figures.current.totals).toEqual([
      { currency: 'EGP', orders: 3, revenue: 15_500, averageOrder: 5_167 },
      { currency: 'USD', orders: 1, revenue: 3_000, averageOrder: 3_000 },
    ]);
    expect(figures.previous.totals).toEqual([
      { currency: 'EGP', orders: 2, revenue: 8_000, averageOrder: 4_000 },
    ]);
    expect(figures.byStatus).toEqual([
      { status: 'pending', count: 1 },
      { status: 'confirmed', count: 1 },
      { status: 'shipped', count: 1 },
      { status: 'delivered', count: 1 },
      { status: 'cancelled', count: 1 },
      { status: 'refunded', count: 1 },
    ]);
    expect(figures.topProducts.map((p) => [p.name, p.currency, p.revenue, p.quantity])).toEqual([
      ['Last few cups', 'EGP', 5_500, 1],
      ['Sold-out jug', 'EGP', 5_000, 2],
      ['Linen shirt', 'EGP', 5_000, 2],
      ['Linen shirt', 'USD', 4_000, 1],
    ]);
    expect(figures.topProducts[0]?.translations).toEqual({ ar: { name: 'أكواب قليلة' } });
    expect(figures.topCategories.map((c) => [c.slug, c.currency, c.revenue])).toEqual([
      ['pottery', 'EGP', 10_500],
      ['clothing', 'EGP', 5_000],
      ['clothing', 'USD', 4_000],
    ]);
    expect(figures.topCategories[0]?.translations).toEqual({ ar: { name: 'فخار' } });
    // Emad is new; Amal (by email, any case) and Badr bought before the period.
    expect(figures.customers).toEqual({ new: 1, returning: 2 });
    expect(figures.waiting).toEqual({ toConfirm: 1, toShip: 1, toDeliver: 1 });
  });

  it('counts a guest who signed up as the same customer', async () => {
    // Dina bought as a guest in the previous period; she buys again signed in.
    const dina = await signUpTestUser(t.app, { email: 'dina@example.com' });
    const { id } = await t.db.kysely
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'dina@example.com')
      .executeTakeFirstOrThrow();
    expect(dina.cookie).toBeTruthy();
    await placed('2026-11-20T12:00:00.000Z', 'pending', [['Plenty of bowls', 1, 1_000]], {
      email: 'dina@example.com',
    });
    await t.db.kysely
      .updateTable('orders')
      .set({ user_id: id })
      .where('number', '=', `SQ-DASH${orderNumber}`)
      .execute();
    expect((await dashboard()).customers).toEqual({ new: 1, returning: 3 });
  });

  it('is open to every role and to no shopper', async () => {
    for (const role of ['owner', 'manager', 'support'] as const) {
      const member = await signUpTestStaff(t.app, t.db, role);
      expect((await dashboard(member.cookie)).waiting.toConfirm).toBe(2);
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
