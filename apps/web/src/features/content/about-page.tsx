import type { ComponentType, SVGProps } from 'react';
import { useTranslation } from 'react-i18next';
import {
  BagIcon,
  InstagramIcon,
  LinkedinIcon,
  MoneyBagIcon,
  StoreIcon,
  TwitterIcon,
  CoinIcon,
} from '../../components/ui/icons';
import { ServiceStrip } from '../../components/ui/service-strip';
import { formatNumber } from '../../lib/number-format';
import { useShopSettings } from '../../lib/shop-settings';

const figures: {
  key: 'sellers' | 'monthlySales' | 'customers' | 'annualGross';
  value: number;
  Icon: ComponentType<SVGProps<SVGSVGElement>>;
}[] = [
  { key: 'sellers', value: 10_500, Icon: StoreIcon },
  { key: 'monthlySales', value: 33_000, Icon: CoinIcon },
  { key: 'customers', value: 45_500, Icon: BagIcon },
  { key: 'annualGross', value: 25_000, Icon: MoneyBagIcon },
];

const team = [
  { key: 'amira', initials: 'AM', hue: 'bg-amber-100 text-amber-900', handle: 'amira.souq' },
  { key: 'karim', initials: 'KH', hue: 'bg-sky-100 text-sky-900', handle: 'karim.souq' },
  { key: 'lina', initials: 'LF', hue: 'bg-emerald-100 text-emerald-900', handle: 'lina.souq' },
] as const;

const networks = [
  { name: 'X', Icon: TwitterIcon, url: (handle: string) => `https://x.com/${handle}` },
  {
    name: 'Instagram',
    Icon: InstagramIcon,
    url: (handle: string) => `https://www.instagram.com/${handle}`,
  },
  {
    name: 'LinkedIn',
    Icon: LinkedinIcon,
    url: (handle: string) => `https://www.linkedin.com/in/${handle}`,
  },
];

export default function AboutPage() {
  const { t, i18n } = useTranslation();
  const { shopName } = useShopSettings();
  const compact = (value: number) =>
    formatNumber(value, i18n.language, { notation: 'compact', maximumFractionDigits: 1 });
  return (
    <div className="mx-auto max-w-7xl px-4 py-12 md:py-20">
      <h1 className="sr-only">{t('pages.about.title', { shop: shopName })}</h1>
      <section className="grid items-center gap-10 lg:grid-cols-2">
        <div className="flex flex-col gap-6">
          <h2 className="text-4xl font-semibold md:text-5xl">{t('pages.about.storyTitle')}</h2>
          <p>{t('pages.about.story1', { shop: shopName })}</p>
          <p>{t('pages.about.story2', { shop: shopName })}</p>
        </div>
        <StoryArt />
      </section>

      <section aria-labelledby="about-figures" className="mt-20">
        <h2 id="about-figures" className="sr-only">
          {t('pages.about.figuresTitle', { shop: shopName })}
        </h2>
        <ul className="grid grid-cols-2 gap-4 md:gap-8 lg:grid-cols-4">
          {figures.map(({ key, value, Icon }) => (
            <li
              key={key}
              className="group flex flex-col items-center gap-3 rounded border border-neutral-300 px-2 py-6 text-center md:px-4 md:py-8 transition-colors hover:bg-brand hover:text-white"
            >
              <span className="mb-2 flex size-20 items-center justify-center rounded-full bg-neutral-300 group-hover:bg-white/30">
                <span className="flex size-14 items-center justify-center rounded-full bg-black text-white group-hover:bg-white group-hover:text-black">
                  <Icon width={32} height={32} />
                </span>
              </span>
              <span className="text-2xl font-bold md:text-3xl">{compact(value)}</span>
              <span className="text-sm">{t(`pages.about.${key}`)}</span>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="about-team" className="mt-24">
        <h2 id="about-team" className="mb-8 text-2xl font-semibold">
          {t('pages.about.teamTitle')}
        </h2>
        <ul className="grid gap-10 sm:grid-cols-2 lg:grid-cols-3">
          {team.map((member) => {
            const name = t(`pages.about.team.${member.key}.name`);
            return (
              <li key={member.key} className="flex flex-col gap-2">
                <div
                  aria-hidden="true"
                  className={`mb-4 flex aspect-[4/3] items-end justify-center rounded pt-8 ${member.hue}`}
                >
                  <span className="flex size-40 items-center justify-center rounded-t-full text-5xl font-semibold">
                    {member.initials}
                  </span>
                </div>
                <h3 className="text-2xl font-medium">{name}</h3>
                <p>{t(`pages.about.team.${member.key}.role`)}</p>
                <ul className="flex gap-4">
                  {networks.map(({ name: network, Icon, url }) => (
                    <li key={network}>
                      <a
                        href={url(member.handle)}
                        target="_blank"
                        rel="noopener noreferrer"
                        aria-label={t('pages.about.onNetwork', { name, network })}
                        className="block p-1 hover:text-brand"
                      >
                        <Icon width={20} height={20} />
                      </a>
                    </li>
                  ))}
                </ul>
              </li>
            );
          })}
        </ul>
      </section>

      <ServiceStrip />
    </div>
  );
}

/** A drawn shop front in the brand's colours, in place of a stock photo. */
function StoryArt() {
  return (
    <svg
      viewBox="0 0 600 460"
      aria-hidden="true"
      focusable="false"
      className="w-full rounded bg-[#eb7ea8]/20"
    >
      <rect
        x="90"
        y="150"
        width="420"
        height="250"
        rx="8"
        fill="#fff"
        stroke="#111"
        strokeWidth="4"
      />
      <path d="M70 150 110 70h380l40 80z" fill="#cf3333" stroke="#111" strokeWidth="4" />
      <path
        d="M70 150q38 40 77 0 38 40 77 0 38 40 77 0 38 40 77 0 38 40 77 0 38 40 77 0"
        fill="#fff"
        stroke="#111"
        strokeWidth="4"
      />
      <rect
        x="130"
        y="220"
        width="150"
        height="120"
        rx="6"
        fill="#f5f5f5"
        stroke="#111"
        strokeWidth="4"
      />
      <rect
        x="330"
        y="220"
        width="140"
        height="180"
        rx="6"
        fill="#f5f5f5"
        stroke="#111"
        strokeWidth="4"
      />
      <circle cx="445" cy="315" r="7" fill="#111" />
      <path d="M160 300h90M160 275h60" stroke="#cf3333" strokeWidth="10" strokeLinecap="round" />
      <path d="M0 400h600" stroke="#111" strokeWidth="4" />
    </svg>
  );
}
