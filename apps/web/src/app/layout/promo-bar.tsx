import { textIn } from '@souq/contracts/languages';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useShopSettings } from '../../lib/shop-settings';
import { LanguageSelector } from './language-selector';

/** The owner's promo text and link (shop settings), when on, beside the language picker. */
export function PromoBar() {
  const { t, i18n } = useTranslation();
  const { promoBar } = useShopSettings();
  const text = promoBar.enabled ? textIn(promoBar.text, i18n.language) : '';
  const linkClass = 'ms-2 font-semibold underline underline-offset-4';
  return (
    <div className="bg-black text-neutral-50">
      <div className="mx-auto flex max-w-7xl items-center gap-4 px-4 py-3 text-xs sm:text-sm">
        <p className="flex-1 text-center">
          {text}{' '}
          {text &&
            promoBar.link &&
            (promoBar.link.startsWith('/') ? (
              <Link to={promoBar.link} className={linkClass}>
                {t('promo.shopNow')}
              </Link>
            ) : (
              <a href={promoBar.link} rel="noopener" className={linkClass}>
                {t('promo.shopNow')}
              </a>
            ))}
        </p>
        <LanguageSelector />
      </div>
    </div>
  );
}
