import type { Db } from '../db/connection';
import type { OrderMailSettings } from '../modules/orders/order-mails';
import { paymentProviders } from '../modules/payments/payment-providers';
import { createPaymentsRepository } from '../modules/payments/payments.repository';
import { createPaymentsService } from '../modules/payments/payments.service';
import { createStripeProvider } from '../modules/payments/stripe-provider';
import { DOUBLE_SECRET_KEY, DOUBLE_WEBHOOK_SECRET, type StripeDouble } from './stripe-double';

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

/** The environment of a shop taking cards through the Stripe double. */
export function stripeEnv(double: StripeDouble) {
  return {
    STRIPE_SECRET_KEY: DOUBLE_SECRET_KEY,
    STRIPE_WEBHOOK_SECRET: DOUBLE_WEBHOOK_SECRET,
    STRIPE_API_URL: double.url,
  };
}

/**
 * The payments service of one more app server over `db`, taking cards through the double, on
 * its own clock: tests move it past holds and run its sweep.
 */
export function sweeperOver(db: Db, double: StripeDouble, clock: () => Date) {
  return createPaymentsService({
    repository: createPaymentsRepository(db),
    providers: paymentProviders({
      name: 'stripe',
      online: createStripeProvider({
        secretKey: DOUBLE_SECRET_KEY,
        webhookSecret: DOUBLE_WEBHOOK_SECRET,
        apiUrl: double.url,
      }),
    }),
    mail: { shop: { url: 'http://127.0.0.1:3000', bankDetails: null } },
    publicUrl: 'http://127.0.0.1:3000',
    holdMinutes: 15,
    log: { warn: () => undefined },
    clock,
  });
}
