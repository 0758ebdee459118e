import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { signUpSchema, type SignUpInput } from '@souq/contracts/auth';
import { TextField } from '../../components/ui/text-field';
import { apiErrorMessage, readApiError } from '../../lib/api-error';
import { withNext } from '../../lib/safe-next';
import { useSignUpMutation } from './auth-api';
import { AuthForm, AuthLayout } from './auth-layout';
import { fieldMessage } from './auth-messages';
import { SubmitButton } from './submit-button';
import { useEnterShop } from './use-enter-shop';
import { paths } from '../../lib/paths';

export default function SignupPage() {
  const { t } = useTranslation();
  const { next, enter } = useEnterShop();
  const [signUp] = useSignUpMutation();
  const [serverError, setServerError] = useState<string>();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<SignUpInput>({ resolver: zodResolver(signUpSchema) });

  const submit = handleSubmit(async (input) => {
    setServerError(undefined);
    const result = await signUp(input);
    if (result.error) {
      const message = apiErrorMessage(t, result.error);
      const { code } = readApiError(result.error);
      if (code === 'email_taken') setError('email', { type: 'server', message });
      else if (code === 'weak_password') setError('password', { type: 'server', message });
      else setServerError(message);
      return;
    }
    await enter();
  });

  return (
    <AuthLayout title={t('auth.signup.title')} subtitle={t('auth.enterDetails')}>
      <AuthForm onSubmit={submit} serverError={serverError}>
        <TextField
          label={t('auth.fields.name')}
          autoComplete="name"
          error={fieldMessage(t, 'name', errors.name)}
          {...register('name')}
        />
        <TextField
          label={t('auth.fields.email')}
          type="email"
          autoComplete="email"
          error={fieldMessage(t, 'email', errors.email)}
          {...register('email')}
        />
        <TextField
          label={t('auth.fields.password')}
          type="password"
          autoComplete="new-password"
          error={fieldMessage(t, 'newPassword', errors.password)}
          {...register('password')}
        />
        <SubmitButton busy={isSubmitting} label={t('auth.signup.submit')} />
        <p className="text-center text-muted">
          {t('auth.signup.haveAccount')}{' '}
          <Link
            to={withNext(paths.login, next)}
            className="font-medium text-neutral-900 underline underline-offset-4"
          >
            {t('auth.signup.logIn')}
          </Link>
        </p>
      </AuthForm>
    </AuthLayout>
  );
}
