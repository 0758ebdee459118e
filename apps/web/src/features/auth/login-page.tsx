import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { signInSchema, type SignInInput } from '@souq/contracts/auth';
import { TextField } from '../../components/ui/text-field';
import { safeNextPath } from '../../lib/safe-next';
import { useAppDispatch } from '../../store/hooks';
import { setUser } from '../../store/ui-slice';
import { useSignInMutation } from './auth-api';
import { AuthLayout, FormAlert } from './auth-layout';
import { fieldMessage, serverMessage } from './auth-messages';
import { SubmitButton } from './submit-button';

export default function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const [params] = useSearchParams();
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
      setServerError(serverMessage(t, result.error));
      return;
    }
    dispatch(setUser(true));
    await navigate(safeNextPath(params.get('next')));
  });

  const signupLink = params.get('next')
    ? `/signup?next=${encodeURIComponent(params.get('next') ?? '')}`
    : '/signup';

  return (
    <AuthLayout title={t('auth.login.title')} subtitle={t('auth.enterDetails')}>
      <form noValidate onSubmit={(e) => void submit(e)} className="flex flex-col gap-5">
        <FormAlert message={serverError} />
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
          <Link to="/forgot-password" className="text-brand hover:underline">
            {t('auth.login.forgot')}
          </Link>
        </div>
        <p className="text-muted">
          {t('auth.login.noAccount')}{' '}
          <Link
            to={signupLink}
            className="font-medium text-neutral-900 underline underline-offset-4"
          >
            {t('auth.login.signUp')}
          </Link>
        </p>
      </form>
    </AuthLayout>
  );
}
