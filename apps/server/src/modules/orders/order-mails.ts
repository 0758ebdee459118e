import type { Order } from '@souq/contracts/orders';
import type { QueuedMail } from '../mail/outbox.queries';
import type { ShopSettingsReader } from '../settings/settings.repository';
import {
  renderNewOrderAlert,
  renderShopperMail,
  type MailShopConfig,
  type ShopperMailDetails,
  type ShopperMailKind,
} from '../mail/templates/order-mails';

/** How the orders module addresses its mail. */
export interface OrderMailSettings {
  shop: MailShopConfig;
  /** Who gets the new-order alert (ORDER_ALERT_EMAIL); unset, every staff owner. */
  alertEmails?: string[];
}

interface MailQueue {
  queueMail(mail: QueuedMail): Promise<number>;
  shopSettings: ShopSettingsReader;
  orderMailExtras(
    order: Order,
  ): Promise<Pick<ShopperMailDetails, 'pictures'> & { ofAccount: boolean }>;
}

/** Queues the shopper's mail about their order, inside the caller's transaction. */
export async function queueShopperMail(
  tx: MailQueue,
  settings: OrderMailSettings,
  kind: ShopperMailKind,
  order: Order,
  at: string,
  details?: ShopperMailDetails,
): Promise<void> {
  await tx.queueMail({
    kind,
    to: order.email,
    orderId: order.id,
    at,
    ...renderShopperMail(
      kind,
      order,
      { ...settings.shop, settings: await tx.shopSettings.read() },
      { ...(await tx.orderMailExtras(order)), ...details },
    ),
  });
}

/** Queues the new-order alert to each of `recipients`, inside the caller's transaction. */
export async function queueNewOrderAlerts(
  tx: MailQueue,
  settings: OrderMailSettings,
  recipients: string[],
  order: Order,
  at: string,
): Promise<void> {
  const alert = renderNewOrderAlert(order, {
    ...settings.shop,
    settings: await tx.shopSettings.read(),
  });
  for (const to of new Set(recipients.map((r) => r.toLowerCase()))) {
    await tx.queueMail({ kind: 'new_order_alert', to, orderId: order.id, at, ...alert });
  }
}
