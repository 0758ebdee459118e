import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mergedListsSchema, serverCartSchema } from '@souq/contracts/carts';
import { signUpTestUser, type TestUser } from '../../test/auth-helpers';
import { productIds, setProduct } from '../../test/orders-fixtures';
import { createTestApp, testDialects, type TestApp } from '../../test/test-app';

/** The sign-in merge as browsers send it: again after a page was left, or from two at once. */
describe.each(testDialects)('sign-in merges of the saved lists on %s', (dialect) => {
  let t: TestApp;
  let ids: number[];
  beforeAll(async () => {
    t = await createTestApp(dialect);
    ids = await productIds(t.db, 3);
    for (const id of ids) await setProduct(t.db, id, { price: 1000, stock: 20 });
  });
  afterAll(() => t.close());

  const merge = (shopper: TestUser, payload: object) =>
    t.app.inject({
      method: 'POST',
      url: '/api/cart/merge',
      headers: { cookie: shopper.cookie },
      payload,
    });
  const savedCart = async (shopper: TestUser) =>
    serverCartSchema
      .parse(
        (
          await t.app.inject({
            method: 'GET',
            url: '/api/cart',
            headers: { cookie: shopper.cookie },
          })
        ).json(),
      )
      .items.map((item) => [item.id, item.quantity]);

  it('applies a merge sent again with the same id once', async () => {
    const shopper = await signUpTestUser(t.app);
    const lists = {
      cart: [{ productId: ids[0]!, quantity: 2 }],
      wishlist: [ids[1]!],
      mergeId: 'merge-0123456789abcdef',
    };
    expect((await merge(shopper, lists)).statusCode).toBe(200);
    const again = await merge(shopper, lists);
    expect(again.statusCode).toBe(200);
    const answer = mergedListsSchema.parse(again.json());
    expect(answer.cart.items.map((item) => [item.id, item.quantity])).toEqual([[ids[0], 2]]);
    expect(answer.wishlist.items.map((item) => item.id)).toEqual([ids[1]]);
    expect(await savedCart(shopper)).toEqual([[ids[0], 2]]);

    // Another merge id is another sign-in: its lines add up.
    await merge(shopper, { ...lists, mergeId: 'merge-fedcba9876543210' });
    expect(await savedCart(shopper)).toEqual([[ids[0], 4]]);
  });

  it('adds, when a merge is sent again, only what the first sending lacked', async () => {
    // A product added while the merge was on its way, then the page left before its answer:
    // the next page sends the merge again with the same id and this browser's cart.
    const shopper = await signUpTestUser(t.app);
    const first = {
      cart: [{ productId: ids[0]!, quantity: 2 }],
      wishlist: [],
      mergeId: 'merge-left-0123456789',
    };
    expect((await merge(shopper, first)).statusCode).toBe(200);
    const again = {
      ...first,
      cart: [...first.cart, { productId: ids[2]!, quantity: 1 }],
      wishlist: [ids[1]!],
    };
    const answer = mergedListsSchema.parse((await merge(shopper, again)).json());
    expect(answer.cart.items.map((item) => [item.id, item.quantity])).toEqual([
      [ids[0], 2],
      [ids[2], 1],
    ]);
    expect(answer.wishlist.items.map((item) => item.id)).toEqual([ids[1]]);
    // A third sending adds nothing more.
    await merge(shopper, again);
    expect(await savedCart(shopper)).toEqual([
      [ids[0], 2],
      [ids[2], 1],
    ]);
  });

  it('keeps what each of two browsers signing in at once brings', async () => {
    const shopper = await signUpTestUser(t.app);
    const [first, second] = await Promise.all([
      merge(shopper, {
        cart: [
          { productId: ids[0]!, quantity: 1 },
          { productId: ids[1]!, quantity: 1 },
        ],
        wishlist: [],
        mergeId: 'browser-a-0123456789',
      }),
      merge(shopper, {
        cart: [
          { productId: ids[0]!, quantity: 2 },
          { productId: ids[2]!, quantity: 1 },
        ],
        wishlist: [],
        mergeId: 'browser-b-0123456789',
      }),
    ]);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect((await savedCart(shopper)).sort((a, b) => a[0]! - b[0]!)).toEqual([
      [ids[0], 3],
      [ids[1], 1],
      [ids[2], 1],
    ]);
  });

  it('refuses a merge id that is not one', async () => {
    const shopper = await signUpTestUser(t.app);
    const response = await merge(shopper, { cart: [], wishlist: [], mergeId: 'short' });
    expect(response.statusCode).toBe(400);
  });
});
