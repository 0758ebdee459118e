import { useState, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SendIcon } from '../../components/ui/icons';

/**
 * The footer's newsletter box. Subscriptions are not taken yet, and the form says so
 * instead of pretending to have sent anything.
 */
export function NewsletterForm() {
  const { t } = useTranslation();
  const [notice, setNotice] = useState('');

  function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setNotice(t('footer.newsletterNotOpen'));
  }

  return (
    <form onSubmit={submit} className="flex flex-col gap-2">
      <label className="flex items-center rounded border border-neutral-50 ps-4 pe-2">
        <span className="sr-only">{t('footer.email')}</span>
        <input
          type="email"
          name="email"
          required
          aria-describedby="newsletter-hint"
          placeholder={t('footer.emailPlaceholder')}
          className="w-full bg-transparent py-3 text-sm placeholder:text-neutral-400 focus:outline-none"
        />
        <button type="submit" aria-label={t('footer.send')} className="p-1">
          <SendIcon className="rtl:-scale-x-100" />
        </button>
      </label>
      <p role="status" className="min-h-5 text-sm text-neutral-300">
        {notice}
      </p>
    </form>
  );
}
