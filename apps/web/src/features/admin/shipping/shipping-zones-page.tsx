import { Link } from 'react-router';
import { textIn } from '@souq/contracts/languages';
import type { ShippingZone } from '@souq/contracts/shipping';
import { primaryLinkClass } from '../../../components/ui/button';
import { Money } from '../../../components/ui/price';
import { DeliveryWindow } from '../../../components/ui/shipping-method';
import { countryName } from '../../../lib/country-names';
import { useAdminTranslation } from '../shared/admin-i18n';
import { useShopSettings } from '../../../lib/shop-settings';
import { adminPaths } from '../shared/admin-paths';
import { Loaded, PageHeading } from '../shared/page-parts';
import { useGetShippingZonesQuery } from './shipping-api';

/** Where the shop delivers: each zone with its places and its methods' prices and windows. */
export function ShippingZonesPage() {
  const { t } = useAdminTranslation();
  const zones = useGetShippingZonesQuery(undefined, { refetchOnMountOrArgChange: true });
  return (
    <>
      <PageHeading title={t('shipping.title')}>
        <Link to={adminPaths.newShippingZone} className={`${primaryLinkClass} ms-auto min-h-11`}>
          {t('shipping.new')}
        </Link>
      </PageHeading>
      <p className="mb-4 text-sm text-muted">{t('shipping.intro')}</p>
      <Loaded query={zones}>
        {(data) =>
          data.items.length === 0 ? (
            <p className="rounded bg-white p-6 text-muted">{t('shipping.none')}</p>
          ) : (
            <ul className="flex flex-col gap-3">
              {data.items.map((zone) => (
                <ZoneRow key={zone.id} zone={zone} />
              ))}
            </ul>
          )
        }
      </Loaded>
    </>
  );
}

function ZoneRow({ zone }: { zone: ShippingZone }) {
  const { currency } = useShopSettings();
  const { t, i18n } = useAdminTranslation();
  const places =
    zone.countries.length === 0
      ? t('shipping.restOfWorld')
      : zone.countries.map((code) => countryName(code, i18n.language)).join(', ');
  return (
    <li>
      <Link
        to={adminPaths.shippingZone(zone.id)}
        className="flex flex-col gap-2 rounded bg-white p-4 shadow-sm hover:outline hover:outline-1 hover:outline-brand"
      >
        <span className="flex flex-wrap items-baseline gap-x-3">
          <bdi className="font-medium text-brand">{zone.name}</bdi>
          <span className="text-sm text-muted">
            {places}
            {zone.areas.length > 0 && ` · ${zone.areas.join(', ')}`}
          </span>
        </span>
        <ul className="flex flex-col gap-1 text-sm">
          {zone.methods.map((method) => (
            <li key={method.id} className="flex flex-wrap gap-x-3">
              <bdi className="font-medium">{textIn(method.name, i18n.language)}</bdi>
              <Money amount={method.price} currency={currency} />
              <span className="text-muted">
                <DeliveryWindow minDays={method.minDays} maxDays={method.maxDays} />
              </span>
              {method.cashOnDelivery && (
                <span className="text-muted">{t('shipping.cashOnDeliveryShort')}</span>
              )}
            </li>
          ))}
        </ul>
      </Link>
    </li>
  );
}
