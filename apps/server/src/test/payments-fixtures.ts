import { adminOrderSchema, type AdminOrder } from '@souq/contracts/admin-orders';
import type { Db } from '../db/connection';
import { createAdminOrdersRepository } from '../modules/orders/admin-orders.repository';
import { createAdminOrdersService } from '../modules/orders/admin-orders.service';
import type { OrderMailSettings } from '../modules/orders/order-mails';
import { paymentProviders } from '../modules/payments/payment-providers';
import { createPaymentsRepository } from '../modules/payments/payments.repository';
import { createPaymentsService } from '../modules/payments/payments.service';
import { createCheckoutComProvider } from '../modules/payments/checkout-com-provider';
import type { OnlinePaymentProvider } from '../modules/payments/payment-provider';
import { createStripeProvider } from '../modules/payments/stripe-provider';
import {
  CKO_DOUBLE_SECRET_KEY,
  CKO_DOUBLE_WEBHOOK_SECRET,
  type CheckoutComDouble,
} from './checkout-com-double';
import type { TestApp } from './test-app';
import {
  DOUBLE_SECRET_KEY,
  DOUBLE_WEBHOOK_SECRET,
  type SignedWebhook,
  type StripeDouble,
} from './stripe-double';

/** The payments service of a shop that takes no card, for tests that build services by hand. */
export function offlinePayments(db: Db, mail: OrderMailSettings) {
  return createPaymentsService({
    repository: createPaymentsRepository(db),
    providers: paymentProviders(null),
    mail,
    publicUrl: mail.shop.url,
    holdMinutes: 15,
    log: { warn: () => undefined },
  });
}

/** What the orders service needs beside its repository, for a shop that takes no card. */
export function offlineOrderDependencies(db: Db) {
  const mail: OrderMailSettings = { shop: { url: 'http://shop.test', bankDetails: null } };
  const payments = offlinePayments(db, mail);
  const lifecycle = createAdminOrdersService({
    repository: createAdminOrdersRepository(db),
    mail,
    payments,
    carrierFor: () => Promise.reject(new Error('nothing ships in these tests')),
  });
  return { mail, payments, lifecycle };
}

/** The environment of a shop taking cards through the Stripe double. */
export function stripeEnv(double: StripeDouble) {
  return {
    STRIPE_SECRET_KEY: DOUBLE_SECRET_KEY,
    STRIPE_WEBHOOK_SECRET: DOUBLE_WEBHOOK_SECRET,
    STRIPE_API_URL: double.url,
  };
}

/** Stripe through its double, as app.ts builds a card provider. */
export const stripeCard = (double: StripeDouble) => ({
  name: 'stripe',
  online: createStripeProvider({
    secretKey: DOUBLE_SECRET_KEY,
    webhookSecret: DOUBLE_WEBHOOK_SECRET,
    apiUrl: double.url,
  }),
});

/** The environment of a shop taking cards through the Checkout.com double. */
export function checkoutComEnv(double: CheckoutComDouble) {
  return {
    CHECKOUT_COM_SECRET_KEY: CKO_DOUBLE_SECRET_KEY,
    CHECKOUT_COM_WEBHOOK_SECRET: CKO_DOUBLE_WEBHOOK_SECRET,
    CHECKOUT_COM_API_URL: double.url,
  };
}

/** Checkout.com through its double, as app.ts builds a card provider. */
export const checkoutComCard = (double: CheckoutComDouble) => ({
  name: 'checkout_com',
  online: createCheckoutComProvider({
    secretKey: CKO_DOUBLE_SECRET_KEY,
    webhookSecret: CKO_DOUBLE_WEBHOOK_SECRET,
    subdomain: undefined,
    apiUrl: double.url,
  }),
});

/**
 * The payments service of one more app server over `db`, taking cards through `card`, on its
 * own clock: tests move it past holds and run its sweep.
 */
export function sweeperOver(
  db: Db,
  card: { name: string; online: OnlinePaymentProvider },
  clock: () => Date,
) {
  return createPaymentsService({
    repository: createPaymentsRepository(db),
    providers: paymentProviders(card),
    mail: { shop: { url: 'http://127.0.0.1:3000', bankDetails: null } },
    publicUrl: 'http://127.0.0.1:3000',
    holdMinutes: 15,
    log: { warn: () => undefined },
    clock,
  });
}

/** Posts a card provider's signed webhook (from its double) to the shop, as the provider does. */
export function deliverWebhook(
  t: Pick<TestApp, 'app'>,
  provider: 'stripe' | 'checkout_com',
  hook: SignedWebhook,
) {
  return t.app.inject({
    method: 'POST',
    url: `/api/payments/webhooks/${provider}`,
    headers: hook.headers,
    payload: hook.body,
  });
}

/** The mails queued about an order, oldest first. */
export function mailsOfOrder(db: Db, orderId: number) {
  return db.kysely
    .selectFrom('mail_outbox')
    .select(['kind', 'text'])
    .where('order_id', '=', orderId)
    .orderBy('id')
    .execute();
}

/** An order's stock ledger as "reason change" lines, oldest first. */
export async function ledgerOfOrder(db: Db, orderId: number) {
  const rows = await db.kysely
    .selectFrom('stock_movements')
    .select(['reason', 'change'])
    .where('order_id', '=', orderId)
    .orderBy('id')
    .execute();
  return rows.map((r) => `${r.reason} ${r.change}`);
}

/** An order as the back office shows it to staff signed in with `cookie`. */
export async function adminOrderAs(
  t: Pick<TestApp, 'app'>,
  cookie: string,
  id: number,
): Promise<AdminOrder> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/admin/orders/${id}`,
    headers: { cookie },
  });
  if (res.statusCode !== 200) throw new Error(`order ${id}: ${res.statusCode} ${res.body}`);
  return adminOrderSchema.parse(res.json());
}
