import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState, type ChangeEvent } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  PHOTO_MAX_BYTES,
  photoContentTypes,
  profileUpdateSchema,
  type Profile,
  type ProfileUpdate,
} from '@souq/contracts/account';
import { Button } from '../../components/ui/button';
import { PageLoader } from '../../components/ui/spinner';
import { TextField } from '../../components/ui/text-field';
import { UserIcon } from '../../components/ui/icons';
import { AccountCard, FormStatus } from './account-card';
import {
  useGetProfileQuery,
  useUpdateProfileMutation,
  useUploadPhotoMutation,
} from './account-api';
import { apiErrorMessage } from '../../lib/api-error';
import { fieldRuleMessage } from '../../lib/field-message';

export function ProfileSection() {
  const { t } = useTranslation();
  const { data: profile } = useGetProfileQuery(undefined);
  return (
    <AccountCard id="profile" title={t('account.profile.title')}>
      {profile ? (
        <div className="flex flex-col gap-8">
          <PhotoForm profile={profile} />
          <NameForm profile={profile} />
        </div>
      ) : (
        <PageLoader />
      )}
    </AccountCard>
  );
}

function NameForm({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  const [updateProfile] = useUpdateProfileMutation();
  const [status, setStatus] = useState<{ ok: boolean; text: string }>();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<ProfileUpdate>({
    resolver: zodResolver(profileUpdateSchema),
    defaultValues: { firstName: profile.firstName, lastName: profile.lastName },
  });

  const submit = handleSubmit(async (values) => {
    setStatus(undefined);
    const result = await updateProfile(values);
    if (result.error) return setStatus({ ok: false, text: apiErrorMessage(t, result.error) });
    reset({ firstName: result.data.firstName, lastName: result.data.lastName });
    setStatus({ ok: true, text: t('account.profile.saved') });
  });

  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="flex flex-col gap-5">
      <div className="grid gap-5 md:grid-cols-2">
        <TextField
          label={t('account.profile.firstName')}
          autoComplete="given-name"
          error={fieldRuleMessage(t, errors.firstName, 'account.profile.firstNameRequired')}
          {...register('firstName')}
        />
        <TextField
          label={t('account.profile.lastName')}
          autoComplete="family-name"
          error={fieldRuleMessage(t, errors.lastName, 'account.profile.lastNameTooLong')}
          {...register('lastName')}
        />
        <TextField
          label={t('account.profile.email')}
          type="email"
          value={profile.email}
          readOnly
          className="md:col-span-2"
        />
      </div>
      <FormStatus status={status} />
      <div className="flex flex-wrap justify-end gap-4">
        <Button variant="outline" disabled={!isDirty || isSubmitting} onClick={() => reset()}>
          {t('account.cancel')}
        </Button>
        <Button type="submit" disabled={isSubmitting} aria-busy={isSubmitting}>
          {isSubmitting ? t('account.saving') : t('account.saveChanges')}
        </Button>
      </div>
    </form>
  );
}

function PhotoForm({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  const [uploadPhoto, { isLoading }] = useUploadPhotoMutation();
  // The chosen file and its blob: URL for the preview, released when replaced or left.
  const [chosen, setChosen] = useState<{ file: File; url: string }>();
  const [status, setStatus] = useState<{ ok: boolean; text: string }>();
  useEffect(() => {
    if (!chosen) return;
    return () => URL.revokeObjectURL(chosen.url);
  }, [chosen]);

  function choose(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    setStatus(undefined);
    setChosen(undefined);
    if (!file) return;
    if (!(photoContentTypes as readonly string[]).includes(file.type)) {
      return setStatus({ ok: false, text: t('apiErrors.photo_not_image') });
    }
    if (file.size > PHOTO_MAX_BYTES) {
      return setStatus({ ok: false, text: t('apiErrors.photo_too_large') });
    }
    setChosen({ file, url: URL.createObjectURL(file) });
  }

  async function upload() {
    if (!chosen) return;
    const result = await uploadPhoto(chosen.file);
    if (result.error) return setStatus({ ok: false, text: apiErrorMessage(t, result.error) });
    setChosen(undefined);
    setStatus({ ok: true, text: t('account.profile.photoSaved') });
  }

  const shown = chosen?.url ?? profile.image;
  return (
    <div className="flex flex-wrap items-center gap-6">
      <div className="flex size-24 shrink-0 items-center justify-center overflow-hidden rounded-full bg-surface text-muted">
        {shown ? (
          <img
            src={shown}
            alt={chosen ? t('account.profile.photoPreview') : t('account.profile.currentPhoto')}
            className="size-full object-cover"
          />
        ) : (
          <UserIcon width={48} height={48} />
        )}
      </div>
      <div className="flex flex-col gap-3">
        <p className="text-sm text-muted">{t('account.profile.photo')}</p>
        {/* The browser's own file button speaks the browser's language; this one speaks the shop's. */}
        <label className="inline-flex w-fit cursor-pointer items-center rounded border border-neutral-400 bg-white px-4 py-2 text-sm focus-within:outline-2 focus-within:outline-brand hover:border-neutral-900">
          {t('account.profile.choosePhoto')}
          <input
            type="file"
            accept={photoContentTypes.join(',')}
            onChange={choose}
            className="sr-only"
          />
        </label>
        <p className="text-xs text-muted">{t('account.profile.photoHint')}</p>
        <FormStatus status={status} />
        {chosen && (
          <Button onClick={() => void upload()} disabled={isLoading} aria-busy={isLoading}>
            {isLoading ? t('account.saving') : t('account.profile.uploadPhoto')}
          </Button>
        )}
      </div>
    </div>
  );
}
