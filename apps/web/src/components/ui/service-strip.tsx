import { textIn } from '@souq/contracts/languages';
import { useTranslation } from 'react-i18next';
import { useFreeDeliveryFrom, useShopSettings } from '../../lib/shop-settings';
import { HeadsetIcon, ShieldCheckIcon, TruckIcon } from './icons';
import { moneyInText } from '../../lib/money';

/**
 * Delivery, support and money-back promises, each in a ringed icon (home and about pages). The
 * delivery promise names the amount from which every delivery zone is free, and is left out
 * where the zones make no such promise; the support promise gives the opening hours from the
 * shop settings, so it says what the contact page and the footer say.
 */
export function ServiceStrip() {
  const { t, i18n } = useTranslation();
  const { currency, openingHours } = useShopSettings();
  const freeFrom = useFreeDeliveryFrom();
  const hours = textIn(openingHours, i18n.language);
  const services = [
    ...(freeFrom === null
      ? []
      : [
          {
            Icon: TruckIcon,
            title: t('service.deliveryTitle'),
            body: t('service.deliveryBody', {
              amount: moneyInText(freeFrom, currency, i18n.language),
            }),
          },
        ]),
    {
      Icon: HeadsetIcon,
      title: t('service.supportTitle'),
      body: hours || t('service.supportBody'),
    },
    { Icon: ShieldCheckIcon, title: t('service.moneyBackTitle'), body: t('service.moneyBackBody') },
  ];
  return (
    <section aria-label={t('service.label')} className="py-16">
      <ul
        className={`grid gap-12 text-center ${services.length === 3 ? 'sm:grid-cols-3' : 'sm:grid-cols-2'}`}
      >
        {services.map(({ Icon, title, body }) => (
          <li key={title} className="flex flex-col items-center gap-2">
            <span className="mb-4 flex size-20 items-center justify-center rounded-full bg-neutral-300">
              <span className="flex size-14 items-center justify-center rounded-full bg-black text-white">
                <Icon width={32} height={32} />
              </span>
            </span>
            <h3 className="text-lg font-semibold">{title}</h3>
            <p className="whitespace-pre-line text-sm">{body}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
