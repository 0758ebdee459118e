import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import { PageLoader } from '../../components/ui/spinner';
import { withNext } from '../../lib/safe-next';
import { useGetSessionQuery } from '../../lib/session-api';
import { AddressBookSection } from './address-book-section';
import { OrdersSection } from './orders-section';
import { PasswordSection } from './password-section';
import { ProfileSection } from './profile-section';
import { paths } from '../../lib/paths';

/** "Manage My Account", for signed-in shoppers only; visitors are sent to log in and back. */
export default function AccountPage() {
  const { t } = useTranslation();
  const { data, isFetching, isError } = useGetSessionQuery(undefined, {
    refetchOnMountOrArgChange: true,
  });
  if (!data?.user) {
    // A cached "signed out" may be stale (just signed in): wait for the fresh answer.
    if (isFetching || (!data && !isError)) return <PageLoader />;
    return <Navigate to={withNext(paths.login, '/account')} replace />;
  }

  const links = [
    { href: '#profile', label: t('account.nav.profile') },
    { href: '#password', label: t('account.nav.password') },
    { href: '#addresses', label: t('account.nav.addresses') },
  ];

  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-10 px-4 py-10 lg:py-16">
      <div className="flex flex-wrap items-center justify-between gap-4 text-sm">
        <nav aria-label={t('account.breadcrumb')}>
          <ol className="flex gap-2 text-muted">
            <li>
              <Link to={paths.home} className="hover:text-neutral-900">
                {t('account.home')}
              </Link>
            </li>
            <li aria-hidden="true">/</li>
            <li aria-current="page" className="text-neutral-900">
              {t('account.myAccount')}
            </li>
          </ol>
        </nav>
        <p>
          {t('account.welcome')} <span className="text-brand">{data.user.name}</span>
        </p>
      </div>
      <div className="grid gap-10 lg:grid-cols-[14rem_1fr]">
        <aside className="flex flex-col gap-6">
          <h1 className="text-lg font-medium">{t('account.title')}</h1>
          <ul className="flex flex-col gap-2 ps-4 text-muted lg:ps-8">
            {links.map((link) => (
              <li key={link.href}>
                <a href={link.href} className="hover:text-brand">
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
          <div className="flex flex-col gap-2">
            <a href="#orders" className="font-medium hover:text-brand">
              {t('account.nav.orders')}
            </a>
            <Link to={paths.myCancellations} className="ps-4 text-muted hover:text-brand lg:ps-8">
              {t('account.nav.cancellations')}
            </Link>
          </div>
          <Link to={paths.wishlist} className="font-medium hover:text-brand">
            {t('account.nav.wishlist')}
          </Link>
        </aside>
        <div className="flex min-w-0 flex-col gap-8">
          <ProfileSection />
          <PasswordSection />
          <AddressBookSection />
          <OrdersSection />
        </div>
      </div>
    </div>
  );
}
