import { escapeHtml, htmlDocument, type RenderedMail } from './render';

/** A variant at or below its product's threshold, as the digest lists it. */
export interface DigestLine {
  name: string;
  nameAr: string | null;
  colour: string | null;
  size: string | null;
  stock: number;
  threshold: number;
}

const isolate = (text: string) => `\u2068${text}\u2069`;

const words = {
  en: {
    title: (day: string) => `Low stock on ${day}`,
    intro: (count: number) =>
      count === 1
        ? '1 variant is at or below its low-stock threshold:'
        : `${count} variants are at or below their low-stock threshold:`,
    left: (stock: number, threshold: number) => `${stock} left (threshold ${threshold})`,
  },
  ar: {
    title: (day: string) => `مخزون منخفض في ${day}`,
    intro: (count: number) => `عدد الأصناف عند حد المخزون المنخفض أو دونه: ${count}`,
    left: (stock: number, threshold: number) => `المتبقي ${stock} (الحد ${threshold})`,
  },
};

function lineLabel(line: DigestLine, locale: 'en' | 'ar'): string {
  const name = locale === 'ar' ? (line.nameAr ?? line.name) : line.name;
  const variant = [line.colour, line.size].filter((part) => part !== null).join(' / ');
  return variant ? `${isolate(name)} (${isolate(variant)})` : isolate(name);
}

/**
 * The owners' daily low-stock mail. The shop keeps no language per owner, so it says it in
 * English and then in Arabic (right to left), in one mail.
 */
export function renderLowStockDigest(day: string, lines: DigestLine[]): RenderedMail {
  const section = (locale: 'en' | 'ar') => {
    const w = words[locale];
    const items = lines
      .map(
        (l) =>
          `<li>${escapeHtml(lineLabel(l, locale))}: ${escapeHtml(w.left(l.stock, l.threshold))}</li>`,
      )
      .join('\n');
    return `<section lang="${locale}" dir="${locale === 'ar' ? 'rtl' : 'ltr'}" style="text-align:${locale === 'ar' ? 'right' : 'left'}">
<h1 style="font-size:20px">${escapeHtml(w.title(day))}</h1>
<p>${escapeHtml(w.intro(lines.length))}</p>
<ul>
${items}
</ul>
</section>`;
  };
  const text = (locale: 'en' | 'ar') => {
    const w = words[locale];
    return [
      w.title(day),
      '',
      w.intro(lines.length),
      ...lines.map((l) => `- ${lineLabel(l, locale)}: ${w.left(l.stock, l.threshold)}`),
    ].join('\n');
  };
  const subject = `${words.en.title(day)} · ${words.ar.title(day)}`;
  return {
    subject,
    html: htmlDocument('en', subject, `${section('en')}\n<hr>\n${section('ar')}`),
    text: `${text('en')}\n\n${text('ar')}\n`,
  };
}
