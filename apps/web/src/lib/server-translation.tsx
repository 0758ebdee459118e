import { createContext, useContext, type ReactNode } from 'react';
import type { i18n as I18n, Module, TFunction } from 'i18next';

/*
 * `react-i18next` as the server's rendering uses it (the server build aliases the package to
 * this module, vite.config.ts; decision 017). A server render mounts every component once and
 * never changes language, so each `useTranslation` needs only the page language's `t`, made once
 * per language and namespace. react-i18next's hook copies the i18next instance into a wrapper
 * for every component that translates, on every render: 14 % of a render's time.
 */

interface Translation {
  t: TFunction;
  i18n: I18n;
  ready: true;
}

const TranslationContext = createContext<I18n | null>(null);
const translations = new WeakMap<I18n, Map<string, Translation>>();

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
 * `t` for one language, written from its text directly (decision 028): i18next's `t` copies its
 * options, resolves the key through its fallbacks and runs interpolation and nesting with
 * regular expressions on every call, a fifth of a server render for a few hundred texts a page.
 * A text whose key, options or placeholders ask for more than a plain lookup (plurals, context,
 * formats, nesting, a default value, a missing text or value) goes to i18next, so every text
 * comes out as i18next writes it.
 */
function fastTranslation(i18n: I18n, namespace?: string): TFunction {
  const fixedT = i18n.getFixedT(i18n.language, namespace ?? null);
  const messages: unknown = i18n.getResourceBundle(i18n.language, namespace ?? 'translation');
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

function translationOf(i18n: I18n, namespace: string | undefined): Translation {
  let byNamespace = translations.get(i18n);
  if (!byNamespace) {
    byNamespace = new Map();
    translations.set(i18n, byNamespace);
  }
  const key = namespace ?? '';
  let translation = byNamespace.get(key);
  if (!translation) {
    // react-i18next's answer is an array with the same three as properties.
    const t = fastTranslation(i18n, namespace);
    translation = Object.assign([t, i18n, true] as unknown[], { t, i18n, ready: true as const });
    byNamespace.set(key, translation);
  }
  return translation;
}

/** The page language's `t` outside components (the head's title and description). */
export function pageTranslation(i18n: I18n): TFunction {
  return translationOf(i18n, undefined).t;
}

export function I18nextProvider({ i18n, children }: { i18n: I18n; children?: ReactNode }) {
  return <TranslationContext.Provider value={i18n}>{children}</TranslationContext.Provider>;
}

export function useTranslation(namespace?: string): Translation {
  const i18n = useContext(TranslationContext);
  if (!i18n) throw new Error('useTranslation outside the I18nextProvider of the server render');
  return translationOf(i18n, namespace);
}

/** The plugin `i18n.use()` takes; the server's instances need nothing of it. */
export const initReactI18next: Module = { type: '3rdParty' };
