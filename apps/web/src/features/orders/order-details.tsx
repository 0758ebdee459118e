import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Order } from '@souq/contracts/orders';
import { OrderStatusBadge } from '../../components/ui/orders-table';
import { BillingAddress } from '../../components/ui/billing-address';
import { ShippingMethodSummary } from '../../components/ui/shipping-method';
import { OrderLines } from '../../components/ui/order-lines';
import { OrderTimeline } from './order-timeline';
import { dateFormat } from '../../lib/date-format';

/**
 * An order's number, date, status, lines, totals, timeline, billing details and payment method,
 * and a link to its tax invoice once it has one (`invoiceLink`: where the page keeps it).
 */
export function OrderDetails({
  order,
  invoiceLink,
}: {
  order: Order;
  invoiceLink?: { to: string; state?: unknown };
}) {
  const { t, i18n } = useTranslation();
  const date = dateFormat(i18n.language, { dateStyle: 'long' }).format(new Date(order.createdAt));
  const { billing } = order;
  return (
    <article className="flex flex-col gap-6">
      <dl className="grid grid-cols-2 gap-4 sm:grid-cols-4">
        <div>
          <dt className="text-sm text-muted">{t('orders.number')}</dt>
          <dd className="font-medium" data-testid="order-number">
            {order.number}
          </dd>
        </div>
        <div>
          <dt className="text-sm text-muted">{t('orders.date')}</dt>
          <dd>{date}</dd>
        </div>
        <div>
          <dt className="text-sm text-muted">{t('orders.statusLabel')}</dt>
          <dd>
            <OrderStatusBadge status={order.status} />
          </dd>
        </div>
        <div>
          <dt className="text-sm text-muted">{t('orders.payment')}</dt>
          <dd>{t(`orders.paymentMethod.${order.paymentMethod}`)}</dd>
        </div>
        {order.shippingMethod && (
          <div>
            <dt className="text-sm text-muted">{t('orders.delivery')}</dt>
            <dd>
              <ShippingMethodSummary method={order.shippingMethod} />
            </dd>
          </div>
        )}
        {order.invoiceNumber && invoiceLink && (
          <div>
            <dt className="text-sm text-muted">{t('orders.invoice.link')}</dt>
            <dd>
              <Link
                to={invoiceLink.to}
                state={invoiceLink.state}
                className="inline-flex min-h-11 items-center text-brand underline-offset-4 hover:underline"
              >
                <bdi dir="ltr">{order.invoiceNumber}</bdi>
              </Link>
            </dd>
          </div>
        )}
      </dl>
      <OrderLines order={order} />
      <OrderTimeline order={order} />
      <section aria-labelledby="billing-heading">
        <h2 id="billing-heading" className="mb-2 font-medium">
          {t('orders.billing')}
        </h2>
        <BillingAddress billing={billing} className="text-muted">
          <span className="block">
            <bdi dir="ltr">{billing.phone}</bdi>
          </span>
          <span className="block">
            <bdi>{billing.email}</bdi>
          </span>
        </BillingAddress>
      </section>
    </article>
  );
}
