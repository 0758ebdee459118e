/** @jsxRuntime automatic @jsxImportSource react */
import type { NameTranslations } from '@souq/contracts/catalog';
import type { LanguageCode } from '@souq/contracts/languages';
import type { ShopSettings } from '@souq/contracts/shop-settings';
import { mailText } from '../mail-text';
import { Paragraph, renderOwnersMail } from './layout';
import { isolate, type RenderedMail } from './render';

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
 * The owners' daily low-stock mail. The shop keeps no language per owner, so it says it in
 * each of the shop's languages in turn (each in its own direction), in one mail.
 */
export function renderLowStockDigest(
  day: string,
  lines: DigestLine[],
  shop: ShopSettings,
  origin: string,
): RenderedMail {
  return renderOwnersMail(
    (locale) => mailText(locale)('lowStock.title', { day }),
    (locale) => {
      const t = mailText(locale);
      return (
        <>
          <Paragraph>{t('lowStock.intro', { count: lines.length })}</Paragraph>
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
        </>
      );
    },
    shop,
    origin,
  );
}
