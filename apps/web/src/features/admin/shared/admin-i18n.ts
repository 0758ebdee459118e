import i18n from 'i18next';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isLanguage, type LanguageCode } from '@souq/contracts/languages';

/** The back office's text lives in its own namespace, loaded with its chunk, never at start-up. */
export const ADMIN_NAMESPACE = 'admin';

type Messages = Record<string, unknown>;

const bundles = import.meta.glob<Messages>('../locales/*/admin.json', { import: 'default' });

async function loadAdminText(language: LanguageCode) {
  if (i18n.hasResourceBundle(language, ADMIN_NAMESPACE)) return;
  const load = bundles[`../locales/${language}/admin.json`];
  if (!load) throw new Error(`The back office has no text in ${language}`);
  i18n.addResourceBundle(language, ADMIN_NAMESPACE, await load());
}

/**
 * The language whose back-office text is loaded (English too, as the fallback), or null until
 * the first one is. A failed load is thrown during render, so the route's error boundary offers
 * Try again.
 */
export function useAdminText(): LanguageCode | null {
  const { i18n: instance } = useTranslation();
  const language = isLanguage(instance.language) ? instance.language : 'en';
  const [loaded, setLoaded] = useState<LanguageCode | null>(null);
  const [failure, setFailure] = useState<Error | null>(null);
  useEffect(() => {
    let current = true;
    Promise.all([loadAdminText('en'), loadAdminText(language)]).then(
      () => current && setLoaded(language),
      (error: unknown) =>
        current &&
        setFailure(error instanceof Error ? error : new Error('The back office text did not load')),
    );
    return () => {
      current = false;
    };
  }, [language]);
  if (failure) throw failure;
  return loaded;
}

/** The back office's `t`. */
export function useAdminTranslation() {
  return useTranslation(ADMIN_NAMESPACE);
}
