import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { z } from 'zod';
import { passwordSchema } from '@souq/contracts/auth';
import { TextField } from '../../components/ui/text-field';
import { apiErrorMessage, readApiError } from '../../lib/api-error';
import { useResetPasswordMutation } from './auth-api';
import { AuthForm, AuthLayout } from './auth-layout';
import { fieldMessage } from './auth-messages';
import { SubmitButton } from './submit-button';
import { paths } from '../../lib/paths';

const newPasswordFormSchema = z
  .object({ newPassword: passwordSchema, confirmPassword: z.string() })
  .refine((v) => v.newPassword === v.confirmPassword, { path: ['confirmPassword'] });
type NewPasswordForm = z.infer<typeof newPasswordFormSchema>;

/** Sets a new password from the link in the reset mail (?token=…). */
export default function ResetPasswordPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [resetPassword] = useResetPasswordMutation();
  const [done, setDone] = useState(false);
  const [serverError, setServerError] = useState<string>();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<NewPasswordForm>({ resolver: zodResolver(newPasswordFormSchema) });

  const submit = handleSubmit(async ({ newPassword }) => {
    setServerError(undefined);
    const result = await resetPassword({ token, newPassword });
    if (!result.error) return setDone(true);
    const message = apiErrorMessage(t, result.error);
    if (readApiError(result.error).code === 'weak_password')
      setError('newPassword', { type: 'server', message });
    else setServerError(message);
  });

  if (!token || done) {
    return (
      <AuthLayout
        title={t('auth.reset.title')}
        subtitle={done ? t('auth.reset.done') : t('auth.reset.noToken')}
      >
        <Link to={done ? paths.login : paths.forgotPassword} className="text-brand hover:underline">
          {done ? t('auth.backToLogin') : t('auth.reset.askAgain')}
        </Link>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title={t('auth.reset.title')} subtitle={t('auth.reset.subtitle')}>
      <AuthForm onSubmit={submit} serverError={serverError}>
        <TextField
          label={t('auth.fields.newPassword')}
          type="password"
          autoComplete="new-password"
          error={fieldMessage(t, 'newPassword', errors.newPassword)}
          {...register('newPassword')}
        />
        <TextField
          label={t('auth.fields.confirmPassword')}
          type="password"
          autoComplete="new-password"
          error={fieldMessage(t, 'confirmPassword', errors.confirmPassword)}
          {...register('confirmPassword')}
        />
        <SubmitButton busy={isSubmitting} label={t('auth.reset.submit')} />
      </AuthForm>
    </AuthLayout>
  );
}
