import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { signInSchema, type SignInInput } from '@souq/contracts/auth';
import { TextField } from '../../components/ui/text-field';
import { withNext } from '../../lib/safe-next';
import { useSignInMutation } from './auth-api';
import { AuthForm, AuthLayout } from './auth-layout';
import { apiErrorMessage } from '../../lib/api-error';
import { fieldMessage } from './auth-messages';
import { SubmitButton } from './submit-button';
import { useEnterShop } from './use-enter-shop';
import { paths } from '../../lib/paths';
import { useShopSettings } from '../../lib/shop-settings';

export default function LoginPage() {
  const { t } = useTranslation();
  const { shopName } = useShopSettings();
  const { next, enter } = useEnterShop();
  const [signIn] = useSignInMutation();
  const [serverError, setServerError] = useState<string>();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<SignInInput>({ resolver: zodResolver(signInSchema) });

  const submit = handleSubmit(async (input) => {
    setServerError(undefined);
    const result = await signIn(input);
    if (result.error) {
      setServerError(apiErrorMessage(t, result.error));
      return;
    }
    await enter();
  });

  return (
    <AuthLayout title={t('auth.login.title')} subtitle={t('auth.enterDetails')}>
      <AuthForm onSubmit={submit} serverError={serverError}>
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
          autoComplete="current-password"
          error={fieldMessage(t, 'password', errors.password)}
          {...register('password')}
        />
        <div className="flex flex-wrap items-center justify-between gap-4">
          <SubmitButton busy={isSubmitting} label={t('auth.login.submit')} />
          <Link to={paths.forgotPassword} className="text-brand hover:underline">
            {t('auth.login.forgot')}
          </Link>
        </div>
        <p className="text-muted">
          {t('auth.login.noAccount', { shop: shopName })}{' '}
          <Link
            to={withNext(paths.signup, next)}
            className="font-medium text-neutral-900 underline underline-offset-4"
          >
            {t('auth.login.signUp')}
          </Link>
        </p>
      </AuthForm>
    </AuthLayout>
  );
}
