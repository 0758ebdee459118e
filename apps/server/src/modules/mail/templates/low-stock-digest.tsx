/** @jsxRuntime automatic @jsxImportSource react */
import type { NameTranslations } from '@souq/contracts/catalog';
import type { LanguageCode } from '@souq/contracts/languages';
import type { ShopSettings } from '@souq/contracts/shop-settings';
import { mailText } from '../mail-text';
import { MailButton, Paragraph, renderOwnersMail } from './layout';
import { isolate, isolateLtr, type RenderedMail } from './render';

/** A variant at or below its product's threshold, as the digest lists it. */
export interface DigestLine {
  name: string;
  translations: NameTranslations;
  colour: string | null;
  size: string | null;
  stock: number;
  threshold: number;
}

function lineLabel(line: DigestLine, locale: LanguageCode): string {
  const name = line.translations[locale]?.name ?? line.name;
  const variant = [line.colour, line.size].filter((part) => part !== null).join(' / ');
  return variant ? `${isolate(name)} (${isolate(variant)})` : isolate(name);
}

/**
 * The owners' daily low-stock mail: how many variants are low, the emptiest of them (`lines`),
 * and when there are more, how many and the back office's list of them. The shop keeps no
 * language per owner, so it says it in each of the shop's languages in turn (each in its own
 * direction), in one mail.
 */
export function renderLowStockDigest(
  day: string,
  { total, items: lines }: { total: number; items: DigestLine[] },
  shop: ShopSettings,
  origin: string,
): RenderedMail {
  const more = total - lines.length;
  return renderOwnersMail(
    // The date reads left to right in Arabic too: a right-to-left line shows it day first.
    (locale) => mailText(locale)('lowStock.title', { day: isolateLtr(day) }),
    (locale) => {
      const t = mailText(locale);
      return (
        <>
          <Paragraph>{t('lowStock.intro', { count: total })}</Paragraph>
          <ul
            style={{
              margin: '0 0 24px',
              padding: '0 20px',
              fontSize: '15px',
              lineHeight: '24px',
            }}
          >
            {lines.map((line, index) => (
              <li key={index}>
                {`${lineLabel(line, locale)}: ${t('lowStock.left', { stock: line.stock, threshold: line.threshold })}`}
              </li>
            ))}
          </ul>
          {more > 0 && (
            <>
              <Paragraph>{t('lowStock.more', { count: more })}</Paragraph>
              <MailButton href={`${origin}/admin/products?stock=low`}>
                {t('lowStock.open')}
              </MailButton>
            </>
          )}
        </>
      );
    },
    shop,
    origin,
  );
}
