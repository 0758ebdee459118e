import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderSchema } from '@souq/contracts/orders';
import { stockAlertCountsSchema } from '@souq/contracts/stock-alerts';
import { writeTransaction } from '../../db/connection';
import { apiError, signUpTestUser } from '../../test/auth-helpers';
import { newKey, orderBody, productIds, setProduct } from '../../test/orders-fixtures';
import { signUpTestStaff, type TestStaff } from '../../test/staff-helpers';
import { createAppOverDb, createTestApp, testDialects, type TestApp } from '../../test/test-app';
import { setForImport } from '../stock';

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
    products = await productIds(t.db, 6);
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

  it('mails when an import raises the stock', async () => {
    const product = products[2]!;
    const variantId = await variantOf(product);
    await setProduct(t.db, product, { stock: 0 });
    await ask({ variantId, email: 'import@example.com', language: 'en' });
    await writeTransaction(t.db, (trx) =>
      setForImport(trx, variantId, 7, { actor: null, at: new Date().toISOString() }),
    );
    expect(await mailsTo('import@example.com')).toHaveLength(1);
  });

  it('mails when a cancelled order puts the last units back', async () => {
    const product = products[3]!;
    const variantId = await variantOf(product);
    await setProduct(t.db, product, { stock: 1 });
    const placed = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { 'idempotency-key': newKey() },
      payload: orderBody([{ productId: product, quantity: 1 }]),
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const order = orderSchema.parse(placed.json());
    await ask({ variantId, email: 'cancel@example.com', language: 'en' });
    expect(await mailsTo('cancel@example.com')).toEqual([]);
    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${order.id}/actions`,
      headers: { cookie: owner.cookie },
      payload: { action: 'cancel' },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await mailsTo('cancel@example.com')).toHaveLength(1);
  });

  it('sends each alert once when two app servers restock the same variant at once', async () => {
    const product = products[4]!;
    const variantId = await variantOf(product);
    await setProduct(t.db, product, { stock: 0 });
    const emails = ['one@example.com', 'two@example.com', 'three@example.com'];
    for (const email of emails)
      await ask({ variantId, email, language: 'en' }, undefined, second.app);
    const results = await Promise.all([
      adjust(product, variantId, 5, t.app),
      adjust(product, variantId, 5, second.app),
      adjust(product, variantId, 5, t.app),
    ]);
    expect(results.map((r) => r.statusCode)).toEqual([201, 201, 201]);
    for (const email of emails) expect(await mailsTo(email)).toHaveLength(1);
  });

  it('tells a client that asks too fast to wait', async () => {
    const product = products[5]!;
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
