import { useTranslation } from 'react-i18next';
import { useShopSettings } from '../../lib/shop-settings';
import { dateFormat } from '../../lib/date-format';

/** When the policy texts last changed; shown in the shopper's date format. */
const LAST_UPDATED = new Date('2026-11-01T00:00:00Z');

/** A policy page: title, last-updated date, an introduction and titled sections. */
export function LegalPage({
  area,
  sections,
}: {
  area: 'privacy' | 'terms';
  sections: readonly string[];
}) {
  const { t, i18n } = useTranslation();
  const { shopName } = useShopSettings();
  const updated = dateFormat(i18n.language, {
    dateStyle: 'long',
    timeZone: 'UTC',
  }).format(LAST_UPDATED);
  return (
    <article className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-12 md:py-16">
      <header className="flex flex-col gap-2">
        <h1 className="text-3xl font-semibold">{t(`pages.${area}.title`)}</h1>
        <p className="text-sm text-muted">{t(`pages.${area}.updated`, { date: updated })}</p>
      </header>
      <p className="leading-relaxed">{t(`pages.${area}.intro`, { shop: shopName })}</p>
      {sections.map((section) => (
        <section key={section} className="flex flex-col gap-2">
          <h2 className="text-xl font-medium">{t(`pages.${area}.sections.${section}.title`)}</h2>
          <p className="leading-relaxed text-neutral-700">
            {t(`pages.${area}.sections.${section}.body`)}
          </p>
        </section>
      ))}
    </article>
  );
}
