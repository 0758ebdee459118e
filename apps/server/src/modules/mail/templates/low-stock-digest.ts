import type { NameTranslations } from '@souq/contracts/catalog';
import {
  defaultLanguage,
  languageOf,
  shopLanguages,
  type LanguageCode,
} from '@souq/contracts/languages';
import { mailText } from '../mail-text';
import { escapeHtml, htmlDocument, type RenderedMail } from './render';

/** A variant at or below its product's threshold, as the digest lists it. */
export interface DigestLine {
  name: string;
  translations: NameTranslations;
  colour: string | null;
  size: string | null;
  stock: number;
  threshold: number;
}

const isolate = (text: string) => `\u2068${text}\u2069`;

function lineLabel(line: DigestLine, locale: LanguageCode): string {
  const name = line.translations[locale]?.name ?? line.name;
  const variant = [line.colour, line.size].filter((part) => part !== null).join(' / ');
  return variant ? `${isolate(name)} (${isolate(variant)})` : isolate(name);
}

/**
 * The owners' daily low-stock mail. The shop keeps no language per owner, so it says it in
 * each of the shop's languages in turn (each in its own direction), in one mail.
 */
export function renderLowStockDigest(day: string, lines: DigestLine[]): RenderedMail {
  const words = (locale: LanguageCode) => {
    const t = mailText(locale);
    return {
      title: t('lowStock.title', { day }),
      intro: t('lowStock.intro', { count: lines.length }),
      left: (l: DigestLine) => t('lowStock.left', { stock: l.stock, threshold: l.threshold }),
    };
  };
  const section = (locale: LanguageCode) => {
    const w = words(locale);
    const { dir } = languageOf(locale);
    const items = lines
      .map((l) => `<li>${escapeHtml(lineLabel(l, locale))}: ${escapeHtml(w.left(l))}</li>`)
      .join('\n');
    return `<section lang="${locale}" dir="${dir}" style="text-align:${dir === 'rtl' ? 'right' : 'left'}">
<h1 style="font-size:20px">${escapeHtml(w.title)}</h1>
<p>${escapeHtml(w.intro)}</p>
<ul>
${items}
</ul>
</section>`;
  };
  const text = (locale: LanguageCode) => {
    const w = words(locale);
    return [
      w.title,
      '',
      w.intro,
      ...lines.map((l) => `- ${lineLabel(l, locale)}: ${w.left(l)}`),
    ].join('\n');
  };
  const codes = shopLanguages.map((language) => language.code);
  const subject = codes.map((code) => words(code).title).join(' · ');
  return {
    subject,
    html: htmlDocument(defaultLanguage, subject, codes.map(section).join('\n<hr>\n')),
    text: `${codes.map(text).join('\n\n')}\n`,
  };
}
