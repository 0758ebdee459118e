import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productSchema } from '@souq/contracts/catalog';
import { orderSchema } from '@souq/contracts/orders';
import {
  adminReviewListSchema,
  adminReviewSchema,
  myReviewSchema,
  reviewListSchema,
  type ReviewFormValues,
} from '@souq/contracts/reviews';
import { auditListSchema } from '@souq/contracts/staff';
import { apiError, signUpTestUser, type TestUser } from '../../test/auth-helpers';
import { newKey, orderBody, setProduct } from '../../test/orders-fixtures';
import { dohaShopSettings } from '../../test/shop-settings-fixtures';
import { signUpTestStaff, type TestStaff } from '../../test/staff-helpers';
import { createTestApp, testDialects, type TestApp } from '../../test/test-app';
import { authorName } from './reviews.service';

describe('a review’s author name', () => {
  it('is the first name and the initial of the last', () => {
    expect(authorName({ name: 'Layla Hassan', firstName: null, lastName: null })).toBe('Layla H.');
    expect(authorName({ name: 'x', firstName: 'Omar', lastName: 'Al Farsi' })).toBe('Omar F.');
    expect(authorName({ name: 'Cher', firstName: null, lastName: null })).toBe('Cher');
    expect(authorName({ name: 'ليلى حسن', firstName: null, lastName: null })).toBe('ليلى ح.');
  });
});

describe.each(testDialects)('reviews from buyers on %s', (dialect) => {
  let t: TestApp;
  let owner: TestStaff;
  let fulfilment: TestStaff;
  let product: number;
  let other: number;
  let client = 0;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    owner = await signUpTestStaff(t.app, t.db, 'owner');
    fulfilment = await signUpTestStaff(t.app, t.db, 'fulfilment');
    // Two demo products the demo reviews leave unreviewed, so every review here is the test's.
    [product = 0, other = 0] = (
      await t.db.kysely
        .selectFrom('products')
        .select('id')
        .where('slug', 'in', ['cold-brew-coffee-packs-12-count', 'vitamin-c-brightening-serum'])
        .orderBy('id')
        .execute()
    ).map((row) => row.id);
    await setProduct(t.db, product, { stock: 1000 });
    await setProduct(t.db, other, { stock: 1000 });
  });
  afterAll(() => t.close());

  /** Each call from an address of its own, so the review limit is met only where a test means it. */
  const call = (
    who: { cookie: string } | null,
    method: 'GET' | 'POST' | 'PUT' | 'PATCH',
    url: string,
    payload?: object,
    headers: Record<string, string> = {},
  ) =>
    t.app.inject({
      method,
      url,
      remoteAddress: `10.40.${Math.floor(++client / 250)}.${client % 250}`,
      headers: { ...(who ? { cookie: who.cookie } : {}), ...headers },
      ...(payload ? { payload } : {}),
    });

  async function order(user: TestUser, productId: number): Promise<number> {
    const res = await call(user, 'POST', '/api/orders', orderBody([{ productId, quantity: 1 }]), {
      'idempotency-key': newKey(),
    });
    expect(res.statusCode, res.body).toBe(201);
    return orderSchema.parse(res.json()).id;
  }
  async function act(orderId: number, action: object) {
    const res = await call(owner, 'POST', `/api/admin/orders/${orderId}/actions`, action);
    expect(res.statusCode, res.body).toBe(200);
  }
  /** A buyer whose order of the product went all the way to their door. */
  async function buyer(productId = product, name?: string): Promise<TestUser> {
    const user = await signUpTestUser(t.app, name ? { name } : {});
    const id = await order(user, productId);
    await act(id, { action: 'confirm' });
    await act(id, { action: 'ship', carrierId: 1, trackingNumber: 'TRK1' });
    await act(id, { action: 'deliver' });
    return user;
  }
  const review = (overrides: Partial<ReviewFormValues> = {}): ReviewFormValues => ({
    rating: 5,
    title: 'Lovely',
    body: 'Fits well.\nWould buy again.',
    language: 'en',
    ...overrides,
  });
  const write = (user: TestUser, body: object, productId = product) =>
    call(user, 'PUT', `/api/account/reviews/${productId}`, body);
  const listOf = async (productId = product, query = '') => {
    const res = await call(null, 'GET', `/api/products/${productId}/reviews${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return reviewListSchema.parse(res.json());
  };
  const productRating = async (productId = product) => {
    const res = await call(null, 'GET', `/api/products/${productId}`);
    return productSchema.parse(res.json()).rating;
  };
  const setApproval = async (on: boolean) => {
    const res = await call(owner, 'PUT', '/api/admin/settings', {
      ...dohaShopSettings,
      reviewsNeedApproval: on,
    });
    expect(res.statusCode, res.body).toBe(200);
  };

  it('lets a buyer with a delivered order review the product once, then edit it', async () => {
    const user = await buyer(product, 'Layla Hassan');
    const mine = myReviewSchema.parse(
      (await call(user, 'GET', `/api/account/reviews/${product}`)).json(),
    );
    expect(mine).toEqual({ canReview: true, review: null, helpfulReviewIds: [] });

    const first = await write(user, review({ rating: 4, language: 'ar', title: 'جميل' }));
    expect(first.statusCode, first.body).toBe(200);
    expect(myReviewSchema.parse(first.json()).review).toMatchObject({
      author: 'Layla H.',
      rating: 4,
      title: 'جميل',
      body: 'Fits well.\nWould buy again.',
      language: 'ar',
      status: 'published',
      verifiedPurchase: true,
      editedAt: null,
    });

    const edited = await write(user, review({ rating: 2, title: 'Shrank in the wash' }));
    expect(edited.statusCode).toBe(200);
    const list = await listOf();
    // One review per product and account: the edit replaced it.
    expect(list.items.filter((r) => r.author === 'Layla H.')).toHaveLength(1);
    expect(list.items.find((r) => r.author === 'Layla H.')).toMatchObject({
      rating: 2,
      title: 'Shrank in the wash',
    });
  });

  it('refuses a shopper who did not buy it, a cancelled order, and a signed-out visitor', async () => {
    const stranger = await signUpTestUser(t.app);
    const refused = await write(stranger, review());
    expect(refused.statusCode).toBe(403);
    expect(apiError(refused).code).toBe('not_a_buyer');

    const cancelled = await signUpTestUser(t.app);
    const id = await order(cancelled, product);
    await act(id, { action: 'cancel' });
    expect((await write(cancelled, review())).statusCode).toBe(403);

    // Placed but not yet delivered is not enough either.
    const waiting = await signUpTestUser(t.app);
    await order(waiting, product);
    expect((await write(waiting, review())).statusCode).toBe(403);
    const mine = myReviewSchema.parse(
      (await call(waiting, 'GET', `/api/account/reviews/${product}`)).json(),
    );
    expect(mine.canReview).toBe(false);

    // A delivered order of another product does not count for this one.
    const elsewhere = await buyer(other);
    expect((await write(elsewhere, review())).statusCode).toBe(403);

    expect((await write({ cookie: '' } as TestUser, review())).statusCode).toBe(401);
    const unknown = await write(elsewhere, review(), 999_999);
    expect(unknown.statusCode).toBe(404);
  });

  it('takes plain text within limits only', async () => {
    const user = await buyer();
    for (const bad of [
      review({ rating: 0 }),
      review({ rating: 6 }),
      review({ rating: 4.5 }),
      review({ title: '' }),
      review({ title: 'a'.repeat(121) }),
      review({ body: 'a'.repeat(2001) }),
      review({ body: 'bad\u0000byte' }),
      review({ title: 'evil\u202Eflip' }),
      review({ language: 'xx' as 'en' }),
    ]) {
      const res = await write(user, bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(apiError(res).code).toBe('invalid_request');
    }
    // Markup is kept as the text it is: the page shows it, never runs it.
    const res = await write(user, review({ title: '<b>bold</b> claim' }));
    expect(myReviewSchema.parse(res.json()).review?.title).toBe('<b>bold</b> claim');
  });

  it('tells a shopper who posts too fast to wait', async () => {
    const user = await buyer();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/account/reviews/${product}`,
        remoteAddress: '10.41.0.1',
        headers: { cookie: user.cookie },
        payload: review({ title: `Take ${i}` }),
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it('marks a review helpful once per shopper, never by its author', async () => {
    const author = await buyer();
    const written = myReviewSchema.parse((await write(author, review())).json()).review;
    const id = written?.id ?? 0;
    const reader = await signUpTestUser(t.app);
    const first = await call(reader, 'POST', `/api/reviews/${id}/helpful`);
    expect(first.json()).toEqual({ helpfulCount: 1 });
    const again = await call(reader, 'POST', `/api/reviews/${id}/helpful`);
    expect(again.json()).toEqual({ helpfulCount: 1 });
    const second = await signUpTestUser(t.app);
    expect((await call(second, 'POST', `/api/reviews/${id}/helpful`)).json()).toEqual({
      helpfulCount: 2,
    });
    const own = await call(author, 'POST', `/api/reviews/${id}/helpful`);
    expect(own.statusCode).toBe(409);
    expect((await call(null, 'POST', `/api/reviews/${id}/helpful`)).statusCode).toBe(401);
    const mine = myReviewSchema.parse(
      (await call(reader, 'GET', `/api/account/reviews/${product}`)).json(),
    );
    expect(mine.helpfulReviewIds).toEqual([id]);

    const helpfulFirst = await listOf(product, '?sort=helpful');
    expect(helpfulFirst.items[0]?.id).toBe(id);
  });

  it('keeps the average, count and distribution equal to the published reviews, and hides what staff hide', async () => {
    const ratings = [5, 4, 4, 1];
    const ids: number[] = [];
    for (const rating of ratings) {
      const user = await buyer(other);
      ids.push(
        myReviewSchema.parse((await write(user, review({ rating }), other)).json()).review?.id ?? 0,
      );
    }
    const check = async (published: number[]) => {
      const list = await listOf(other);
      const distribution = [1, 2, 3, 4, 5].map((s) => published.filter((r) => r === s).length);
      const average = published.reduce((a, b) => a + b, 0) / published.length;
      expect(list.summary).toEqual({
        count: published.length,
        distribution,
        average: Math.round(average * 10) / 10,
      });
      expect(list.total).toBe(published.length);
      expect(await productRating(other)).toEqual({
        count: published.length,
        average: Math.round(average * 10) / 10,
      });
    };
    await check(ratings);

    // A filter by stars.
    const fours = await listOf(other, '?stars=4');
    expect(fours.items.map((r) => r.rating)).toEqual([4, 4]);
    expect(fours.total).toBe(2);

    // The fulfilment role may not moderate; the owner hides the one-star review.
    expect(
      (await call(fulfilment, 'PATCH', `/api/admin/reviews/${ids[3]}`, { status: 'hidden' }))
        .statusCode,
    ).toBe(403);
    const hidden = await call(owner, 'PATCH', `/api/admin/reviews/${ids[3]}`, { status: 'hidden' });
    expect(adminReviewSchema.parse(hidden.json()).status).toBe('hidden');
    await check([5, 4, 4]);
    expect((await listOf(other)).items.map((r) => r.id)).not.toContain(ids[3]);
    // Hidden reviews take no helpful marks.
    const reader = await signUpTestUser(t.app);
    expect((await call(reader, 'POST', `/api/reviews/${ids[3]}/helpful`)).statusCode).toBe(404);

    const audit = auditListSchema.parse(
      (
        await call(owner, 'GET', `/api/admin/audit?entityType=product_review&entityId=${ids[3]}`)
      ).json(),
    );
    expect(audit.items[0]).toMatchObject({
      action: 'review.hidden',
      actor: { email: owner.email },
    });

    // The shop's reply shows under the review.
    const replied = await call(owner, 'PUT', `/api/admin/reviews/${ids[0]}/reply`, {
      reply: 'Thank you!\nSee you soon.',
    });
    expect(adminReviewSchema.parse(replied.json()).reply?.text).toBe('Thank you!\nSee you soon.');
    const shown = (await listOf(other)).items.find((r) => r.id === ids[0]);
    expect(shown?.reply?.text).toBe('Thank you!\nSee you soon.');
  });

  it('holds new and edited reviews for approval when the shop says so', async () => {
    await setApproval(true);
    try {
      const user = await buyer(other);
      const before = await listOf(other);
      const written = myReviewSchema.parse(
        (await write(user, review({ rating: 3 }), other)).json(),
      );
      expect(written.review?.status).toBe('pending');
      expect(await listOf(other)).toEqual(before);

      const queue = adminReviewListSchema.parse(
        (await call(owner, 'GET', '/api/admin/reviews?status=pending')).json(),
      );
      expect(queue.pending).toBeGreaterThanOrEqual(1);
      const id = written.review?.id ?? 0;
      expect(queue.items.map((r) => r.id)).toContain(id);
      expect(queue.items.find((r) => r.id === id)?.product.id).toBe(other);

      await call(owner, 'PATCH', `/api/admin/reviews/${id}`, { status: 'published' });
      const after = await listOf(other);
      expect(after.summary.count).toBe(before.summary.count + 1);
      expect(after.summary.distribution[2]).toBe((before.summary.distribution[2] ?? 0) + 1);

      // An edit waits again, and the published version leaves the page meanwhile.
      await write(user, review({ rating: 1 }), other);
      expect((await listOf(other)).summary).toEqual(before.summary);
    } finally {
      await setApproval(false);
    }
  });
});
