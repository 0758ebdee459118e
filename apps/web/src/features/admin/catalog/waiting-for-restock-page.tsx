import { Link } from 'react-router';
import { localized } from '../../../lib/localized';
import { useAdminTranslation } from '../shared/admin-i18n';
import { adminPaths } from '../shared/admin-paths';
import { Loaded, PageHeading } from '../shared/page-parts';
import { useGetWaitingForRestockQuery } from './catalog-api';
import { useVariantName } from './stock-adjustment-form';

/**
 * The sold-out colours and sizes shoppers asked to be told about, the most asked first, each
 * linking to its product, where the stock is adjusted.
 */
export function WaitingForRestockPage() {
  const { t, i18n } = useAdminTranslation();
  const variantName = useVariantName();
  const waiting = useGetWaitingForRestockQuery(undefined, { refetchOnMountOrArgChange: true });
  const number = new Intl.NumberFormat(i18n.language);
  const cell = 'px-3 py-2';
  return (
    <>
      <PageHeading title={t('restock.title')} />
      <p className="mb-4 max-w-3xl text-muted">{t('restock.intro')}</p>
      <Loaded query={waiting}>
        {({ items }) =>
          items.length === 0 ? (
            <p className="rounded bg-white p-6 text-muted">{t('restock.none')}</p>
          ) : (
            <div>
              {/* Phones: one card per variant; wider screens: the table. */}
              <ul className="flex flex-col gap-3 md:hidden">
                {items.map((item) => (
                  <li key={item.variantId} className="rounded bg-white shadow-sm">
                    <Link
                      to={adminPaths.product(item.productId)}
                      className="flex min-h-11 flex-col gap-1 p-4 text-sm hover:bg-neutral-50"
                    >
                      <span className="flex items-baseline justify-between gap-3">
                        <bdi className="font-medium text-brand">
                          {localized(item, 'name', i18n.language)}
                        </bdi>
                        <span className="shrink-0 font-medium">
                          {t('restock.waitingCount', { count: item.waiting })}
                        </span>
                      </span>
                      <span className="text-muted">
                        <bdi>{variantName(item)}</bdi> · {t('restock.stock')}:{' '}
                        {number.format(item.stock)}
                      </span>
                    </Link>
                  </li>
                ))}
              </ul>
              <table className="hidden w-full rounded bg-white text-sm shadow-sm md:table">
                <caption className="sr-only">{t('restock.caption')}</caption>
                <thead>
                  <tr className="border-b border-neutral-300 text-muted">
                    {['product', 'variant', 'stock', 'waiting'].map((h) => (
                      <th key={h} scope="col" className={`${cell} text-start font-normal`}>
                        {t(`restock.${h}`)}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {items.map((item) => (
                    <tr key={item.variantId} className="border-b border-neutral-100 last:border-0">
                      <td className={cell}>
                        <Link
                          to={adminPaths.product(item.productId)}
                          className="text-brand hover:underline"
                        >
                          <bdi>{localized(item, 'name', i18n.language)}</bdi>
                        </Link>
                      </td>
                      <td className={cell}>
                        <bdi>{variantName(item)}</bdi>
                      </td>
                      <td className={cell}>{number.format(item.stock)}</td>
                      <td className={`${cell} font-medium`}>{number.format(item.waiting)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )
        }
      </Loaded>
    </>
  );
}
