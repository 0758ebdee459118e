import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { changePasswordSchema } from '@souq/contracts/auth';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/text-field';
import { apiErrorMessage, readApiError } from '../../lib/api-error';
import { AccountCard, FormStatus } from './account-card';
import { useChangePasswordMutation } from './account-api';

const passwordChangeFormSchema = changePasswordSchema
  .extend({ confirmPassword: z.string() })
  .refine((v) => v.newPassword === v.confirmPassword, { path: ['confirmPassword'] });
type PasswordChangeForm = z.infer<typeof passwordChangeFormSchema>;

/** Password change: the current one, then the new one twice. Other devices are signed out. */
export function PasswordSection() {
  const { t } = useTranslation();
  const [changePassword] = useChangePasswordMutation();
  const [status, setStatus] = useState<{ ok: boolean; text: string }>();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<PasswordChangeForm>({ resolver: zodResolver(passwordChangeFormSchema) });

  const submit = handleSubmit(async ({ currentPassword, newPassword }) => {
    setStatus(undefined);
    const result = await changePassword({ currentPassword, newPassword });
    if (result.error) {
      const message = apiErrorMessage(t, result.error, {
        invalid_credentials: t('account.password.currentWrong'),
      });
      const { code } = readApiError(result.error);
      if (code === 'invalid_credentials') setError('currentPassword', { type: 'server', message });
      else if (code === 'weak_password') setError('newPassword', { type: 'server', message });
      else setStatus({ ok: false, text: message });
      return;
    }
    reset({ currentPassword: '', newPassword: '', confirmPassword: '' });
    setStatus({ ok: true, text: t('account.password.changed') });
  });

  const newPasswordMessage =
    errors.newPassword?.type === 'server'
      ? errors.newPassword.message
      : errors.newPassword?.type === 'too_big'
        ? t('account.password.tooLong')
        : errors.newPassword && t('account.password.tooShort');

  return (
    <AccountCard id="password" title={t('account.password.title')}>
      <form noValidate onSubmit={(e) => void submit(e)} className="flex flex-col gap-5">
        <TextField
          label={t('account.password.current')}
          type="password"
          autoComplete="current-password"
          error={
            errors.currentPassword?.type === 'server'
              ? errors.currentPassword.message
              : errors.currentPassword && t('account.password.currentRequired')
          }
          {...register('currentPassword')}
        />
        <TextField
          label={t('account.password.new')}
          type="password"
          autoComplete="new-password"
          error={newPasswordMessage}
          {...register('newPassword')}
        />
        <TextField
          label={t('account.password.confirm')}
          type="password"
          autoComplete="new-password"
          error={errors.confirmPassword && t('account.password.mismatch')}
          {...register('confirmPassword')}
        />
        <FormStatus status={status} />
        <div className="flex justify-end">
          <Button type="submit" disabled={isSubmitting} aria-busy={isSubmitting}>
            {isSubmitting ? t('account.saving') : t('account.password.submit')}
          </Button>
        </div>
      </form>
    </AccountCard>
  );
}
