import { zodResolver } from '@hookform/resolvers/zod';
import { textIn } from '@souq/contracts/languages';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { contactMessageInputSchema } from '@souq/contracts/contact';
import { Button } from '../../components/ui/button';
import { fieldAria, FormField, inputClass } from '../../components/ui/form-field';
import { MailIcon, PhoneIcon } from '../../components/ui/icons';
import { Spinner } from '../../components/ui/spinner';
import { isRateLimited, readApiError } from '../../lib/api-error';
import { fieldRuleMessage } from '../../lib/field-message';
import { telHref, useShopSettings } from '../../lib/shop-settings';
import { useSendContactMessageMutation } from './content-api';

type ContactForm = z.input<typeof contactMessageInputSchema>;
type ContactField = 'name' | 'email' | 'phone' | 'message';
const contactFields: readonly ContactField[] = ['name', 'email', 'phone', 'message'];

export default function ContactPage() {
  const { t } = useTranslation();
  return (
    <div className="mx-auto max-w-7xl px-4 py-12 md:py-20">
      <h1 className="mb-10 text-3xl font-semibold">{t('pages.contact.title')}</h1>
      <div className="grid gap-8 lg:grid-cols-[22rem_1fr]">
        <ContactDetails />
        <ContactFormCard />
      </div>
    </div>
  );
}

function ContactDetails() {
  const { t, i18n } = useTranslation();
  const { supportPhone, supportEmail, openingHours } = useShopSettings();
  const hours = textIn(openingHours, i18n.language);
  return (
    <div className="flex flex-col gap-8 rounded p-8 shadow-[0_1px_13px_rgba(0,0,0,0.08)]">
      {supportPhone && (
        <section className="flex flex-col gap-4 border-b border-neutral-400 pb-8">
          <h2 className="flex items-center gap-4 text-base font-medium">
            <span className="flex size-10 items-center justify-center rounded-full bg-brand text-white">
              <PhoneIcon width={20} height={20} />
            </span>
            {t('pages.contact.callUs')}
          </h2>
          <p className="text-sm">
            {t('pages.contact.phoneLabel')}{' '}
            <a href={telHref(supportPhone)} dir="ltr" className="underline">
              {supportPhone}
            </a>
          </p>
          {hours && (
            <p className="text-sm">
              {t('pages.contact.hoursLabel')} <span className="whitespace-pre-line">{hours}</span>
            </p>
          )}
        </section>
      )}
      <section className="flex flex-col gap-4">
        <h2 className="flex items-center gap-4 text-base font-medium">
          <span className="flex size-10 items-center justify-center rounded-full bg-brand text-white">
            <MailIcon width={20} height={20} />
          </span>
          {t('pages.contact.writeUs')}
        </h2>
        <p className="text-sm">{t('pages.contact.writeUsBody')}</p>
        {supportEmail && (
          <p className="text-sm">
            {t('pages.contact.emailLabel')}{' '}
            <a href={`mailto:${supportEmail}`} className="underline">
              {supportEmail}
            </a>
          </p>
        )}
      </section>
    </div>
  );
}

function ContactFormCard() {
  const { t } = useTranslation();
  const formId = useId();
  const [send, { isLoading, isSuccess, error: sendError, reset: resetSend }] =
    useSendContactMessageMutation();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<ContactForm, unknown, z.output<typeof contactMessageInputSchema>>({
    resolver: zodResolver(contactMessageInputSchema),
    defaultValues: { name: '', email: '', phone: '', message: '', website: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await send(values).unwrap();
      reset();
    } catch (error) {
      // The server checks the same schema; show its field errors where they belong.
      for (const field of contactFields) {
        if (field in readApiError(error).fields) setError(field, { type: 'server' });
      }
    }
  });

  const fieldError = (field: ContactField) =>
    fieldRuleMessage(t, errors[field], `pages.contact.errors.${field}`);

  if (isSuccess) {
    return (
      <div
        role="status"
        className="flex flex-col items-start gap-4 rounded p-8 shadow-[0_1px_13px_rgba(0,0,0,0.08)]"
      >
        <h2 className="text-xl font-medium">{t('pages.contact.sentTitle')}</h2>
        <p className="text-muted">{t('pages.contact.sentBody')}</p>
        <Button variant="outline" onClick={resetSend}>
          {t('pages.contact.sendAnother')}
        </Button>
      </div>
    );
  }

  const id = (field: string) => `${formId}-${field}`;
  return (
    <form
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      aria-label={t('pages.contact.formTitle')}
      className="flex flex-col gap-4 rounded p-8 shadow-[0_1px_13px_rgba(0,0,0,0.08)]"
    >
      <div className="grid gap-4 md:grid-cols-3">
        <FormField
          id={id('name')}
          label={t('pages.contact.name')}
          required
          requiredLabel={t('pages.contact.required')}
          error={fieldError('name')}
        >
          <input
            {...register('name')}
            {...fieldAria(id('name'), fieldError('name'))}
            autoComplete="name"
            aria-required="true"
            className={inputClass}
          />
        </FormField>
        <FormField
          id={id('email')}
          label={t('pages.contact.email')}
          required
          requiredLabel={t('pages.contact.required')}
          error={fieldError('email')}
        >
          <input
            {...register('email')}
            {...fieldAria(id('email'), fieldError('email'))}
            type="email"
            autoComplete="email"
            aria-required="true"
            dir="ltr"
            className={`${inputClass} rtl:text-end`}
          />
        </FormField>
        <FormField
          id={id('phone')}
          label={t('pages.contact.phone')}
          required
          requiredLabel={t('pages.contact.required')}
          error={fieldError('phone')}
        >
          <input
            {...register('phone')}
            {...fieldAria(id('phone'), fieldError('phone'))}
            type="tel"
            autoComplete="tel"
            aria-required="true"
            dir="ltr"
            className={`${inputClass} rtl:text-end`}
          />
        </FormField>
      </div>
      <FormField
        id={id('message')}
        label={t('pages.contact.message')}
        error={fieldError('message')}
      >
        <textarea
          {...register('message')}
          {...fieldAria(id('message'), fieldError('message'))}
          rows={8}
          className={`${inputClass} resize-y`}
        />
      </FormField>
      {/* Hidden from people and assistive technology; form-filling bots fill it in. */}
      <div aria-hidden="true" className="absolute -start-[10000px] size-px overflow-hidden">
        <label htmlFor={id('website')}>Website</label>
        <input {...register('website')} id={id('website')} tabIndex={-1} autoComplete="off" />
      </div>
      <div className="flex flex-col items-end gap-3">
        {sendError && !Object.keys(readApiError(sendError).fields).length && (
          <p role="alert" className="text-sm text-brand">
            {isRateLimited(sendError)
              ? t('pages.contact.errors.rateLimited')
              : t('pages.contact.errors.failed')}
          </p>
        )}
        <Button type="submit" disabled={isLoading} aria-busy={isLoading || undefined}>
          {isLoading && <Spinner />}
          {isLoading ? t('pages.contact.sending') : t('pages.contact.send')}
        </Button>
      </div>
    </form>
  );
}
