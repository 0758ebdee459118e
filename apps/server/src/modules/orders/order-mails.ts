import type { Order } from '@souq/contracts/orders';
import type { ShopSettings } from '@souq/contracts/shop-settings';
import type { QueuedMail, QueuedOrderMail } from '../mail/outbox.queries';
import type { OrderMailBodies } from '../mail/mail-delivery';
import type { MailBody } from '../mail/outbox.repository';
import type { ShopSettingsReader } from '../settings/settings.repository';
import {
  newOrderAlertSubject,
  renderNewOrderAlert,
  renderNewOrdersDigest,
  renderShopperMail,
  shopperMailSubject,
  type MailShop,
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

/**
 * A new order's mails, the shopper's `order_placed` and an alert to each of `alertTo`, with their
 * subjects only: they are queued in the order's transaction, and the outbox renders each body
 * from the order as it sends it (`orderMailBodies`), so a checkout does not spend its
 * transaction on HTML.
 */
export function placedOrderMails(
  settings: ShopSettings,
  alertTo: string[],
  order: Pick<Order, 'email' | 'locale' | 'number' | 'total' | 'currency'>,
): Pick<QueuedOrderMail, 'kind' | 'to' | 'subject'>[] {
  const alert = newOrderAlertSubject(order);
  return [
    {
      kind: 'order_placed',
      to: order.email,
      subject: shopperMailSubject('order_placed', order, settings),
    },
    ...[...new Set(alertTo.map((r) => r.toLowerCase()))].map((to) => ({
      kind: 'new_order_alert' as const,
      to,
      subject: alert,
    })),
  ];
}

/** What the outbox needs to render a placed order's mails: the orders and what they show. */
interface PlacedOrderReader {
  ordersForMail(ids: number[]): Promise<{
    orders: Map<number, { order: Order; ofAccount: boolean }>;
    pictures: Map<number, string>;
  }>;
  shopSettings: ShopSettingsReader;
}

/**
 * The bodies of the mails `placedOrderMails` queued, rendered from the order as they are sent,
 * a batch at a time: the batch's orders, their lines, events and pictures read together and the
 * settings once (five reads an order before, each a round trip on PostgreSQL), and the new-order
 * alert rendered once for all its recipients (the same object, which the mailer then encodes
 * once). A batch's alerts of several orders to one address go as one digest listing them: in a
 * flash sale each owner would otherwise get hundreds of alerts a second, and the mail thread
 * would spend half its time on them. A mail whose order is gone fails alone, a digest
 * going without it.
 */
export function orderMailBodies(
  reader: PlacedOrderReader,
  settings: OrderMailSettings,
): OrderMailBodies {
  return (batch) => {
    const alertsTo = new Map<string, typeof batch>();
    for (const mail of batch) {
      if (mail.kind !== 'new_order_alert') continue;
      const alerts = alertsTo.get(mail.to);
      if (alerts) alerts.push(mail);
      else alertsTo.set(mail.to, [mail]);
    }
    const together = [...alertsTo.values()].filter((alerts) => alerts.length > 1);
    const inDigest = new Set(together.flat().map((mail) => mail.id));
    const mails = batch.filter((mail) => !inDigest.has(mail.id));
    const ids = [
      ...new Set(batch.flatMap((mail) => (mail.orderId === null ? [] : [mail.orderId]))),
    ];
    // Read when a mail first needs it, and awaited by each that does.
    let read: ReturnType<PlacedOrderReader['ordersForMail']> | undefined;
    let shop: Promise<MailShop> | undefined;
    const batchRead = () => (read ??= reader.ordersForMail(ids));
    const shopNow = () =>
      (shop ??= reader.shopSettings.read().then((read) => ({ ...settings.shop, settings: read })));
    const alerts = new Map<number, Promise<MailBody>>();
    const orderOf = async (mail: (typeof mails)[number]) => {
      const found =
        mail.orderId === null ? undefined : (await batchRead()).orders.get(mail.orderId);
      if (!found) throw new Error(`The order of mail ${mail.id} is missing`);
      return found;
    };
    const render = async (mail: (typeof mails)[number]): Promise<MailBody> => {
      if (mail.kind === 'new_order_alert') {
        let alert = alerts.get(mail.orderId ?? -1);
        if (!alert) {
          alert = Promise.all([orderOf(mail), shopNow()]).then(([{ order }, mailShop]) =>
            renderNewOrderAlert(order, mailShop),
          );
          alerts.set(mail.orderId ?? -1, alert);
        }
        return alert;
      }
      if (mail.kind !== 'order_placed') throw new Error(`A ${mail.kind} mail has its body stored`);
      const { order, ofAccount } = await orderOf(mail);
      const { pictures } = await batchRead();
      return renderShopperMail(mail.kind, order, await shopNow(), { pictures, ofAccount });
    };
    // The orders still there: an alert whose order is gone fails alone, as elsewhere.
    const digest = async (alerts: typeof batch) => {
      const { orders } = await batchRead();
      const found = alerts.flatMap((mail) => {
        const order = mail.orderId === null ? undefined : orders.get(mail.orderId)?.order;
        return order ? [{ id: mail.id, order }] : [];
      });
      const listed = found.map(({ order }) => order).sort((a, b) => a.id - b.id);
      const [first, ...more] = listed;
      if (!first)
        throw new Error(`The orders of mails ${alerts.map((m) => m.id).join(', ')} are missing`);
      const mailShop = await shopNow();
      const { subject, text, html } =
        more.length === 0
          ? renderNewOrderAlert(first, mailShop)
          : renderNewOrdersDigest(listed, mailShop);
      return { subject, text, html, carries: found.map(({ id }) => id) };
    };
    return {
      bodies: new Map(mails.map((mail) => [mail.id, render(mail)])),
      digests: together.map((alerts) => ({
        ids: alerts.map((mail) => mail.id),
        message: digest(alerts),
      })),
    };
  };
}
