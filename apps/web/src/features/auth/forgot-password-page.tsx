import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { requestPasswordResetSchema, type RequestPasswordResetInput } from '@souq/contracts/auth';
import { isLanguage } from '@souq/contracts/languages';
import { TextField } from '../../components/ui/text-field';
import { useRequestPasswordResetMutation } from './auth-api';
import { AuthForm, AuthLayout } from './auth-layout';
import { apiErrorMessage } from '../../lib/api-error';
import { fieldMessage } from './auth-messages';
import { SubmitButton } from './submit-button';
import { paths } from '../../lib/paths';

/** Asks for a reset link; the answer is the same whether or not the email has an account. */
export default function ForgotPasswordPage() {
  const { t, i18n } = useTranslation();
  const [requestReset] = useRequestPasswordResetMutation();
  const [sentTo, setSentTo] = useState<string>();
  const [serverError, setServerError] = useState<string>();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<RequestPasswordResetInput>({ resolver: zodResolver(requestPasswordResetSchema) });

  const submit = handleSubmit(async (input) => {
    setServerError(undefined);
    // The mail is written in the page's language.
    const result = await requestReset({
      ...input,
      language: isLanguage(i18n.language) ? i18n.language : undefined,
    });
    if (result.error) setServerError(apiErrorMessage(t, result.error));
    else setSentTo(input.email);
  });

  return (
    <AuthLayout title={t('auth.forgot.title')} subtitle={t('auth.forgot.subtitle')}>
      {sentTo ? (
        <div role="status" className="flex flex-col gap-4">
          <p>{t('auth.forgot.sent', { email: sentTo })}</p>
          <Link to={paths.login} className="text-brand hover:underline">
            {t('auth.backToLogin')}
          </Link>
        </div>
      ) : (
        <AuthForm onSubmit={submit} serverError={serverError}>
          <TextField
            label={t('auth.fields.email')}
            type="email"
            autoComplete="email"
            error={fieldMessage(t, 'email', errors.email)}
            {...register('email')}
          />
          <SubmitButton busy={isSubmitting} label={t('auth.forgot.submit')} />
          <Link to={paths.login} className="text-brand hover:underline">
            {t('auth.backToLogin')}
          </Link>
        </AuthForm>
      )}
    </AuthLayout>
  );
}
