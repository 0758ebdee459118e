import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { primaryLinkClass } from '../../components/ui/button';
import { withNext } from '../../lib/safe-next';
import { paths } from '../../lib/paths';

/** What a visitor sees on an order page: a way to log in and come back here. */
export function SignInToSee() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <div className="flex flex-col items-start gap-4">
      <p className="text-muted">{t('orders.signInToSee')}</p>
      <Link to={withNext(paths.login, pathname)} className={primaryLinkClass}>
        {t('orders.signIn')}
      </Link>
    </div>
  );
}
