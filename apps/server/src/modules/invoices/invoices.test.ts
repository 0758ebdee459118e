import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorSchema } from '@souq/contracts/errors';
import { taxInvoiceSchema, type TaxInvoice } from '@souq/contracts/invoices';
import { placedOrderSchema, type PlacedOrder } from '@souq/contracts/orders';
import { demoShopSettings } from '../../db/demo-shop-settings';
import { signUpTestUser, type TestUser } from '../../test/auth-helpers';
import { billing, newKey, orderBody, productIds, setProduct } from '../../test/orders-fixtures';
import { deliverWebhook, stripeEnv } from '../../test/payments-fixtures';
import { signUpTestStaff, type TestStaff } from '../../test/staff-helpers';
import { startStripeDouble, type StripeDouble } from '../../test/stripe-double';
import { createTestApp, testDialects, type TestApp } from '../../test/test-app';

/** Reads a ZATCA TLV payload back, byte by byte, as the ZATCA app does. */
function decodeTlv(base64: string): Map<number, string> {
  const bytes = Buffer.from(base64, 'base64');
  const fields = new Map<number, string>();
  for (let at = 0; at < bytes.length;) {
    const tag = bytes[at]!;
    const length = bytes[at + 1]!;
    fields.set(tag, bytes.subarray(at + 2, at + 2 + length).toString('utf8'));
    at += 2 + length;
  }
  return fields;
}

const riyadhSeller = {
  ...demoShopSettings,
  legalName: 'شركة سوق للتجارة',
  vatNumber: '310122393500003',
  address: {
    line1: 'King Fahd Road 4021',
    line2: 'Al Olaya',
    city: 'Riyadh',
    region: '',
    postalCode: '12214',
    country: 'SA',
  },
};

describe.each(testDialects)('tax invoices and credit notes on %s', (dialect) => {
  let t: TestApp;
  let stripe: StripeDouble;
  let product: number;
  let buyer: TestUser;
  let stranger: TestUser;
  let owner: TestStaff;
  let fulfilment: TestStaff;

  beforeAll(async () => {
    stripe = await startStripeDouble();
    t = await createTestApp(dialect, { env: stripeEnv(stripe) });
    [product] = (await productIds(t.db, 1)) as [number];
    await setProduct(t.db, product, { price: 11_500, stock: 1000 });
    buyer = await signUpTestUser(t.app);
    stranger = await signUpTestUser(t.app);
    owner = await signUpTestStaff(t.app, t.db, 'owner');
    fulfilment = await signUpTestStaff(t.app, t.db, 'fulfilment');
  }, 60_000);
  afterAll(async () => {
    await t.close();
    await stripe.close();
  });

  async function place(
    extra: Record<string, unknown> = {},
    cookie?: string,
    quantity = 1,
  ): Promise<{ status: number; order?: PlacedOrder; body?: string }> {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { 'idempotency-key': newKey(), ...(cookie ? { cookie } : {}) },
      payload: orderBody([{ productId: product, quantity }], extra),
    });
    return res.statusCode === 201
      ? { status: 201, order: placedOrderSchema.parse(res.json()) }
      : { status: res.statusCode, body: res.body };
  }

  const invoiceOf = (orderId: number, cookie?: string) =>
    t.app.inject({
      method: 'GET',
      url: `/api/orders/${orderId}/invoice`,
      headers: cookie ? { cookie } : {},
    });

  const staffInvoiceOf = (orderId: number, cookie?: string) =>
    t.app.inject({
      method: 'GET',
      url: `/api/admin/orders/${orderId}/invoice`,
      headers: cookie ? { cookie } : {},
    });

  const guestInvoice = (number: string, email: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/orders/lookup/invoice',
      payload: { number, email },
    });

  async function counter(series: 'invoice' | 'credit_note'): Promise<number> {
    const row = await t.db.kysely
      .selectFrom('document_counters')
      .select('last_number')
      .where('series', '=', series)
      .executeTakeFirstOrThrow();
    return row.last_number;
  }

  it('numbers 50 concurrent orders without a gap or a repeat, skipping the refused and the unpaid', async () => {
    const before = await counter('invoice');
    const attempts = Array.from({ length: 60 }, (_, i) =>
      i % 12 === 5
        ? place({ couponCode: 'NO-SUCH-CODE' }) // refused inside its transaction
        : i % 12 === 11
          ? place({ paymentMethod: 'card' }) // awaits its payment: no invoice yet
          : place(),
    );
    const results = await Promise.all(attempts);
    const placed = results.flatMap((r) => (r.order ? [r.order] : []));
    const unexpected = JSON.stringify(results.filter((r) => r.status !== 201 && r.status !== 400));
    expect(
      results.filter((r) => r.status === 400),
      unexpected,
    ).toHaveLength(5);
    expect(placed).toHaveLength(55);
    const awaiting = placed.filter((o) => o.status === 'awaiting_payment');
    expect(awaiting).toHaveLength(5);
    expect(awaiting.every((o) => o.invoiceNumber === null)).toBe(true);

    const numbers = placed
      .filter((o) => o.status === 'pending')
      .map((o) => Number(o.invoiceNumber?.replace('INV-', '')));
    expect(numbers).toHaveLength(50);
    expect([...numbers].sort((a, b) => a - b)).toEqual(
      Array.from({ length: 50 }, (_, i) => before + i + 1),
    );
    expect(await counter('invoice')).toBe(before + 50);

    // An order awaiting its card payment has no invoice to show yet.
    const unpaid = await invoiceOf(awaiting[0]!.id, owner.cookie);
    expect(unpaid.statusCode).toBe(404);
    const staffView = await staffInvoiceOf(awaiting[0]!.id, owner.cookie);
    expect(staffView.statusCode).toBe(404);
    expect(staffView.json()).toMatchObject({ error: { code: 'not_found' } });
  });

  it('shows the buyer, guest and staff the invoice, and nobody else', async () => {
    const { order } = await place({ billing: { ...billing, email: buyer.email } }, buyer.cookie);
    if (!order?.invoiceNumber) throw new Error('the order was not invoiced');

    const own = await invoiceOf(order.id, buyer.cookie);
    expect(own.statusCode).toBe(200);
    const invoice = taxInvoiceSchema.parse(own.json());
    expect(invoice).toMatchObject({
      number: order.invoiceNumber,
      orderNumber: order.number,
      seller: {
        name: demoShopSettings.legalName,
        vatNumber: demoShopSettings.vatNumber,
        address: demoShopSettings.address,
        writtenAddress: demoShopSettings.writtenAddress,
      },
      buyer: { email: buyer.email, firstName: billing.firstName },
      total: order.total,
      creditNotes: [],
      // The demo shop is in Dubai: the Saudi QR code is not for it.
      qrCode: null,
    });

    expect((await invoiceOf(order.id)).statusCode).toBe(401);
    expect((await invoiceOf(order.id, stranger.cookie)).statusCode).toBe(404);
    expect((await invoiceOf(999_999, buyer.cookie)).statusCode).toBe(404);

    const guest = await guestInvoice(order.number.toLowerCase(), buyer.email.toUpperCase());
    expect(guest.statusCode).toBe(200);
    expect(taxInvoiceSchema.parse(guest.json()).number).toBe(order.invoiceNumber);
    expect((await guestInvoice(order.number, stranger.email)).statusCode).toBe(404);
    expect((await guestInvoice(order.number, 'not an email')).statusCode).toBe(400);

    expect((await staffInvoiceOf(order.id, fulfilment.cookie)).statusCode).toBe(200);
    const shopper = await staffInvoiceOf(order.id, buyer.cookie);
    expect(shopper.statusCode).toBe(403);
    // The one error shape: parsing throws on anything else.
    expect(apiErrorSchema.parse(shopper.json()).error.code).not.toBe('');
    expect((await staffInvoiceOf(order.id)).statusCode).toBe(401);
  });

  it('keeps the seller as it was when invoiced, and draws the Saudi QR code with five fields', async () => {
    await t.db.kysely
      .updateTable('shop_settings')
      .set({ settings_json: JSON.stringify(riyadhSeller) })
      .execute();
    try {
      const { order } = await place();
      if (!order) throw new Error('the order was not placed');
      // VAT as the order keeps it (15% inside the price of 115.00).
      await t.db.kysely
        .updateTable('order_lines')
        .set({ tax_rate_bp: 1500, tax_cents: 1500 })
        .where('order_id', '=', order.id)
        .execute();
      await t.db.kysely
        .updateTable('orders')
        .set({ tax_cents: 1500 + 75, shipping_tax_cents: 75 })
        .where('id', '=', order.id)
        .execute();
      const invoice: TaxInvoice = taxInvoiceSchema.parse(
        (await staffInvoiceOf(order.id, owner.cookie)).json(),
      );
      expect(invoice.lines).toEqual([
        expect.objectContaining({ taxRate: 1500, tax: 1500, amount: 11_500, quantity: 1 }),
      ]);
      expect(invoice).toMatchObject({
        tax: 1575,
        shippingTax: 75,
        totalExcludingTax: order.total - 1575,
        seller: { name: 'شركة سوق للتجارة', vatNumber: '310122393500003' },
      });
      if (!invoice.qrCode) throw new Error('no QR code for a Saudi seller');
      expect(invoice.qrCode.svg).toMatch(/^<svg[^>]*>.*<\/svg>\s*$/s);
      const fields = decodeTlv(invoice.qrCode.payload);
      expect([...fields.keys()]).toEqual([1, 2, 3, 4, 5]);
      expect(fields.get(1)).toBe('شركة سوق للتجارة');
      expect(fields.get(2)).toBe('310122393500003');
      expect(fields.get(3)).toBe(invoice.issuedAt.replace(/\.\d{3}Z$/, 'Z'));
      expect(fields.get(3)).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
      expect(fields.get(4)).toBe((order.total / 100).toFixed(2));
      expect(fields.get(5)).toBe('15.75');
    } finally {
      await t.db.kysely
        .updateTable('shop_settings')
        .set({ settings_json: JSON.stringify(demoShopSettings) })
        .execute();
    }
    // Settings changed since: the invoice already issued names the seller it was issued by.
    const { order: later } = await place();
    if (!later) throw new Error('the order was not placed');
    const invoice = taxInvoiceSchema.parse((await staffInvoiceOf(later.id, owner.cookie)).json());
    expect(invoice.seller.name).toBe(demoShopSettings.legalName);
    expect(invoice.qrCode).toBeNull();
  });

  it('issues a credit note for each refund, numbered in its own series and pointing to the invoice', async () => {
    const { order } = await place({ billing: { ...billing, email: buyer.email } }, buyer.cookie, 2);
    if (!order?.invoiceNumber) throw new Error('the order was not invoiced');
    const before = await counter('credit_note');
    const refund = (lines: { lineId: number; quantity: number; restock: boolean }[], extra = {}) =>
      t.app.inject({
        method: 'POST',
        url: `/api/admin/orders/${order.id}/actions`,
        headers: { cookie: owner.cookie, 'idempotency-key': newKey() },
        payload: { action: 'refund', lines, ...extra },
      });
    const confirmed = await t.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${order.id}/actions`,
      headers: { cookie: owner.cookie },
      payload: { action: 'confirm' },
    });
    expect(confirmed.statusCode).toBe(200);
    const lineId = order.lines[0]!.id;
    expect((await refund([{ lineId, quantity: 1, restock: true }])).statusCode).toBe(200);
    // A refund refused leaves the series as it was.
    expect((await refund([{ lineId, quantity: 2, restock: true }])).statusCode).toBe(409);
    const second = await refund([{ lineId, quantity: 1, restock: false }], {
      includeShipping: true,
    });
    expect(second.statusCode).toBe(200);
    expect(await counter('credit_note')).toBe(before + 2);

    // The tax given back, as the refunds keep it: 15.00 in each unit, 0.75 in the shipping.
    await t.db.kysely
      .updateTable('refund_lines')
      .set({ tax_cents: 1500 })
      .where('order_line_id', '=', lineId)
      .execute();
    const [first, last] = await t.db.kysely
      .selectFrom('refunds')
      .select('id')
      .where('order_id', '=', order.id)
      .orderBy('id')
      .execute();
    await t.db.kysely
      .updateTable('refunds')
      .set({ tax_cents: 1500 })
      .where('id', '=', first!.id)
      .execute();
    await t.db.kysely
      .updateTable('refunds')
      .set({ tax_cents: 1575 })
      .where('id', '=', last!.id)
      .execute();

    const invoice = taxInvoiceSchema.parse((await invoiceOf(order.id, buyer.cookie)).json());
    const pad = (n: number) => `CN-${String(n).padStart(6, '0')}`;
    expect(invoice.creditNotes).toEqual([
      expect.objectContaining({
        number: pad(before + 1),
        invoiceNumber: order.invoiceNumber,
        total: 11_500,
        tax: 1500,
        totalExcludingTax: 10_000,
        shipping: 0,
        lines: [
          expect.objectContaining({ orderLineId: lineId, quantity: 1, amount: 11_500, tax: 1500 }),
        ],
      }),
      expect.objectContaining({
        number: pad(before + 2),
        invoiceNumber: order.invoiceNumber,
        total: 11_500 + order.shipping,
        tax: 1575,
        shipping: order.shipping,
        lines: [expect.objectContaining({ orderLineId: lineId, quantity: 1, tax: 1500 })],
      }),
    ]);
  });

  const act = (orderId: number, payload: Record<string, unknown>, key?: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${orderId}/actions`,
      headers: { cookie: owner.cookie, ...(key ? { 'idempotency-key': key } : {}) },
      payload,
    });

  async function documentsOf(orderId: number): Promise<TaxInvoice> {
    return taxInvoiceSchema.parse((await staffInvoiceOf(orderId, owner.cookie)).json());
  }

  /** What the invoice charged and its credit notes gave back, added up. */
  function balance(invoice: TaxInvoice) {
    const credited = (pick: (n: TaxInvoice['creditNotes'][number]) => number) =>
      invoice.creditNotes.reduce((sum, n) => sum + pick(n), 0);
    return {
      total: invoice.total - credited((n) => n.total),
      tax: invoice.tax - credited((n) => n.tax),
    };
  }

  it("credits a cancelled order's invoice whole, though no money was paid for it", async () => {
    const { order } = await place({ billing: { ...billing, email: buyer.email } }, buyer.cookie, 2);
    if (!order?.invoiceNumber) throw new Error('the order was not invoiced');
    const before = await counter('credit_note');
    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${order.id}/cancel`,
      headers: { cookie: buyer.cookie },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const invoice = taxInvoiceSchema.parse((await invoiceOf(order.id, buyer.cookie)).json());
    expect(invoice.creditNotes).toEqual([
      expect.objectContaining({
        number: `CN-${String(before + 1).padStart(6, '0')}`,
        invoiceNumber: order.invoiceNumber,
        reason: 'cancelled',
        total: order.total,
        shipping: order.shipping,
        lines: [expect.objectContaining({ orderLineId: order.lines[0]!.id, quantity: 2 })],
      }),
    ]);
    expect(balance(invoice)).toEqual({ total: 0, tax: 0 });
    // Cancelling again changes nothing, and takes no number.
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${order.id}/cancel`,
      headers: { cookie: buyer.cookie },
    });
    expect(again.statusCode).toBe(409);
    expect(await counter('credit_note')).toBe(before + 1);
  });

  it('credits only what a refund has not when staff cancel, and a parcel refused at the door', async () => {
    const { order } = await place({}, undefined, 3);
    if (!order?.invoiceNumber) throw new Error('the order was not invoiced');
    expect((await act(order.id, { action: 'confirm' })).statusCode).toBe(200);
    const lineId = order.lines[0]!.id;
    const refunded = await act(
      order.id,
      { action: 'refund', lines: [{ lineId, quantity: 1, restock: true }] },
      newKey(),
    );
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect((await act(order.id, { action: 'cancel' })).statusCode).toBe(200);
    const invoice = await documentsOf(order.id);
    expect(invoice.creditNotes.map((n) => [n.reason, n.lines[0]?.quantity])).toEqual([
      ['refund', 1],
      ['cancelled', 2],
    ]);
    expect(invoice.creditNotes[1]!.shipping).toBe(order.shipping);
    expect(balance(invoice)).toEqual({ total: 0, tax: 0 });

    const { order: refused } = await place();
    if (!refused?.invoiceNumber) throw new Error('the order was not invoiced');
    for (const step of [
      { action: 'confirm' },
      { action: 'ship', carrierId: 1, trackingNumber: 'AX-1' },
      { action: 'refuse_delivery' },
    ]) {
      const res = await act(refused.id, step);
      expect(res.statusCode, res.body).toBe(200);
    }
    const refusedInvoice = await documentsOf(refused.id);
    expect(refusedInvoice.creditNotes).toEqual([
      expect.objectContaining({ reason: 'delivery_refused', total: refused.total }),
    ]);
  });

  it('gives a card payment back when its buyer cancels the paid order, and credits the invoice', async () => {
    const { order } = await place(
      { paymentMethod: 'card', billing: { ...billing, email: buyer.email } },
      buyer.cookie,
    );
    const sessionId = /\/pay\/(\w+)$/.exec(order?.paymentRedirectUrl ?? '')?.[1];
    if (!order || !sessionId) throw new Error('the card order has no hosted page');
    expect((await deliverWebhook(t, 'stripe', stripe.pay(sessionId))).statusCode).toBe(200);
    const cancel = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/orders/${order.id}/cancel`,
        headers: { cookie: buyer.cookie },
      });

    // Stripe refuses the refund: the order stays as it was, paid and invoiced, uncredited.
    stripe.refundMode = 'refuse';
    expect((await cancel()).statusCode).toBeGreaterThanOrEqual(400);
    expect((await documentsOf(order.id)).creditNotes).toEqual([]);

    stripe.refundMode = 'accept';
    const res = await cancel();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'cancelled', refundedTotal: order.total });
    expect(stripe.refunds.filter((r) => r.amount === order.total)).toHaveLength(1);
    const invoice = await documentsOf(order.id);
    expect(invoice.creditNotes).toEqual([
      expect.objectContaining({ reason: 'cancelled', total: order.total }),
    ]);
  });
});
