import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { outlineLinkClass, primaryLinkClass } from '../../components/ui/button';
import { apiErrorMessage, isNotFound, isRateLimited } from '../../lib/api-error';
import { localized } from '../../lib/localized';
import { paths } from '../../lib/paths';
import { stockAlertsApi } from './stock-alerts-api';

/**
 * A back-in-stock mail's unsubscribe link: opening it ends the shopper's requests for the
 * product still waiting (one click, the same answer when opened again) and says so.
 */
export default function StockAlertUnsubscribePage() {
  const { t, i18n } = useTranslation();
  const { token = '' } = useParams();
  const [unsubscribe, { data, error }] = stockAlertsApi.useUnsubscribeStockAlertsMutation();

  useEffect(() => {
    void unsubscribe({ token });
  }, [token, unsubscribe]);

  let title = t('backInStock.unsubscribe.unsubscribing');
  let message: string | null = null;
  if (data) {
    const product = localized(data.product, 'name', i18n.language);
    title = t('backInStock.unsubscribe.unsubscribedTitle');
    message = t('backInStock.unsubscribe.unsubscribed', { product });
  } else if (error) {
    title = t('backInStock.unsubscribe.badLinkTitle');
    message = isNotFound(error)
      ? t('backInStock.unsubscribe.badLink')
      : isRateLimited(error)
        ? t('backInStock.tooFast')
        : apiErrorMessage(t, error);
  }

  return (
    <div className="mx-auto flex max-w-xl flex-col gap-6 px-4 py-16">
      <h1 className="text-3xl font-semibold">{title}</h1>
      {message && (
        <p role="status" className="text-lg">
          {message}
        </p>
      )}
      {data && <p className="text-neutral-700">{t('backInStock.unsubscribe.askAgain')}</p>}
      {(data ?? error) && (
        <div className="flex flex-col gap-4 sm:flex-row sm:flex-wrap">
          {data && (
            <Link to={paths.product(data.product.id)} className={primaryLinkClass}>
              {t('backInStock.unsubscribe.toProduct', {
                product: localized(data.product, 'name', i18n.language),
              })}
            </Link>
          )}
          <Link to={paths.home} className={data ? outlineLinkClass : primaryLinkClass}>
            {t('backInStock.unsubscribe.toShop')}
          </Link>
        </div>
      )}
    </div>
  );
}
