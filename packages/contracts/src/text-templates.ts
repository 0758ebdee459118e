import type { TFunction } from 'i18next';

/*
 * A language's `t` that writes a text straight from its template when a plain lookup gives what
 * i18next gives (decision 028): i18next's `t` copies its options, resolves the key through its
 * fallbacks and runs interpolation and nesting with regular expressions on every call. The
 * server's page renders (a few hundred texts a page) and the mails (a few dozen a mail, many
 * with values) both go through it.
 */

/** A text with its `{{name}}` placeholders split out: literal text at even places, names at odd. */
type Template = string[];

/** Options i18next reads itself rather than as a placeholder's value. */
const I18NEXT_OPTIONS = new Set([
  'count',
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
 * A text as i18next would write it with no more than plain `{{name}}` placeholders, or null when
 * i18next must write it: a missing or empty text, nesting (`$t(`), a format (`{{n, number}}`),
 * an unescaped (`{{- name}}`) or nested (`{{a.b}}`) placeholder.
 */
function templateOf(messages: unknown, key: string): Template | null {
  let text: unknown = messages;
  for (const part of key.split('.')) {
    text =
      typeof text === 'object' && text !== null
        ? (text as Record<string, unknown>)[part]
        : undefined;
  }
  if (typeof text !== 'string' || text === '' || text.includes('$t(')) return null;
  const parts = text.split(/{{(.*?)}}/);
  for (let i = 1; i < parts.length; i += 2) {
    const name = (parts[i] ?? '').trim();
    if (!/^\w+$/.test(name)) return null;
    parts[i] = name;
  }
  return parts;
}

/**
 * `t` for one language and namespace: `fixedT` is i18next's for them and `messages` the
 * namespace's texts in that language (its resource bundle). A text whose key, options or
 * placeholders ask for more than a plain lookup (a namespace in the key, plurals, context,
 * formats, nesting, a default value, a missing text or a value that is neither text nor number)
 * goes to `fixedT`, so every text comes out as i18next writes it. The texts' values are put in
 * as they are: for an i18next with `escapeValue: false`, as both the renders and the mails use.
 */
export function templateTranslation(fixedT: TFunction, messages: unknown): TFunction {
  const templates = new Map<string, Template | null>();
  const t = (key: unknown, options?: unknown): unknown => {
    if (typeof key !== 'string' || key.includes(':'))
      return fixedT(key as string, options as never);
    let template = templates.get(key);
    if (template === undefined) {
      template = templateOf(messages, key);
      templates.set(key, template);
    }
    if (template === null || (options !== undefined && typeof options !== 'object')) {
      return fixedT(key, options as never);
    }
    const values = (options ?? {}) as Record<string, unknown>;
    for (const name in values) {
      if (I18NEXT_OPTIONS.has(name) || name.startsWith('defaultValue')) return fixedT(key, values);
    }
    if (template.length === 1) return template[0];
    let text = template[0] ?? '';
    for (let i = 1; i < template.length; i += 2) {
      const value = values[template[i] ?? ''];
      if (typeof value !== 'string' && typeof value !== 'number') return fixedT(key, values);
      text += `${value}${template[i + 1] ?? ''}`;
    }
    return text.includes('$t(') ? fixedT(key, values) : text;
  };
  return t as TFunction;
}
