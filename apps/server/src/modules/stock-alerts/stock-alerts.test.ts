import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderSchema } from '@souq/contracts/orders';
import {
  stockAlertCountsSchema,
  stockAlertUnsubscribedSchema,
  waitingForRestockSchema,
} from '@souq/contracts/stock-alerts';
import { apiError, signUpTestUser } from '../../test/auth-helpers';
import { newKey, orderBody, productIds, setProduct } from '../../test/orders-fixtures';
import { signUpTestStaff, type TestStaff } from '../../test/staff-helpers';
import { multipartFile } from '../../test/multipart';
import { createAppOverDb, createTestApp, testDialects, type TestApp } from '../../test/test-app';

describe.each(testDialects)('back-in-stock alerts on %s', (dialect) => {
  let t: TestApp;
  let second: TestApp;
  let owner: TestStaff;
  let products: number[];
  let client = 0;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    // A second app server over the same database, as behind a load balancer.
    second = await createAppOverDb(t.db);
    owner = await signUpTestStaff(t.app, t.db, 'owner');
    products = await productIds(t.db, 7);
  });
  afterAll(async () => {
    await second.close();
    await t.close();
  });

  const variantOf = async (productId: number) => {
    const row = await t.db.kysely
      .selectFrom('product_variants')
      .select('id')
      .where('product_id', '=', productId)
      .executeTakeFirstOrThrow();
    return row.id;
  };
  const ask = (body: object, cookie?: string, app = t.app) =>
    app.inject({
      method: 'POST',
      url: '/api/stock-alerts',
      remoteAddress: `10.50.${Math.floor(++client / 250)}.${client % 250}`,
      headers: cookie ? { cookie } : {},
      payload: body,
    });
  const adjust = (productId: number, variantId: number, change: number, app = t.app) =>
    app.inject({
      method: 'POST',
      url: `/api/admin/products/${productId}/stock-adjustments`,
      headers: { cookie: owner.cookie, 'idempotency-key': newKey() },
      payload: { variantId, change, reason: 'delivery from the supplier' },
    });
  const mailsTo = (email: string) =>
    t.db.kysely
      .selectFrom('mail_outbox')
      .select(['kind', 'subject', 'text', 'html'])
      .where('recipient', '=', email)
      .where('kind', '=', 'back_in_stock')
      .execute();
  const productName = async (id: number, language: 'en' | 'ar') => {
    if (language === 'en') {
      const row = await t.db.kysely
        .selectFrom('products')
        .select('name')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      return row.name;
    }
    const row = await t.db.kysely
      .selectFrom('product_translations')
      .select('name')
      .where('product_id', '=', id)
      .where('language', '=', 'ar')
      .executeTakeFirstOrThrow();
    return row.name ?? '';
  };

  it('takes a request for a sold-out variant only, once per email, and counts it for staff', async () => {
    const product = products[0]!;
    const variantId = await variantOf(product);
    await setProduct(t.db, product, { stock: 3 });
    const inStock = await ask({ variantId, email: 'early@example.com', language: 'en' });
    expect(inStock.statusCode).toBe(409);
    expect(apiError(inStock).code).toBe('in_stock');

    await setProduct(t.db, product, { stock: 0 });
    for (const email of ['Sara@Example.com', 'sara@example.com ', 'omar@example.com'])
      expect((await ask({ variantId, email, language: 'en' })).statusCode).toBe(201);
    const shopper = await signUpTestUser(t.app);
    expect((await ask({ variantId, language: 'ar' }, shopper.cookie)).statusCode).toBe(201);
    // A guest must say where to write.
    expect((await ask({ variantId, language: 'en' })).statusCode).toBe(400);
    expect((await ask({ variantId, email: 'not an email', language: 'en' })).statusCode).toBe(400);
    expect(
      (await ask({ variantId: 999_999, email: 'x@example.com', language: 'en' })).statusCode,
    ).toBe(404);

    const counts = stockAlertCountsSchema.parse(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/admin/products/${product}/stock-alerts`,
          headers: { cookie: owner.cookie },
        })
      ).json(),
    );
    // Sara asked twice (her address written two ways): one request waits for her.
    expect(counts.items).toEqual([{ variantId, waiting: 3 }]);
    const fulfilment = await signUpTestStaff(t.app, t.db, 'fulfilment');
    const refused = await t.app.inject({
      method: 'GET',
      url: `/api/admin/products/${product}/stock-alerts`,
      headers: { cookie: fulfilment.cookie },
    });
    expect(refused.statusCode).toBe(403);
  });

  it('mails each waiting shopper once, in their language, when an adjustment restocks', async () => {
    const product = products[1]!;
    const variantId = await variantOf(product);
    await setProduct(t.db, product, { stock: 0 });
    await ask({ variantId, email: 'layla@example.com', language: 'ar' });
    await ask({ variantId, email: 'ben@example.com', language: 'en' });
    expect(await mailsTo('layla@example.com')).toEqual([]);

    expect((await adjust(product, variantId, 4)).statusCode).toBe(201);
    const [arabic, ...moreArabic] = await mailsTo('layla@example.com');
    expect(moreArabic).toEqual([]);
    expect(arabic?.subject).toContain(await productName(product, 'ar'));
    expect(arabic?.html).toContain('lang="ar"');
    expect(arabic?.text).toContain(`/productdetails/${product}?lang=ar`);
    const english = await mailsTo('ben@example.com');
    expect(english).toHaveLength(1);
    expect(english[0]?.subject).toContain(await productName(product, 'en'));

    // The requests are done: another restock sends nothing more.
    expect((await adjust(product, variantId, 2)).statusCode).toBe(201);
    expect(await mailsTo('layla@example.com')).toHaveLength(1);
    expect(await mailsTo('ben@example.com')).toHaveLength(1);
  });

  /** Places an order for one unit of the product; its id. */
  const place = async (productId: number) => {
    const placed = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { 'idempotency-key': newKey() },
      payload: orderBody([{ productId, quantity: 1 }]),
    });
    expect(placed.statusCode, placed.body).toBe(201);
    return orderSchema.parse(placed.json());
  };
  const act = (orderId: number, action: object, app = t.app) =>
    app.inject({
      method: 'POST',
      url: `/api/admin/orders/${orderId}/actions`,
      headers: { cookie: owner.cookie, 'idempotency-key': newKey() },
      payload: action,
    });
  const importFile = (rows: object[], app = t.app) => {
    const body = multipartFile(
      'file',
      'catalog.json',
      'application/json',
      Buffer.from(JSON.stringify(rows)),
    );
    return app.inject({
      method: 'POST',
      url: '/api/admin/catalog/import',
      headers: { ...body.headers, cookie: owner.cookie },
      payload: body.payload,
    });
  };

  /**
   * Each way stock comes back, done twice at once, once on each app server: the variant it
   * raises from nothing (the requests are asked for in between) and the two raises.
   */
  const restockPaths: {
    path: string;
    soldOut: () => Promise<{ variantId: number; restock: (app: TestApp['app']) => Promise<void> }>;
  }[] = [
    {
      path: 'a stock adjustment',
      soldOut: async () => {
        const product = products[2]!;
        const variantId = await variantOf(product);
        await setProduct(t.db, product, { stock: 0 });
        return {
          variantId,
          restock: async (app) =>
            expect((await adjust(product, variantId, 5, app)).statusCode).toBe(201),
        };
      },
    },
    {
      path: 'an import',
      soldOut: async () => {
        const row = {
          slug: `alert-import-${dialect}`,
          name: 'Import Linen Scarf',
          description: 'Light linen.',
          category: 'Alert Imports',
          price: 1500,
        };
        expect((await importFile([{ ...row, stock: 0 }])).statusCode).toBe(200);
        const { id } = await t.db.kysely
          .selectFrom('products')
          .select('id')
          .where('slug', '=', row.slug)
          .executeTakeFirstOrThrow();
        return {
          variantId: await variantOf(id),
          restock: async (app) => {
            const res = await importFile([{ ...row, stock: 6 }], app);
            expect(res.statusCode, res.body).toBe(200);
          },
        };
      },
    },
    {
      path: 'a cancelled order',
      soldOut: async () => {
        const product = products[3]!;
        await setProduct(t.db, product, { stock: 2 });
        const orders = [await place(product), await place(product)];
        return {
          variantId: await variantOf(product),
          restock: async (app) => {
            const res = await act(orders.pop()!.id, { action: 'cancel' }, app);
            expect(res.statusCode, res.body).toBe(200);
          },
        };
      },
    },
    {
      path: 'a refund with restock',
      soldOut: async () => {
        const product = products[4]!;
        await setProduct(t.db, product, { stock: 2 });
        const orders = [await place(product), await place(product)];
        for (const order of orders)
          expect((await act(order.id, { action: 'confirm' })).statusCode).toBe(200);
        return {
          variantId: await variantOf(product),
          restock: async (app) => {
            const order = orders.pop()!;
            const res = await act(
              order.id,
              {
                action: 'refund',
                lines: [{ lineId: order.lines[0]!.id, quantity: 1, restock: true }],
              },
              app,
            );
            expect(res.statusCode, res.body).toBe(200);
          },
        };
      },
    },
  ];

  it.each(restockPaths)(
    'mails each waiting shopper once when $path restocks on two app servers at once',
    async ({ path, soldOut }) => {
      const { variantId, restock } = await soldOut();
      const stockNow = async () =>
        (
          await t.db.kysely
            .selectFrom('product_variants')
            .select('stock')
            .where('id', '=', variantId)
            .executeTakeFirstOrThrow()
        ).stock;
      expect(await stockNow()).toBe(0);
      const tag = path.replace(/\W+/g, '-');
      const emails = [`one${tag}@example.com`, `two${tag}@example.com`, `three${tag}@example.com`];
      for (const email of emails)
        expect(
          (await ask({ variantId, email, language: 'en' }, undefined, second.app)).statusCode,
        ).toBe(201);
      await Promise.all([restock(t.app), restock(second.app)]);
      expect(await stockNow()).toBeGreaterThan(0);
      for (const email of emails) expect(await mailsTo(email)).toHaveLength(1);
    },
  );

  it('ends a shopper’s waiting requests for the product from the mail’s link, idempotently', async () => {
    const product = products[5]!;
    const variantId = await variantOf(product);
    await setProduct(t.db, product, { stock: 0 });
    await ask({ variantId, email: 'noor@example.com', language: 'ar' });
    expect((await adjust(product, variantId, 1)).statusCode).toBe(201);
    const [mail] = await mailsTo('noor@example.com');
    const link = /https?:\/\/\S+\/back-in-stock\/unsubscribe\/([\w-]+)\?lang=ar/.exec(
      mail?.text ?? '',
    );
    expect(link, mail?.text).not.toBeNull();
    expect(mail?.html).toContain(`/back-in-stock/unsubscribe/${link![1]}?lang=ar`);
    const unsubscribe = (token: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/stock-alerts/unsubscribe',
        remoteAddress: `10.52.0.${++client % 250}`,
        payload: { token },
      });

    // Sold out again: Noor asks once more, and so does someone else.
    await setProduct(t.db, product, { stock: 0 });
    await ask({ variantId, email: 'noor@example.com', language: 'ar' });
    await ask({ variantId, email: 'other@example.com', language: 'en' });
    const first = await unsubscribe(link![1]!);
    expect(first.statusCode, first.body).toBe(200);
    const answer = stockAlertUnsubscribedSchema.parse(first.json());
    expect(answer.product).toMatchObject({ id: product, name: await productName(product, 'en') });
    expect(answer.product.translations.ar?.name).toBe(await productName(product, 'ar'));
    // Followed again (a mail reader opening it twice): the same answer.
    const again = await unsubscribe(link![1]!);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());

    expect((await adjust(product, variantId, 2)).statusCode).toBe(201);
    expect(await mailsTo('noor@example.com')).toHaveLength(1);
    expect(await mailsTo('other@example.com')).toHaveLength(1);

    // Unsubscribing ends what waited; a new request of hers waits again.
    await setProduct(t.db, product, { stock: 0 });
    expect((await ask({ variantId, email: 'noor@example.com', language: 'ar' })).statusCode).toBe(
      201,
    );
    expect((await adjust(product, variantId, 1)).statusCode).toBe(201);
    expect(await mailsTo('noor@example.com')).toHaveLength(2);

    const unknown = await unsubscribe('no-such-token');
    expect(unknown.statusCode).toBe(404);
    expect(apiError(unknown).code).toBe('not_found');
    expect((await unsubscribe('')).statusCode).toBe(400);
  });

  it('lists for staff the variants most waited for, with the product’s names', async () => {
    const [many, few] = [products[0]!, products[1]!];
    const [manyVariant, fewVariant] = [await variantOf(many), await variantOf(few)];
    await setProduct(t.db, many, { stock: 0 });
    await setProduct(t.db, few, { stock: 0 });
    await ask({ variantId: fewVariant, email: 'list1@example.com', language: 'en' });
    for (const email of ['list1@example.com', 'list2@example.com', 'list3@example.com'])
      await ask({ variantId: manyVariant, email, language: 'en' });
    const list = (cookie: string) =>
      t.app.inject({ method: 'GET', url: '/api/admin/stock-alerts', headers: { cookie } });
    const res = await list(owner.cookie);
    expect(res.statusCode).toBe(200);
    const { items } = waitingForRestockSchema.parse(res.json());
    const counts = items.map((item) => item.waiting);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    const manyRow = items.find((item) => item.variantId === manyVariant);
    const fewRow = items.find((item) => item.variantId === fewVariant);
    expect(items.indexOf(manyRow!)).toBeLessThan(items.indexOf(fewRow!));
    expect(manyRow).toMatchObject({
      productId: many,
      name: await productName(many, 'en'),
      stock: 0,
    });
    expect(manyRow!.waiting).toBeGreaterThanOrEqual(3);
    expect(manyRow!.translations.ar?.name).toBe(await productName(many, 'ar'));
    expect(items.every((item) => item.waiting > 0)).toBe(true);

    const fulfilment = await signUpTestStaff(t.app, t.db, 'fulfilment');
    expect((await list(fulfilment.cookie)).statusCode).toBe(403);
  });

  it('tells a client that asks too fast to wait', async () => {
    const product = products[6]!;
    const variantId = await variantOf(product);
    await setProduct(t.db, product, { stock: 0 });
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/stock-alerts',
        remoteAddress: '10.51.0.1',
        payload: { variantId, email: `fast${i}@example.com`, language: 'en' },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
  });
});
