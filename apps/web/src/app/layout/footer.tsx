import { lazy, Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { HydrateInTurn } from '../../components/ui/hydrate-in-turn';
import { FacebookIcon, InstagramIcon, LinkedinIcon, TwitterIcon } from '../../components/ui/icons';
import { LazySection } from '../../components/ui/lazy-section';
import { nextTurn } from '../../lib/hydration-turns';
import { paths } from '../../lib/paths';

// The form brings its validation schema and the API client: they load once the page has loaded
// and the browser is idle, or sooner if the footer comes into view; never while a page is still
// loading above it (its loader leaves the footer just off screen).
// Its module's evaluation (with zod) and its first render run in separate tasks.
const NewsletterForm = lazy(() =>
  import('./newsletter-form').then(async (module) => {
    await nextTurn();
    return { default: module.NewsletterForm };
  }),
);

const SUPPORT_EMAIL = 'support@souq.example';
const SUPPORT_PHONE = '+1 (555) 010-8899';

const socialLinks = [
  { href: 'https://www.facebook.com/', label: 'Facebook', Icon: FacebookIcon },
  { href: 'https://x.com/', label: 'X', Icon: TwitterIcon },
  { href: 'https://www.instagram.com/', label: 'Instagram', Icon: InstagramIcon },
  { href: 'https://www.linkedin.com/', label: 'LinkedIn', Icon: LinkedinIcon },
];

export function Footer() {
  const { t } = useTranslation();
  const year = new Date().getFullYear();
  return (
    <footer className="mt-20 bg-black text-neutral-50">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-16 sm:grid-cols-2 lg:grid-cols-5">
        <FooterColumn title="Souq">
          <p className="text-lg font-medium">{t('footer.subscribe')}</p>
          <p id="newsletter-hint">{t('footer.newsletterOffer')}</p>
          <LazySection placeholder={<div className="h-12" />} ahead="0px" orOnceIdle>
            <Suspense fallback={<div className="h-12" />}>
              <NewsletterForm />
            </Suspense>
          </LazySection>
        </FooterColumn>
        <FooterColumn title={t('footer.support')}>
          <p>{t('footer.address')}</p>
          <a href={`mailto:${SUPPORT_EMAIL}`} className="hover:underline">
            {SUPPORT_EMAIL}
          </a>
          <a
            href={`tel:${SUPPORT_PHONE.replace(/[^+\d]/g, '')}`}
            // Left-to-right digits, still placed at the start edge of the column.
            className="self-start hover:underline"
            dir="ltr"
          >
            {SUPPORT_PHONE}
          </a>
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
          <p className="text-xs text-neutral-300">{t('footer.appOffer')}</p>
          <p className="text-sm">{t('footer.appComingSoon')}</p>
          <ul className="mt-2 flex gap-6">
            {socialLinks.map(({ href, label, Icon }) => (
              <li key={label}>
                <a
                  href={href}
                  aria-label={label}
                  rel="noopener noreferrer"
                  target="_blank"
                  className="hover:text-brand"
                >
                  <Icon />
                </a>
              </li>
            ))}
          </ul>
        </FooterColumn>
      </div>
      <p className="border-t border-neutral-800 py-6 text-center text-sm text-neutral-400">
        {t('footer.copyright', { year })}
      </p>
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
