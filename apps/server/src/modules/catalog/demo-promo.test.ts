import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productListSchema } from '@souq/contracts/catalog';
import { demoShopSettings } from '../../db/demo-shop-settings';
import { createTestApp, testDialects, type TestApp } from '../../test/test-app';

/** The demo shop keeps the promise its promotion bar makes: swim suits at half price. */
describe.each(testDialects)("the demo shop's summer sale on %s", (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  const list = async (query: string) =>
    productListSchema.parse(
      (await t.app.inject({ method: 'GET', url: `/api/products?limit=100&${query}` })).json(),
    );

  it('links to a swimwear category whose every product is 50% off', async () => {
    const { link, text } = demoShopSettings.promoBar;
    expect(text.en).toMatch(/Swim Suits.*50%/);
    const slug = new URL(link, 'https://shop.test').searchParams.get('category');
    expect(slug).toBe('swimwear');
    const swimwear = await list(`category=${slug}`);
    expect(swimwear.total).toBeGreaterThanOrEqual(3);
    for (const product of swimwear.items) {
      expect(product.compareAtPrice, product.slug).toBe(product.price * 2);
      expect(product.stock, product.slug).toBeGreaterThan(0);
    }
    // All of them are what the sale filter shows in that category.
    expect((await list(`category=${slug}&onSale=true`)).total).toBe(swimwear.total);
  });

  it('finds the swim suits first when a shopper searches for "swim"', async () => {
    const swimwear = await list('category=swimwear');
    const found = await list('q=swim');
    expect(found.items.slice(0, swimwear.total).map((p) => p.category.slug)).toEqual(
      swimwear.items.map(() => 'swimwear'),
    );
  });
});
