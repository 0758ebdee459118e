import { Link, useParams, useSearchParams } from 'react-router';
import { useAdminTranslation } from './admin-i18n';
import { adminPaths } from './admin-paths';
import { useGetAdminProductQuery, useGetStockMovementsQuery } from './catalog-api';
import { LoadError, Loading, PageHeading, Pager, useDateFormat } from './page-parts';

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
        <div className="overflow-x-auto">
          <table className="w-full rounded bg-white text-sm shadow-sm">
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
                    <bdi>
                      {[m.variant.colour, m.variant.size].filter(Boolean).join(' / ') || '—'}
                    </bdi>
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
