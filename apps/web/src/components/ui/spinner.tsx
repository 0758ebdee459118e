import { useTranslation } from 'react-i18next';

/**
 * The page loader: a centred spinner announced as "Loading..." to assistive technology. A screen
 * tall, so the footer stays out of view instead of jumping when the page arrives.
 */
export function PageLoader() {
  const { t } = useTranslation();
  return (
    <div role="status" className="flex min-h-screen items-center justify-center">
      <span
        aria-hidden="true"
        className="size-12 animate-spin rounded-full border-4 border-neutral-200 border-t-brand motion-reduce:animate-[spin_3s_linear_infinite]"
      />
      <span className="sr-only">{t('common.loading')}</span>
    </div>
  );
}

/** A small spinner inside a button or beside text; the text next to it says what is happening. */
export function Spinner() {
  return (
    <span
      aria-hidden="true"
      className="size-4 animate-spin rounded-full border-2 border-white/40 border-t-white motion-reduce:animate-[spin_3s_linear_infinite]"
    />
  );
}
