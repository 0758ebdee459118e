import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { newsletterSubscriptionInputSchema } from '@souq/contracts/newsletter';
import type { z } from 'zod';
import { SendIcon } from '../../components/ui/icons';
import { isRateLimited, readApiError } from '../../lib/api-error';
import { useSubscribeToNewsletterMutation } from '../../features/content/content-api';

type NewsletterForm = z.input<typeof newsletterSubscriptionInputSchema>;

/** The footer's newsletter box: subscribes and shows the first-order code it is given. */
export function NewsletterForm() {
  const { t } = useTranslation();
  const [subscribe, { data: subscription, isLoading, error: subscribeError }] =
    useSubscribeToNewsletterMutation();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<NewsletterForm, unknown, z.output<typeof newsletterSubscriptionInputSchema>>({
    resolver: zodResolver(newsletterSubscriptionInputSchema),
    defaultValues: { email: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await subscribe(values).unwrap();
    } catch (error) {
      if ('email' in readApiError(error).fields) setError('email', { type: 'server' });
    }
  });

  const emailError = errors.email ? t('footer.newsletterInvalid') : undefined;
  const otherError =
    subscribeError && !emailError
      ? isRateLimited(subscribeError)
        ? t('footer.newsletterRateLimited')
        : t('footer.newsletterFailed')
      : undefined;

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-2">
      <label
        htmlFor="newsletter-email"
        className="flex items-center rounded border border-neutral-50 ps-4 pe-2 focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-white"
      >
        <span className="sr-only">{t('footer.email')}</span>
        <input
          {...register('email')}
          id="newsletter-email"
          type="email"
          autoComplete="email"
          aria-invalid={emailError ? true : undefined}
          aria-describedby={emailError ? 'newsletter-error' : 'newsletter-hint'}
          placeholder={t('footer.emailPlaceholder')}
          dir="auto"
          className="w-full bg-transparent py-3 text-sm placeholder:text-neutral-300 focus:outline-none"
        />
        <button
          type="submit"
          disabled={isLoading}
          aria-label={isLoading ? t('footer.subscribing') : t('footer.send')}
          className="p-2.5 disabled:opacity-60"
        >
          <SendIcon className="rtl:-scale-x-100" />
        </button>
      </label>
      <p id="newsletter-error" className="min-h-5 text-sm text-red-300">
        {emailError ?? otherError}
      </p>
      <div role="status" className="text-sm">
        {subscription && (
          <>
            <p>{t('footer.newsletterSubscribed')}</p>
            <p
              data-testid="newsletter-code"
              dir="ltr"
              className="my-2 inline-block rounded border border-dashed border-neutral-300 px-3 py-1 font-mono text-base tracking-wider select-all"
            >
              {subscription.couponCode}
            </p>
            <p className="text-neutral-300">{t('footer.newsletterCodeHint')}</p>
          </>
        )}
      </div>
    </form>
  );
}
