import { useTranslation } from 'react-i18next';
import type { Order } from '@souq/contracts/orders';
import { Money } from '../../components/ui/price';
import { dateFormat } from '../../lib/date-format';

/** What has happened to an order, oldest first, and where its parcel is once shipped. */
export function OrderTimeline({ order }: { order: Order }) {
  const { t, i18n } = useTranslation();
  const when = dateFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <section aria-labelledby="timeline-heading" className="flex flex-col gap-4">
      <h2 id="timeline-heading" className="font-medium">
        {t('orders.timeline.title')}
      </h2>
      {order.shipment && (
        <dl className="grid grid-cols-2 gap-4 sm:max-w-md" data-testid="order-shipment">
          <div>
            <dt className="text-sm text-muted">{t('orders.timeline.carrier')}</dt>
            <dd>
              <bdi>{order.shipment.carrier}</bdi>
            </dd>
          </div>
          <div>
            <dt className="text-sm text-muted">{t('orders.timeline.trackingNumber')}</dt>
            <dd className="font-medium">
              <bdi dir="ltr">{order.shipment.trackingNumber}</bdi>
            </dd>
          </div>
          {order.shipment.trackingUrl && (
            <div className="col-span-2">
              <a
                href={order.shipment.trackingUrl}
                target="_blank"
                rel="noopener noreferrer"
                className="inline-flex min-h-11 items-center font-medium text-brand underline"
              >
                {t('orders.timeline.track', { carrier: order.shipment.carrier })}
              </a>
            </div>
          )}
        </dl>
      )}
      <ol
        className="flex flex-col gap-3 border-s border-neutral-300 ps-4"
        data-testid="order-timeline"
      >
        {order.timeline.map((event, index) => (
          <li key={`${event.type}-${index}`} className="flex flex-col">
            <span className="font-medium">
              {t(`orders.timeline.event.${event.type}`)}
              {event.amount !== null && (
                <>
                  {' '}
                  <Money amount={event.amount} currency={order.currency} />
                </>
              )}
            </span>
            <time dateTime={event.at} className="text-sm text-muted">
              {when.format(new Date(event.at))}
            </time>
            {event.note && (
              <span className="text-sm">
                <bdi>{event.note}</bdi>
              </span>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}
