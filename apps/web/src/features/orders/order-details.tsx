import { useTranslation } from 'react-i18next';
import type { Order } from '@souq/contracts/orders';
import { OrderTotals } from '../../components/ui/order-totals';
import { OrderStatusBadge } from '../../components/ui/orders-table';
import { Money } from '../../components/ui/price';
import { VariantLabel } from '../../components/ui/variant-label';
import { localized } from '../../lib/localized';
import { OrderTimeline } from './order-timeline';

/** An order's number, date, status, lines, totals, timeline, billing details and payment method. */
export function OrderDetails({ order }: { order: Order }) {
  const { t, i18n } = useTranslation();
  const money = (amount: number) => <Money amount={amount} currency={order.currency} />;
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long' }).format(
    new Date(order.createdAt),
  );
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
      </dl>
      <table className="w-full">
        <thead>
          <tr className="border-b border-neutral-300 text-sm text-muted">
            <th scope="col" className="py-2 text-start font-normal">
              {t('orders.product')}
            </th>
            <th scope="col" className="py-2 ps-4 text-end font-normal">
              {t('orders.quantity')}
            </th>
            <th scope="col" className="py-2 ps-4 text-end font-normal">
              {t('orders.lineTotal')}
            </th>
          </tr>
        </thead>
        <tbody>
          {order.lines.map((line) => (
            <tr key={line.id} className="border-b border-neutral-100">
              <td className="py-3">
                {/* The name as ordered, in the shopper's language: isolated so digits keep its order. */}
                <bdi>{localized(line, 'name', i18n.language)}</bdi>
                <VariantLabel variant={line.variant} />
                <span className="block text-sm text-muted">{money(line.unitPrice)}</span>
              </td>
              <td className="py-3 ps-4 text-end">{line.quantity}</td>
              <td className="whitespace-nowrap py-3 ps-4 text-end">{money(line.lineTotal)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="w-full max-w-sm self-end">
        <OrderTotals totals={order} />
        {order.refundedTotal > 0 && (
          <p className="mt-2 flex justify-between gap-4 text-sm" data-testid="order-refunded">
            <span>{t('orders.refundedTotal')}</span>
            {money(order.refundedTotal)}
          </p>
        )}
      </div>
      <OrderTimeline order={order} />
      <section aria-labelledby="billing-heading">
        <h2 id="billing-heading" className="mb-2 font-medium">
          {t('orders.billing')}
        </h2>
        <address className="text-muted not-italic">
          {/* bdi: a Latin street or name keeps its own word order on an Arabic page. */}
          {[
            [billing.firstName, billing.lastName].filter(Boolean).join(' '),
            billing.companyName,
            billing.streetAddress,
            billing.apartment,
            billing.city,
          ]
            .filter(Boolean)
            .map((part) => (
              <span key={part} className="block">
                <bdi>{part}</bdi>
              </span>
            ))}
          <span className="block">
            <bdi dir="ltr">{billing.phone}</bdi>
          </span>
          <span className="block">
            <bdi>{billing.email}</bdi>
          </span>
        </address>
      </section>
    </article>
  );
}
