import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { AdminOrder } from '@souq/contracts/admin-orders';
import type { PaymentAttempt } from '@souq/contracts/payments';
import { Money } from '../../../components/ui/price';
import { apiErrorMessage } from '../../../lib/api-error';
import { BillingAddress } from '../../../components/ui/billing-address';
import { ShippingMethodSummary } from '../../../components/ui/shipping-method';
import { OrderLines } from '../../../components/ui/order-lines';
import {
  useGetAdminOrderQuery,
  useResendMailMutation,
  useRetryPaymentRefundMutation,
} from './orders-api';
import { useAdminTranslation } from '../shared/admin-i18n';
import { actorName } from '../staff/audit-sentence';
import { StatusBadge } from '../shared/status-badge';
import { adminPaths } from '../shared/admin-paths';
import { OrderActions } from './order-actions';
import {
  AdminMessage,
  LoadError,
  Loading,
  PageHeading,
  Panel,
  useDateFormat,
} from '../shared/page-parts';
import { useStaff } from '../shared/staff-access';

export function OrderPage() {
  const { t } = useAdminTranslation();
  const { id: idParam = '' } = useParams();
  const id = /^\d{1,9}$/.test(idParam) ? Number(idParam) : null;
  const order = useGetAdminOrderQuery(id ?? 0, {
    skip: id === null,
    refetchOnMountOrArgChange: true,
  });

  const notFound =
    id === null || (order.error && 'status' in order.error && order.error.status === 404);
  if (notFound) {
    return (
      <AdminMessage title={t('order.notFoundTitle')}>
        <Link to={adminPaths.orders} className="text-brand underline">
          {t('order.backToOrders')}
        </Link>
      </AdminMessage>
    );
  }
  if (!order.data) {
    return (
      <>
        <PageHeading title={t('order.loadingTitle')} />
        {order.error ? (
          <LoadError error={order.error} onRetry={() => void order.refetch()} />
        ) : (
          <Loading />
        )}
      </>
    );
  }
  return <OrderView order={order.data} />;
}

function OrderView({ order }: { order: AdminOrder }) {
  const { t } = useAdminTranslation();
  const { dateTime } = useDateFormat();
  return (
    <article className="flex flex-col gap-6">
      <Link
        to={adminPaths.orders}
        className="inline-flex min-h-11 items-center gap-2 self-start hover:text-brand"
      >
        <span aria-hidden="true" className="inline-block rtl:-scale-x-100">
          ←
        </span>
        {t('order.backToOrders')}
      </Link>
      <PageHeading title={t('order.title', { number: order.number })}>
        <StatusBadge state={order.status}>{t(`status.${order.status}`)}</StatusBadge>
      </PageHeading>
      <p className="-mt-4 text-sm text-muted">
        {t('order.placedAt', { date: dateTime(order.createdAt) })} ·{' '}
        {t(`languages.${order.locale}`)}
        {order.invoiceNumber && (
          <>
            {' · '}
            <Link
              to={adminPaths.orderInvoice(order.id)}
              className="inline-flex min-h-11 items-center text-brand underline-offset-4 hover:underline"
            >
              {t('order.invoice')}&nbsp;<bdi dir="ltr">{order.invoiceNumber}</bdi>
            </Link>
          </>
        )}
      </p>
      <OrderActions order={order} />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <div className="flex flex-col gap-6">
          <Lines order={order} />
          <Timeline order={order} />
          <Mails order={order} />
          <History order={order} />
        </div>
        {/* First on a phone: whom the parcel goes to matters most to the person shipping it. */}
        <div className="order-first flex flex-col gap-6 lg:order-none">
          <Customer order={order} />
          <Payment order={order} />
          {order.shipment && <ShipmentBox order={order} shipment={order.shipment} />}
        </div>
      </div>
    </article>
  );
}

function Lines({ order }: { order: AdminOrder }) {
  const { t } = useAdminTranslation();
  return (
    <Panel id="lines-heading" title={t('order.lines')}>
      <div className="text-sm">
        <OrderLines
          order={order}
          lineNote={(line) => {
            const refunded = order.refundedQuantities[String(line.id)] ?? 0;
            return refunded > 0 ? (
              <span className="block text-rose-800">
                {t('order.refundedQuantity', { count: refunded })}
              </span>
            ) : null;
          }}
        />
      </div>
    </Panel>
  );
}

function Customer({ order }: { order: AdminOrder }) {
  const { t } = useAdminTranslation();
  const { billing, customer } = order;
  return (
    <Panel id="customer-heading" title={t('order.customer')}>
      <dl className="flex flex-col gap-2 text-sm">
        <div>
          <dt className="text-muted">{t('order.name')}</dt>
          <dd>
            <bdi>{customer.name}</bdi>{' '}
            <span className="text-muted">
              ({customer.userId ? t('order.account') : t('order.guest')})
            </span>
          </dd>
        </div>
        <div>
          <dt className="text-muted">{t('order.email')}</dt>
          <dd className="break-all">
            <a href={`mailto:${customer.email}`} className="text-brand underline">
              <bdi>{customer.email}</bdi>
            </a>
          </dd>
        </div>
        <div>
          <dt className="text-muted">{t('order.phone')}</dt>
          <dd>
            <a href={`tel:${customer.phone}`} className="text-brand underline">
              <bdi dir="ltr">{customer.phone}</bdi>
            </a>
          </dd>
        </div>
        <div>
          <dt className="text-muted">{t('order.billing')}</dt>
          <dd>
            <BillingAddress billing={billing} />
          </dd>
        </div>
      </dl>
    </Panel>
  );
}

/** The card providers by their brand names, which no language translates. */
const providerNames: Record<string, string> = { stripe: 'Stripe', checkout_com: 'Checkout.com' };

function Payment({ order }: { order: AdminOrder }) {
  const { t } = useAdminTranslation();
  const { dateTime } = useDateFormat();
  return (
    <Panel id="payment-heading" title={t('order.payment')}>
      <dl className="flex flex-col gap-2 text-sm">
        <div>
          <dt className="text-muted">{t('order.paymentMethod')}</dt>
          <dd>{t(`payment.${order.paymentMethod}`)}</dd>
        </div>
        {order.shippingMethod && (
          <div>
            <dt className="text-muted">{t('order.delivery')}</dt>
            <dd>
              <ShippingMethodSummary method={order.shippingMethod} />
            </dd>
          </div>
        )}
        <div>
          <dt className="text-muted">{t('order.paymentState')}</dt>
          <dd>
            {t(`paymentStatus.${order.payment.status}`)}
            {order.payment.at && (
              <span className="block text-muted">{dateTime(order.payment.at)}</span>
            )}
          </dd>
        </div>
        <div>
          <dt className="text-muted">{t('order.coupon')}</dt>
          <dd>
            {order.couponCode ? <bdi dir="ltr">{order.couponCode}</bdi> : t('order.noCoupon')}
          </dd>
        </div>
      </dl>
      {order.payment.attempts.length > 0 && (
        <ol aria-label={t('order.attempts')} className="mt-4 flex flex-col gap-3 text-sm">
          {order.payment.attempts.map((attempt) => (
            <li key={attempt.id} className="rounded border border-neutral-200 p-3">
              <p className="flex flex-wrap justify-between gap-2 font-medium">
                <span>{t(`attemptStatus.${attempt.status}`)}</span>
                <Money amount={attempt.amount} currency={attempt.currency} />
              </p>
              <p className="text-muted">
                <bdi>{providerNames[attempt.provider] ?? attempt.provider}</bdi> ·{' '}
                <bdi dir="ltr" className="break-all">
                  {attempt.reference ?? t('order.noReference')}
                </bdi>
              </p>
              {attempt.refunded > 0 && (
                <p>
                  {t('order.attemptRefunded')}{' '}
                  <Money amount={attempt.refunded} currency={attempt.currency} />
                </p>
              )}
              {attempt.refunds.length > 0 && (
                <AttemptRefunds orderId={order.id} attempt={attempt} />
              )}
              {attempt.events.length > 0 && (
                <ul className="mt-2 flex flex-col gap-1 text-muted">
                  {attempt.events.map((event) => (
                    <li key={event.eventId}>
                      <bdi dir="ltr">{event.type}</bdi> · {dateTime(event.receivedAt)}
                    </li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ol>
      )}
    </Panel>
  );
}

/**
 * The refunds sent through the provider for one attempt; one the provider declined after
 * accepting it shows its reason and, for staff who may refund, a way to send it again.
 */
function AttemptRefunds({ orderId, attempt }: { orderId: number; attempt: PaymentAttempt }) {
  const { t } = useAdminTranslation();
  const { t: shopT } = useTranslation();
  const { may } = useStaff();
  const { dateTime } = useDateFormat();
  const [retry, { isLoading }] = useRetryPaymentRefundMutation();
  const [notice, setNotice] = useState<{ text: string; failed: boolean }>();

  const sendAgain = async (refundId: number) => {
    const result = await retry({ orderId, refundId });
    setNotice(
      result.error
        ? { text: apiErrorMessage(shopT, result.error), failed: true }
        : { text: t('order.refundRetried'), failed: false },
    );
  };

  return (
    <>
      <ul className="mt-2 flex flex-col gap-2">
        {attempt.refunds.map((refund) => (
          <li
            key={refund.id}
            className={`flex flex-col gap-2 rounded p-2 ${refund.status === 'declined' ? 'bg-red-50' : 'bg-neutral-50'}`}
          >
            <div className="min-w-0">
              <p className="flex flex-wrap justify-between gap-2">
                <span>
                  {t('order.attemptRefund')} · {t(`order.refundStatus.${refund.status}`)}
                </span>
                <Money amount={refund.amount} currency={attempt.currency} />
              </p>
              {refund.reason && (
                <p className="text-brand">
                  {t('order.refundReason')} <bdi dir="ltr">{refund.reason}</bdi>
                </p>
              )}
              <p className="text-muted">{dateTime(refund.createdAt)}</p>
            </div>
            {refund.status === 'declined' && may('orders.refund') && (
              <button
                type="button"
                disabled={isLoading}
                onClick={() => void sendAgain(refund.id)}
                className="min-h-11 self-start rounded border border-neutral-400 bg-white px-4 hover:border-neutral-900 disabled:text-neutral-400"
              >
                {t('order.retryRefund')}
              </button>
            )}
          </li>
        ))}
      </ul>
      <p
        role="status"
        className={notice ? `mt-2 ${notice.failed ? 'text-brand' : 'text-emerald-800'}` : 'sr-only'}
      >
        {notice?.text}
      </p>
    </>
  );
}

function ShipmentBox({
  shipment,
}: {
  order: AdminOrder;
  shipment: NonNullable<AdminOrder['shipment']>;
}) {
  const { t } = useAdminTranslation();
  const { dateTime } = useDateFormat();
  return (
    <Panel id="shipment-heading" title={t('order.shipment')}>
      <dl className="flex flex-col gap-2 text-sm">
        <div>
          <dt className="text-muted">{t('order.carrier')}</dt>
          <dd>
            <bdi>{shipment.carrier}</bdi>
          </dd>
        </div>
        <div>
          <dt className="text-muted">{t('order.trackingNumber')}</dt>
          <dd className="break-all font-mono" data-testid="tracking-number">
            {shipment.trackingUrl ? (
              <a
                href={shipment.trackingUrl}
                target="_blank"
                rel="noopener noreferrer"
                className="text-brand underline"
              >
                <bdi dir="ltr">{shipment.trackingNumber}</bdi>
              </a>
            ) : (
              <bdi dir="ltr">{shipment.trackingNumber}</bdi>
            )}
          </dd>
        </div>
        <div>
          <dt className="text-muted">{t('order.shippedAt')}</dt>
          <dd>{dateTime(shipment.shippedAt)}</dd>
        </div>
      </dl>
    </Panel>
  );
}

function Timeline({ order }: { order: AdminOrder }) {
  const { t } = useAdminTranslation();
  const { dateTime } = useDateFormat();
  return (
    <Panel id="timeline-heading" title={t('order.timeline')}>
      <ol className="flex flex-col gap-3 border-s-2 border-neutral-200 ps-4 text-sm">
        {order.timeline.map((event, index) => (
          <li key={`${event.type}-${event.at}-${index}`}>
            <span className="font-medium">{t(`events.${event.type}`)}</span>
            {event.amount !== null && (
              <>
                {' '}
                <Money amount={event.amount} currency={order.currency} />
              </>
            )}
            <span className="block text-muted">{dateTime(event.at)}</span>
            {event.note && (
              <span className="block">
                <bdi>{event.note}</bdi>
              </span>
            )}
          </li>
        ))}
      </ol>
    </Panel>
  );
}

function Mails({ order }: { order: AdminOrder }) {
  const { t } = useAdminTranslation();
  const { t: shopT } = useTranslation();
  const { may } = useStaff();
  const { dateTime } = useDateFormat();
  const [resend, { isLoading }] = useResendMailMutation();
  const [notice, setNotice] = useState<{ text: string; failed: boolean }>();
  const noticeRef = useRef<HTMLParagraphElement>(null);

  const resendMail = async (mailId: number) => {
    const result = await resend({ orderId: order.id, mailId });
    setNotice(
      result.error
        ? { text: apiErrorMessage(shopT, result.error), failed: true }
        : { text: t('mails.resent'), failed: false },
    );
    noticeRef.current?.focus();
  };

  return (
    <Panel id="mails-heading" title={t('mails.title')}>
      <p
        ref={noticeRef}
        tabIndex={-1}
        role="status"
        className={
          notice ? `mb-3 text-sm ${notice.failed ? 'text-brand' : 'text-emerald-800'}` : 'sr-only'
        }
      >
        {notice?.text}
      </p>
      {order.mails.length === 0 ? (
        <p className="text-sm text-muted">{t('mails.none')}</p>
      ) : (
        <ul className="flex flex-col divide-y divide-neutral-100 text-sm">
          {order.mails.map((mail) => (
            <li key={mail.id} className="flex flex-wrap items-center gap-x-4 gap-y-1 py-3">
              <div className="min-w-0 basis-full sm:flex-1 sm:basis-auto">
                <p className="font-medium">{t(`mails.kind.${mail.kind}`)}</p>
                <p className="break-all text-muted">
                  <bdi>{mail.to}</bdi>
                </p>
                <p className="text-muted">
                  {mail.sentAt
                    ? t('mails.sentAt', { date: dateTime(mail.sentAt) })
                    : t('mails.createdAt', { date: dateTime(mail.createdAt) })}
                  {mail.attempts > 1 && ` · ${t('mails.attempts', { count: mail.attempts })}`}
                </p>
                {mail.status !== 'sent' && mail.lastError && (
                  <p className="break-all text-brand">
                    <bdi>{mail.lastError}</bdi>
                  </p>
                )}
              </div>
              <StatusBadge state={mail.status}>{t(`mails.status.${mail.status}`)}</StatusBadge>
              {may('orders.mail') && (
                <button
                  type="button"
                  disabled={isLoading}
                  onClick={() => void resendMail(mail.id)}
                  aria-label={t('mails.resendLabel', { kind: t(`mails.kind.${mail.kind}`) })}
                  className="min-h-11 rounded border border-neutral-400 px-4 hover:border-neutral-900 disabled:text-neutral-400"
                >
                  {t('mails.resend')}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}

function History({ order }: { order: AdminOrder }) {
  const { t } = useAdminTranslation();
  const { dateTime } = useDateFormat();
  return (
    <Panel id="history-heading" title={t('order.history')}>
      {order.history.length === 0 ? (
        <p className="text-sm text-muted">{t('order.noHistory')}</p>
      ) : (
        <ol className="flex flex-col gap-3 text-sm">
          {order.history.map((entry, index) => (
            <li key={`${entry.at}-${index}`}>
              <span className="font-medium">
                {/* A refund that leaves the status as it was reads as what was done. */}
                {entry.from && entry.to && entry.from !== entry.to
                  ? t('order.historyMove', {
                      from: t(`status.${entry.from}`),
                      to: t(`status.${entry.to}`),
                    })
                  : t(`auditActions.${entry.action}`, { defaultValue: entry.action })}
              </span>
              <span className="block text-muted">
                <bdi>{actorName({ email: entry.actorEmail }, t)}</bdi> · {dateTime(entry.at)}
              </span>
            </li>
          ))}
        </ol>
      )}
    </Panel>
  );
}
