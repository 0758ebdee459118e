import { beforeEach, describe, expect, it } from 'vitest';
import type { AddressInput } from '@souq/contracts/addresses';
import { orderSchema } from '@souq/contracts/orders';
import { demoShopSettings } from '../../db/demo-shop-settings';
import { apiError } from '../../test/auth-helpers';
import { firstOrderShop } from '../../test/first-order-shop';
import { billing, orderCount } from '../../test/orders-fixtures';
import { testDialects } from '../../test/test-app';
import { createSettingsRepository } from '../settings/settings.repository';

/**
 * The installed app's offer: a new customer's first order placed from the app gets the shop's
 * amount off, once per customer by the first-order rule, never with the newsletter's coupon.
 */
describe.each(testDialects)('the installed app’s first-order offer on %s', (dialect) => {
  const shop = firstOrderShop(dialect);
  const { place, quote } = shop;
  let customerNumber = 0;
  beforeEach(async () => {
    await saveSettings({});
  });

  async function saveSettings(values: { appOfferAmount?: number }) {
    await createSettingsRepository(shop.t.db).write(
      JSON.stringify({ ...demoShopSettings, ...values }),
      new Date().toISOString(),
    );
  }

  /** A customer no earlier test has seen: own mailbox, phone and street. */
  function newCustomer(): AddressInput {
    const n = ++customerNumber;
    return {
      ...billing,
      email: `app.${n}.${dialect}@example.com`,
      phone: `+971 50 ${String(1_000_000 + n)}`,
      streetAddress: `${n} Palm Street`,
    };
  }

  it('takes $3 off a first order from the app, in the quote and the order, once per customer', async () => {
    const customer = newCustomer();
    const quoted = await quote({ channel: 'installed_app', email: customer.email });
    expect(quoted).toMatchObject({ appOffer: { amount: 300 }, discount: 300, subtotal: 10_000 });

    const first = await place(customer, { channel: 'installed_app' });
    expect(first.statusCode, first.body).toBe(201);
    const order = orderSchema.parse(first.json());
    expect(order).toMatchObject({ discount: 300, couponCode: null });
    expect(order.total).toBe(order.subtotal - 300 + order.shipping);

    // The second order from the app, and one with the same phone under another mailbox.
    const again = await quote({ channel: 'installed_app', email: customer.email });
    expect(again).toMatchObject({ appOffer: null, discount: 0 });
    const before = await orderCount(shop.t.db);
    const samePhone = await place(
      { ...newCustomer(), phone: customer.phone },
      { channel: 'installed_app' },
    );
    expect(samePhone.statusCode, samePhone.body).toBe(409);
    expect(apiError(samePhone).code).toBe('app_offer_used');
    expect(await orderCount(shop.t.db)).toBe(before);

    const second = await place(customer, {});
    expect(second.statusCode, second.body).toBe(201);
    expect(orderSchema.parse(second.json()).discount).toBe(0);
  });

  it('gives nothing without the installed app, and the owner’s amount when set', async () => {
    const customer = newCustomer();
    expect(await quote({ email: customer.email })).toMatchObject({ appOffer: null, discount: 0 });
    const inBrowser = await place(customer, { channel: 'browser' });
    expect(inBrowser.statusCode, inBrowser.body).toBe(201);
    expect(orderSchema.parse(inBrowser.json()).discount).toBe(0);

    await saveSettings({ appOfferAmount: 750 });
    const fresh = newCustomer();
    expect(await quote({ channel: 'installed_app', email: fresh.email })).toMatchObject({
      appOffer: { amount: 750 },
    });
    const placed = await place(fresh, { channel: 'installed_app' });
    expect(orderSchema.parse(placed.json()).discount).toBe(750);

    await saveSettings({ appOfferAmount: 0 });
    const off = newCustomer();
    expect(await quote({ channel: 'installed_app', email: off.email })).toMatchObject({
      appOffer: null,
      discount: 0,
    });
  });

  it('refuses a channel it does not know', async () => {
    const response = await place(newCustomer(), { channel: 'standalone' });
    expect(response.statusCode).toBe(400);
    expect(apiError(response).fields).toHaveProperty('channel');
  });

  it('is never given with the newsletter’s coupon, nor after it', async () => {
    const customer = newCustomer();
    const couponCode = await shop.subscribe(customer.email);

    // With the coupon: the coupon's 10%, not both.
    const both = await quote({ channel: 'installed_app', email: customer.email, couponCode });
    expect(both).toMatchObject({ appOffer: null, discount: 1_000 });
    const withCoupon = await place(customer, { channel: 'installed_app', couponCode });
    expect(withCoupon.statusCode, withCoupon.body).toBe(201);
    expect(orderSchema.parse(withCoupon.json()).discount).toBe(1_000);

    // After it: the customer has had their first-order discount.
    expect(await quote({ channel: 'installed_app', email: customer.email })).toMatchObject({
      appOffer: null,
    });
    const later = await place(customer, { channel: 'installed_app' });
    expect(later.statusCode).toBe(409);
    expect(apiError(later).code).toBe('app_offer_used');
  });
});
