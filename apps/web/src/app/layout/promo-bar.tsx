import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LanguageSelector } from './language-selector';
import { paths } from '../../lib/paths';

export function PromoBar() {
  const { t } = useTranslation();
  return (
    <div className="bg-black text-neutral-50">
      <div className="mx-auto flex max-w-7xl items-center gap-4 px-4 py-3 text-xs sm:text-sm">
        <p className="flex-1 text-center">
          {t('promo.text')}{' '}
          <Link to={paths.products} className="ms-2 font-semibold underline underline-offset-4">
            {t('promo.shopNow')}
          </Link>
        </p>
        <LanguageSelector />
      </div>
    </div>
  );
}
