import { lazy, Suspense, type ReactNode } from 'react';
import { appOfferAmount } from '@souq/contracts/app-offer';
import { languageOf, textIn } from '@souq/contracts/languages';
import type { SocialNetwork } from '@souq/contracts/shop-settings';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { HydrateInTurn } from '../../components/ui/hydrate-in-turn';
import { FacebookIcon, InstagramIcon, LinkedinIcon, TwitterIcon } from '../../components/ui/icons';
import { LazySection } from '../../components/ui/lazy-section';
import { nextTurn } from '../../lib/hydration-turns';
import { moneyInText } from '../../lib/money';
import { paths } from '../../lib/paths';
import { addressLines, telHref, useShopSettings } from '../../lib/shop-settings';

// The form brings its validation schema and the API client: they load once the page has loaded
// and the browser is idle, or sooner if the footer comes into view; never while a page is still
// loading above it (its loader leaves the footer just off screen).
// Its module's evaluation (with zod) and its first render run in separate tasks.
// Registers the service worker and offers installation, loaded as the newsletter form is.
const AppInstall = lazy(() =>
  import('./app-install').then((module) => ({ default: module.AppInstall })),
);
const NewsletterForm = lazy(() =>
  import('./newsletter-form').then(async (module) => {
    await nextTurn();
    return { default: module.NewsletterForm };
  }),
);

/** The networks the owner may link to (shop settings), in the footer's order. */
const socialIcons: Record<SocialNetwork, { label: string; Icon: typeof FacebookIcon }> = {
  instagram: { label: 'Instagram', Icon: InstagramIcon },
  facebook: { label: 'Facebook', Icon: FacebookIcon },
  x: { label: 'X', Icon: TwitterIcon },
  linkedin: { label: 'LinkedIn', Icon: LinkedinIcon },
};

export function Footer() {
  const { t, i18n } = useTranslation();
  const shop = useShopSettings();
  const year = new Date().getFullYear();
  const { intlLocale } = languageOf(i18n.language);
  const address = addressLines(shop, i18n.language);
  const appOffer = appOfferAmount(shop);
  const hours = textIn(shop.openingHours, i18n.language);
  const socialLinks = (Object.keys(socialIcons) as SocialNetwork[]).filter(
    (network) => shop.socialLinks[network] !== '',
  );
  return (
    <footer className="mt-20 bg-black text-neutral-50">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-16 sm:grid-cols-2 lg:grid-cols-5">
        <FooterColumn title={shop.shopName}>
          <p className="text-lg font-medium">{t('footer.subscribe')}</p>
          <p id="newsletter-hint">{t('footer.newsletterOffer')}</p>
          <LazySection placeholder={<div className="h-12" />} ahead="0px" orOnceIdle>
            <Suspense fallback={<div className="h-12" />}>
              <NewsletterForm />
            </Suspense>
          </LazySection>
        </FooterColumn>
        <FooterColumn title={t('footer.support')}>
          {address.length > 0 && (
            <address className="not-italic">
              {address.map((line) => (
                // Each line keeps its own direction (a Latin street on an Arabic page stays in
                // order) and the column's alignment.
                <span key={line} className="block">
                  <bdi>{line}</bdi>
                </span>
              ))}
            </address>
          )}
          {shop.supportEmail && (
            <a href={`mailto:${shop.supportEmail}`} className="self-start hover:underline">
              {shop.supportEmail}
            </a>
          )}
          {shop.supportPhone && (
            <a
              href={telHref(shop.supportPhone)}
              // Left-to-right digits, still placed at the start edge of the column.
              className="self-start hover:underline"
              dir="ltr"
            >
              {shop.supportPhone}
            </a>
          )}
          {hours && <p className="whitespace-pre-line text-sm text-neutral-300">{hours}</p>}
        </FooterColumn>
        <FooterColumn title={t('footer.account')}>
          <FooterLink to={paths.account}>{t('footer.myAccount')}</FooterLink>
          <FooterLink to={paths.login}>{t('footer.loginRegister')}</FooterLink>
          <FooterLink to={paths.cart}>{t('footer.cart')}</FooterLink>
          <FooterLink to={paths.wishlist}>{t('footer.wishlist')}</FooterLink>
          <FooterLink to={paths.products}>{t('footer.shop')}</FooterLink>
        </FooterColumn>
        <FooterColumn title={t('footer.quickLink')}>
          <FooterLink to={paths.privacyPolicy}>{t('footer.privacyPolicy')}</FooterLink>
          <FooterLink to={paths.termsOfUse}>{t('footer.termsOfUse')}</FooterLink>
          <FooterLink to={paths.faq}>{t('footer.faq')}</FooterLink>
          <FooterLink to={paths.contact}>{t('footer.contact')}</FooterLink>
        </FooterColumn>
        <FooterColumn title={t('footer.downloadApp')}>
          {appOffer > 0 && (
            <p className="text-xs text-neutral-300">
              {t('footer.appOffer', { amount: moneyInText(appOffer, shop.currency, intlLocale) })}
            </p>
          )}
          <LazySection placeholder={<div className="h-11" />} ahead="0px" orOnceIdle>
            <Suspense fallback={<div className="h-11" />}>
              <AppInstall />
            </Suspense>
          </LazySection>
          {socialLinks.length > 0 && (
            <ul className="mt-2 flex gap-2">
              {socialLinks.map((network) => {
                const { label, Icon } = socialIcons[network];
                return (
                  <li key={network}>
                    <a
                      href={shop.socialLinks[network]}
                      aria-label={label}
                      rel="noopener noreferrer"
                      target="_blank"
                      className="flex size-11 items-center justify-center hover:text-brand"
                    >
                      <Icon />
                    </a>
                  </li>
                );
              })}
            </ul>
          )}
        </FooterColumn>
      </div>
      <div className="border-t border-neutral-800 px-4 py-6 text-center text-sm text-neutral-400">
        <p>
          © {year} <bdi>{shop.legalName || shop.shopName}</bdi> · {t('footer.allRightsReserved')}
        </p>
        {shop.vatNumber && (
          <p className="mt-1">
            {t('footer.vatNumber')} <bdi dir="ltr">{shop.vatNumber}</bdi>
          </p>
        )}
      </div>
    </footer>
  );
}

/** Each column hydrates in a turn of its own (lib/hydration-turns.ts). */
function FooterColumn({ title, children }: { title: string; children: ReactNode }) {
  return (
    <HydrateInTurn>
      <section className="flex flex-col gap-4">
        <h2 className="text-xl font-medium">{title}</h2>
        {children}
      </section>
    </HydrateInTurn>
  );
}

function FooterLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className="hover:underline">
      {children}
    </Link>
  );
}
