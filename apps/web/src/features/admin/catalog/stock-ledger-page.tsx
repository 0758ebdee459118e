import { Link, useParams, useSearchParams } from 'react-router';
import { useAdminTranslation } from '../shared/admin-i18n';
import { adminPaths } from '../shared/admin-paths';
import { useGetAdminProductQuery, useGetStockMovementsQuery } from './catalog-api';
import { LoadError, Loading, PageHeading, Pager, useDateFormat } from '../shared/page-parts';

/** A product's stock ledger, newest first: every change of every variant's stock. */
export function StockLedgerPage() {
  const { t, i18n } = useAdminTranslation();
  const { dateTime } = useDateFormat();
  const id = Number(useParams().id);
  const [params] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const product = useGetAdminProductQuery(id);
  const ledger = useGetStockMovementsQuery({ id, page }, { refetchOnMountOrArgChange: true });
  const number = new Intl.NumberFormat(i18n.language, { signDisplay: 'exceptZero' });
  const plain = new Intl.NumberFormat(i18n.language);
  const cell = 'px-3 py-2';
  return (
    <>
      <PageHeading title={t('ledger.title', { name: product.data?.name ?? '' })}>
        <Link to={adminPaths.product(id)} className="ms-auto underline hover:text-brand">
          {t('ledger.backToProduct')}
        </Link>
      </PageHeading>
      {ledger.error ? (
        <LoadError error={ledger.error} onRetry={() => void ledger.refetch()} />
      ) : !ledger.data ? (
        <Loading />
      ) : ledger.data.items.length === 0 ? (
        <p className="rounded bg-white p-6 text-muted">{t('ledger.none')}</p>
      ) : (
        <div>
          {/* Phones: one card per movement; wider screens: the table. */}
          <ul className="flex flex-col gap-3 md:hidden">
            {ledger.data.items.map((m) => (
              <li key={m.id} className="flex flex-col gap-1 rounded bg-white p-4 text-sm shadow-sm">
                <span className="flex items-baseline justify-between gap-3">
                  <bdi className="font-medium">{variantLabel(m.variant)}</bdi>
                  <span>
                    <bdi dir="ltr" className="font-medium">
                      {number.format(m.change)}
                    </bdi>{' '}
                    <span className="text-muted">
                      {t('ledger.after')}: {plain.format(m.stockAfter)}
                    </span>
                  </span>
                </span>
                {m.variant.sku && (
                  <bdi dir="ltr" className="break-all text-muted">
                    {m.variant.sku}
                  </bdi>
                )}
                <span className="flex flex-wrap items-baseline justify-between gap-3">
                  <span>
                    {t(`ledger.reasons.${m.reason}`)}
                    {m.note && <span className="text-muted"> · {m.note}</span>}
                  </span>
                  {m.order && (
                    <Link to={adminPaths.order(m.order.id)} className="text-brand hover:underline">
                      <bdi dir="ltr">{m.order.number}</bdi>
                    </Link>
                  )}
                </span>
                <span className="text-muted">
                  {dateTime(m.at)} · <bdi>{m.actorEmail ?? t('ledger.shopper')}</bdi>
                </span>
              </li>
            ))}
          </ul>
          <table className="hidden w-full rounded bg-white text-sm shadow-sm md:table">
            <caption className="sr-only">{t('ledger.caption')}</caption>
            <thead>
              <tr className="border-b border-neutral-300 text-muted">
                {['when', 'variant', 'change', 'after', 'reason', 'order', 'who'].map((h) => (
                  <th key={h} scope="col" className={`${cell} text-start font-normal`}>
                    {t(`ledger.${h}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {ledger.data.items.map((m) => (
                <tr key={m.id} className="border-b border-neutral-100 last:border-0">
                  <td className={`${cell} whitespace-nowrap`}>{dateTime(m.at)}</td>
                  <td className={cell}>
                    <bdi>{variantLabel(m.variant)}</bdi>
                    {m.variant.sku && (
                      <bdi dir="ltr" className="block text-muted">
                        {m.variant.sku}
                      </bdi>
                    )}
                  </td>
                  <td className={`${cell} font-medium`}>
                    <bdi dir="ltr">{number.format(m.change)}</bdi>
                  </td>
                  <td className={cell}>{plain.format(m.stockAfter)}</td>
                  <td className={cell}>
                    {t(`ledger.reasons.${m.reason}`)}
                    {m.note && <span className="block text-muted">{m.note}</span>}
                  </td>
                  <td className={cell}>
                    {m.order ? (
                      <Link
                        to={adminPaths.order(m.order.id)}
                        className="text-brand hover:underline"
                      >
                        <bdi dir="ltr">{m.order.number}</bdi>
                      </Link>
                    ) : (
                      '—'
                    )}
                  </td>
                  <td className={cell}>
                    <bdi>{m.actorEmail ?? t('ledger.shopper')}</bdi>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <Pager
            page={page}
            hasMore={ledger.data.hasMore}
            hrefFor={(n) => `${adminPaths.stockLedger(id)}?page=${n}`}
          />
        </div>
      )}
    </>
  );
}

/** A variant as the ledger names it: colour / size, or a dash for a product's only variant. */
function variantLabel(variant: { colour: string | null; size: string | null }): string {
  return [variant.colour, variant.size].filter(Boolean).join(' / ') || '—';
}
