import type { Db } from '../db/connection';
import type { OrderMailSettings } from '../modules/orders/order-mails';
import { paymentProviders } from '../modules/payments/payment-providers';
import { createPaymentsRepository } from '../modules/payments/payments.repository';
import { createPaymentsService } from '../modules/payments/payments.service';

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
