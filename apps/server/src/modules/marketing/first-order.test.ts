import { describe, expect, it } from 'vitest';
import type { AddressInput } from '@souq/contracts/addresses';
import { orderSchema } from '@souq/contracts/orders';
import { apiError, signUpTestUser } from '../../test/auth-helpers';
import { firstOrderShop } from '../../test/first-order-shop';
import { billing, orderCount, stockOf } from '../../test/orders-fixtures';
import { testDialects } from '../../test/test-app';

/** The newsletter's first-order coupon is one per customer, whatever the email spelling. */
describe.each(testDialects)('one first-order coupon per customer on %s', (dialect) => {
  const shop = firstOrderShop(dialect);
  const { subscribe } = shop;

  const customer = (overrides: Partial<AddressInput>): AddressInput => ({
    ...billing,
    firstName: 'Salma',
    lastName: 'Haddad',
    streetAddress: '12 Nile Corniche',
    city: 'Giza',
    phone: '+20 111 222 3333',
    ...overrides,
  });

  /** One of the product, with the newsletter's coupon. */
  const place = (couponCode: string, details: AddressInput, headers?: Record<string, string>) =>
    shop.place(details, { couponCode }, headers);
  const quote = (couponCode: string, email: string) => shop.quote({ couponCode, email });

  it('gives 10% to the first order only, not to +tag and dotted spellings of the same Gmail', async () => {
    const spellings = [
      `salma.h+1.${dialect}@gmail.com`,
      `salma.h+2.${dialect}@gmail.com`,
      `Sal.Ma.H@googlemail.com`.replace('@', `+x.${dialect}@`),
    ];
    const codes = [];
    for (const email of spellings) codes.push(await subscribe(email));
    const [first, second, third] = codes as [string, string, string];

    const firstQuote = await quote(first, spellings[0]!);
    expect(firstQuote.coupon).toMatchObject({ applied: true, rejection: null });
    const placed = await place(first, customer({ email: spellings[0]! }));
    expect(placed.statusCode, placed.body).toBe(201);
    expect(orderSchema.parse(placed.json()).discount).toBe(1_000);

    const ordersBefore = await orderCount(shop.t.db);
    const stockBefore = await stockOf(shop.t.db, shop.productId);
    for (const [code, email] of [
      [second, spellings[1]!],
      [third, spellings[2]!],
    ] as const) {
      const shown = await quote(code, email);
      expect(shown.coupon, email).toMatchObject({ applied: false, rejection: 'first_order_used' });
      expect(shown.coupon?.message).toMatch(/one per customer/);
      expect(shown.discount).toBe(0);

      const refused = await place(code, customer({ email }));
      expect(refused.statusCode, refused.body).toBe(400);
      const error = apiError(refused);
      expect(error.code).toBe('coupon_rejected');
      expect(error.fields?.couponCode).toMatch(/one per customer/);
    }
    // Nothing of a refused order is kept: no order, no stock taken, the coupon still unused.
    expect(await orderCount(shop.t.db)).toBe(ordersBefore);
    expect(await stockOf(shop.t.db, shop.productId)).toBe(stockBefore);
    const unused = await shop.t.db.kysely
      .selectFrom('coupons')
      .select('uses_count')
      .where('code', '=', second)
      .executeTakeFirstOrThrow();
    expect(unused.uses_count).toBe(0);
  });

  it('knows the customer by phone or by postal address under another mailbox', async () => {
    const first = await subscribe(`karim.${dialect}@example.com`);
    expect(
      (
        await place(
          first,
          customer({
            email: `karim.${dialect}@example.com`,
            phone: '+20 100 555 0101',
            streetAddress: '3 Tahrir Square',
          }),
        )
      ).statusCode,
    ).toBe(201);

    const samePhone = await subscribe(`k.other.${dialect}@example.org`);
    const byPhone = await place(
      samePhone,
      customer({
        email: `k.other.${dialect}@example.org`,
        phone: '+20 (100) 555-0101',
        streetAddress: '9 Other Street',
      }),
    );
    expect(byPhone.statusCode).toBe(400);
    expect(apiError(byPhone).fields?.couponCode).toMatch(/one per customer/);

    const sameAddress = await subscribe(`k.third.${dialect}@example.net`);
    const byAddress = await place(
      sameAddress,
      customer({
        email: `k.third.${dialect}@example.net`,
        phone: '+20 122 000 9999',
        streetAddress: '3,  TAHRIR square',
      }),
    );
    expect(byAddress.statusCode).toBe(400);
    expect(apiError(byAddress).code).toBe('coupon_rejected');

    // Someone else entirely still gets theirs.
    const stranger = await subscribe(`nour.${dialect}@example.com`);
    const theirs = await place(
      stranger,
      customer({
        email: `nour.${dialect}@example.com`,
        phone: '+20 155 444 3322',
        streetAddress: '40 Road 9',
        city: 'Maadi',
      }),
    );
    expect(theirs.statusCode, theirs.body).toBe(201);
    expect(orderSchema.parse(theirs.json()).discount).toBe(1_000);
  });

  it('gives the discount back when the order that used it is cancelled', async () => {
    const shopper = await signUpTestUser(shop.t.app);
    const details = customer({
      email: `layla+a.${dialect}@example.com`,
      phone: '+20 109 876 5432',
      streetAddress: '7 Garden City Lane',
    });
    const first = await subscribe(details.email);
    const placed = await place(first, details, { cookie: shopper.cookie });
    expect(placed.statusCode, placed.body).toBe(201);
    const again = await subscribe(`layla+b.${dialect}@example.com`);
    const refused = await place(again, { ...details, email: `layla+b.${dialect}@example.com` });
    expect(apiError(refused).code).toBe('coupon_rejected');

    const cancelled = await shop.t.app.inject({
      method: 'POST',
      url: `/api/orders/${orderSchema.parse(placed.json()).id}/cancel`,
      headers: { cookie: shopper.cookie },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const retried = await place(again, { ...details, email: `layla+b.${dialect}@example.com` });
    expect(retried.statusCode, retried.body).toBe(201);
    expect(orderSchema.parse(retried.json()).discount).toBe(1_000);
  });

  it('lets only one of two orders placed at the same moment have it', async () => {
    const emails = [`amir+1.${dialect}@example.com`, `amir+2.${dialect}@example.com`];
    const codes = [await subscribe(emails[0]!), await subscribe(emails[1]!)];
    const details = (email: string) =>
      customer({ email, phone: '+20 128 765 4321', streetAddress: '55 Pyramids Road' });
    const results = await Promise.all(codes.map((code, i) => place(code, details(emails[i]!))));
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses, results.map((r) => r.body).join('\n')).toEqual([201, 400]);
    const refused = results.find((r) => r.statusCode === 400)!;
    expect(apiError(refused).fields?.couponCode).toMatch(/one per customer/);
  });
});
