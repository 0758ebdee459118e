import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productListSchema } from '@souq/contracts/catalog';
import { quoteSchema } from '@souq/contracts/orders';
import { FREE_OVER } from '../../db/demo-shipping-zones';
import { demoShopSettings } from '../../db/demo-shop-settings';
import { createTestApp, testDialects, type TestApp } from '../../test/test-app';

/**
 * The demo shop keeps the promises its promotion bar makes: swim suits at half price, and free
 * express delivery over the amount it names, wherever the shop delivers.
 */
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
    expect(text.en).toMatch(/50% Off All Swim Suits/);
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

  it('delivers express for free over the amount the bar names, in every zone, and not below it', async () => {
    const { text } = demoShopSettings.promoBar;
    expect(text.en).toContain(`Free Express Delivery Over $${FREE_OVER / 100}`);
    expect(text.ar).toContain(`توصيل سريع مجاني للطلبات فوق ${FREE_OVER / 100}`);
    const [suit] = (await list('category=swimwear')).items;
    const variant = suit!.variants.find((v) => v.stock > 0)!;
    const quote = async (quantity: number, address: object) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/orders/quote',
        payload: { lines: [{ productId: suit!.id, variantId: variant.id, quantity }], address },
      });
      expect(res.statusCode, res.body).toBe(200);
      return quoteSchema.parse(res.json());
    };
    const over = Math.floor(FREE_OVER / suit!.price) + 1;
    const under = Math.max(1, Math.ceil(FREE_OVER / suit!.price) - 1);
    expect(suit!.price * under).toBeLessThan(FREE_OVER);
    for (const address of [
      { country: 'AE', city: 'Dubai' },
      { country: 'SA', city: 'Riyadh' },
      { country: 'SA', city: 'Jeddah' },
      { country: 'EG', city: 'Cairo' },
    ]) {
      const express = async (quantity: number) =>
        (await quote(quantity, address)).shippingOptions.find(
          (o) => o.name.en === 'Express delivery',
        )?.price;
      expect(await express(over), address.city).toBe(0);
      expect(await express(under), address.city).toBeGreaterThan(0);
    }
  });
});
