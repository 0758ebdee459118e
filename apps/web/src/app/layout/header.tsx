import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import { HydrateInTurn } from '../../components/ui/hydrate-in-turn';
import { CartIcon, HeartIcon, UserIcon } from '../../components/ui/icons';
import { useAppSelector } from '../../store/hooks';
import { selectCartCount } from '../../store/cart-slice';
import { selectWishlistCount } from '../../store/wish-slice';
import { CategoryMenu } from './category-menu';
import { MobileMenu } from './mobile-menu';
import { visibleNavLinks } from './nav-links';
import { PromoBar } from './promo-bar';
import { MobileSearch, SearchForm } from './search-form';
import { ShopLogo } from './shop-logo';
import { paths } from '../../lib/paths';

// A signed-in shopper's menu, known only once the session has been read: never part of the
// server's page, so it loads then, and the account link stands in for it meanwhile.
const AccountMenu = lazy(() =>
  import('./account-menu').then(({ AccountMenu }) => ({ default: AccountMenu })),
);

export function Header() {
  const { t } = useTranslation();
  const signedIn = useAppSelector((s) => s.ui.user);
  const showCartIcons = useAppSelector((s) => s.ui.cartIconsVisible);
  const cartCount = useAppSelector(selectCartCount);
  const wishlistCount = useAppSelector(selectWishlistCount);
  const links = visibleNavLinks(signedIn);
  const accountLink = (
    <Link
      to={paths.account}
      aria-label={t('nav.account')}
      className="rounded-full p-1 hover:text-brand"
    >
      <UserIcon />
    </Link>
  );

  return (
    <header className="border-b border-neutral-200">
      <HydrateInTurn>
        <PromoBar />
      </HydrateInTurn>
      <div className="mx-auto flex max-w-7xl items-center gap-3 px-4 pb-4 pt-6 md:gap-6 lg:pt-10">
        <HydrateInTurn>
          <MobileMenu links={links} signedIn={signedIn} />
        </HydrateInTurn>
        <Link to={paths.home} className="text-2xl font-bold tracking-wide">
          <ShopLogo />
        </Link>
        <nav aria-label={t('nav.main')} className="mx-auto hidden md:block">
          <ul className="flex gap-8 lg:gap-12">
            <li>
              <HydrateInTurn>
                <CategoryMenu />
              </HydrateInTurn>
            </li>
            {links.map((link) => (
              <li key={link.to}>
                <NavLink
                  to={link.to}
                  end={link.end}
                  className={({ isActive }) =>
                    `pb-1 hover:text-brand ${isActive ? 'border-b-2 border-neutral-400' : ''}`
                  }
                >
                  {t(link.labelKey)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="ms-auto flex items-center gap-4 md:ms-0">
          <HydrateInTurn>
            <SearchForm />
          </HydrateInTurn>
          <HydrateInTurn>
            <MobileSearch />
          </HydrateInTurn>
          {showCartIcons && (
            <>
              <CountLink to={paths.wishlist} label={t('nav.wishlist')} count={wishlistCount}>
                <HeartIcon />
              </CountLink>
              <CountLink to={paths.cart} label={t('nav.cart')} count={cartCount}>
                <CartIcon />
              </CountLink>
            </>
          )}
          {signedIn ? (
            <Suspense fallback={accountLink}>
              <AccountMenu />
            </Suspense>
          ) : (
            accountLink
          )}
        </div>
      </div>
    </header>
  );
}

function CountLink({
  to,
  label,
  count,
  children,
}: {
  to: string;
  label: string;
  count: number;
  children: React.ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Link
      to={to}
      aria-label={count > 0 ? t('nav.withCount', { label, count }) : label}
      className="relative p-1 hover:text-brand"
    >
      {children}
      {count > 0 && (
        <span
          data-testid={`${to.slice(1)}-count`}
          aria-hidden="true"
          className="absolute -end-1 -top-1 flex size-5 items-center justify-center rounded-full bg-brand text-xs text-white"
        >
          {count > 99 ? '99+' : count}
        </span>
      )}
    </Link>
  );
}
