import type { TFunction } from 'i18next';

/*
 * A language's `t` that writes a text straight from its template when a plain lookup gives what
 * i18next gives (decision 028): i18next's `t` copies its options, resolves the key through its
 * fallbacks and runs interpolation and nesting with regular expressions on every call. The
 * server's page renders (a few hundred texts a page) and the mails (a few dozen a mail, many
 * with values) both go through it.
 */

/** A placeholder: a value's name, written as it is or, with `, number`, as a number. */
interface Placeholder {
  name: string;
  number: boolean;
}

/** A text with its placeholders split out: `texts` has one more element than `placeholders`. */
interface Template {
  texts: string[];
  placeholders: Placeholder[];
}

/**
 * What a language's `t` needs to write more texts than plain lookups itself, as its i18next
 * instance would (each optional: without it, such texts go to i18next).
 */
export interface TemplateLanguage {
  /**
   * The language's plural rules, as i18next picks a plural form (`new Intl.PluralRules(code)`):
   * a text with a numeric `count` is written from its form's template.
   */
  plurals?: Intl.PluralRules;
  /** What the instance's `number` format writes (`{{count, number}}`). */
  number?: (value: number) => string;
}

/** Options i18next reads itself rather than as a placeholder's value. */
const I18NEXT_OPTIONS = new Set([
  'context',
  'ordinal',
  'returnObjects',
  'returnDetails',
  'joinArrays',
  'lng',
  'lngs',
  'fallbackLng',
  'ns',
  'keyPrefix',
  'nsSeparator',
  'keySeparator',
  'postProcess',
  'interpolation',
  'replace',
  'skipInterpolation',
]);

/**
 * A text as i18next would write it with no more than plain `{{name}}` placeholders (and, given
 * the instance's number format, `{{name, number}}`), or null when i18next must write it: a
 * missing or empty text, nesting (`$t(`), another format, an unescaped (`{{- name}}`) or nested
 * (`{{a.b}}`) placeholder.
 */
function templateOf(messages: unknown, key: string, language: TemplateLanguage): Template | null {
  const text = textAt(messages, key);
  if (typeof text !== 'string' || text === '' || text.includes('$t(')) return null;
  const parts = text.split(/{{(.*?)}}/);
  const template: Template = { texts: [], placeholders: [] };
  for (const [i, part] of parts.entries()) {
    if (i % 2 === 0) {
      template.texts.push(part);
      continue;
    }
    const [name = '', format, ...more] = part.split(',').map((piece) => piece.trim());
    if (!/^\w+$/.test(name) || more.length > 0) return null;
    if (format !== undefined && (format !== 'number' || !language.number)) return null;
    template.placeholders.push({ name, number: format !== undefined });
  }
  return template;
}

/** The text at a dotted key, or whatever else is there (an object, nothing). */
function textAt(messages: unknown, key: string): unknown {
  let text: unknown = messages;
  for (const part of key.split('.')) {
    text =
      typeof text === 'object' && text !== null
        ? (text as Record<string, unknown>)[part]
        : undefined;
  }
  return text;
}

/**
 * The key i18next reads for a plural `count` in this language: the first of `_zero` (for 0),
 * the language's form (`_one`, `_few`…) and the bare key that has a text; undefined when none
 * has (i18next then looks in the fallback language).
 */
function pluralKey(messages: unknown, key: string, count: number, plurals: Intl.PluralRules) {
  const candidates = [`${key}_${plurals.select(count)}`, key];
  if (count === 0) candidates.unshift(`${key}_zero`);
  return candidates.find((candidate) => textAt(messages, candidate) !== undefined);
}

/**
 * A placeholder's value as the text shows it, or undefined when i18next must write it: a value
 * that is neither text nor number, or a number to format with options i18next would read from
 * the values (`locale`, `formatParams`).
 */
function writtenValue(
  placeholder: Placeholder | undefined,
  values: Record<string, unknown>,
  language: TemplateLanguage,
): string | number | undefined {
  const value = placeholder && values[placeholder.name];
  if (!placeholder?.number) {
    return typeof value === 'string' || typeof value === 'number' ? value : undefined;
  }
  if (typeof value !== 'number' || !language.number) return undefined;
  return values.locale === undefined && values.formatParams === undefined
    ? language.number(value)
    : undefined;
}

/**
 * `t` for one language and namespace: `fixedT` is i18next's for them and `messages` the
 * namespace's texts in that language (its resource bundle). A text whose key, options or
 * placeholders ask for more than this can write (a namespace in the key, context, ordinals, a
 * format other than the number one, nesting, a default value, a missing text or a value that is
 * neither text nor number) goes to `fixedT`, so every text comes out as i18next writes it. The
 * texts' values are put in as they are: for an i18next with `escapeValue: false`, as both the
 * renders and the mails use.
 */
export function templateTranslation(
  fixedT: TFunction,
  messages: unknown,
  language: TemplateLanguage = {},
): TFunction {
  const templates = new Map<string, Template | null>();
  const templateAt = (key: string) => {
    let template = templates.get(key);
    if (template === undefined) {
      template = templateOf(messages, key, language);
      templates.set(key, template);
    }
    return template;
  };
  const t = (key: unknown, options?: unknown): unknown => {
    if (
      typeof key !== 'string' ||
      key.includes(':') ||
      (options != null && typeof options !== 'object')
    ) {
      return fixedT(key as string, options as never);
    }
    const values = (options ?? {}) as Record<string, unknown>;
    for (const name in values) {
      if (I18NEXT_OPTIONS.has(name) || name.startsWith('defaultValue')) return fixedT(key, values);
    }
    let textKey: string | undefined = key;
    if ('count' in values) {
      const count = values.count;
      textKey =
        typeof count === 'number' && language.plurals
          ? pluralKey(messages, key, count, language.plurals)
          : undefined;
    }
    const template = textKey === undefined ? null : templateAt(textKey);
    if (template === null) return fixedT(key, values);
    // Most texts have no placeholders: their template is their text.
    if (template.placeholders.length === 0) return template.texts[0];
    let text = template.texts[0] ?? '';
    for (let i = 0; i < template.placeholders.length; i++) {
      const written = writtenValue(template.placeholders[i], values, language);
      if (written === undefined) return fixedT(key, values);
      text += `${written}${template.texts[i + 1] ?? ''}`;
    }
    return text.includes('$t(') ? fixedT(key, values) : text;
  };
  return t as TFunction;
}
