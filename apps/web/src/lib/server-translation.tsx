import { createContext, useContext, type ReactNode } from 'react';
import type { i18n as I18n, Module, TFunction } from 'i18next';
import { templateTranslation } from '@souq/contracts/text-templates';
import { numberInText } from './number-format';

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

/**
 * `t` for one language and namespace, written from its texts' templates (decision 028), plural
 * forms and numbers in texts too: a page has only a few such texts, so i18next's code for them
 * never warmed up and each took it 0.1–0.2 ms.
 */
function fastTranslation(i18n: I18n, namespace?: string): TFunction {
  const language = i18n.language;
  return templateTranslation(
    i18n.getFixedT(language, namespace ?? null),
    i18n.getResourceBundle(language, namespace ?? 'translation'),
    {
      plurals: new Intl.PluralRules(language),
      number: (value) => numberInText(value, language),
    },
  );
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
