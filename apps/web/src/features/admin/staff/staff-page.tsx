import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  staffInviteSchema,
  staffRoles,
  type StaffInvite,
  type StaffMember,
  type StaffRole,
} from '@souq/contracts/staff';
import { isLanguage } from '@souq/contracts/languages';
import { Button } from '../../../components/ui/button';
import { apiErrorMessage } from '../../../lib/api-error';
import {
  useChangeStaffRoleMutation,
  useGetStaffQuery,
  useInviteStaffMutation,
  useRemoveStaffMutation,
} from './staff-api';
import { AdminForm, SelectInput, TextInput, useAdminForm } from '../shared/admin-form';
import { useAdminTranslation } from '../shared/admin-i18n';
import { LoadError, Loading, PageHeading, Panel, useDateFormat } from '../shared/page-parts';
import { useStaff } from '../shared/staff-access';

type Notice = { text: string; failed: boolean };

/** Owners: who works in the back office, inviting people, changing roles and removing staff. */
export function StaffPage() {
  const { t } = useAdminTranslation();
  const staff = useGetStaffQuery(undefined, { refetchOnMountOrArgChange: true });
  const [notice, setNotice] = useState<Notice>();
  const noticeRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (notice) noticeRef.current?.focus();
  }, [notice]);

  return (
    <>
      <PageHeading title={t('staff.title')} />
      <p
        ref={noticeRef}
        tabIndex={-1}
        role={notice?.failed ? 'alert' : 'status'}
        className={
          notice
            ? `mb-4 rounded px-4 py-3 ${notice.failed ? 'bg-brand/10 text-brand' : 'bg-emerald-50 text-emerald-900'}`
            : 'sr-only'
        }
      >
        {notice?.text}
      </p>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <Panel id="members-heading" title={t('staff.members')}>
          {staff.data ? (
            <ul className="flex flex-col divide-y divide-neutral-100">
              {staff.data.items.map((member) => (
                <MemberRow key={member.userId} member={member} onNotice={setNotice} />
              ))}
            </ul>
          ) : staff.error ? (
            <LoadError error={staff.error} onRetry={() => void staff.refetch()} />
          ) : (
            <Loading />
          )}
        </Panel>
        <InviteForm onNotice={setNotice} />
      </div>
    </>
  );
}

function RoleSelect({
  id,
  value,
  onChange,
  label,
}: {
  id?: string;
  value: StaffRole;
  onChange: (role: StaffRole) => void;
  label?: string;
}) {
  const { t } = useAdminTranslation();
  return (
    <select
      id={id}
      aria-label={label}
      value={value}
      onChange={(event) => onChange(event.target.value as StaffRole)}
      className={`min-h-11 rounded border border-neutral-300 bg-white px-3 text-sm`}
    >
      {staffRoles.map((role) => (
        <option key={role} value={role}>
          {t(`roles.${role}`)}
        </option>
      ))}
    </select>
  );
}

function MemberRow({ member, onNotice }: { member: StaffMember; onNotice: (n: Notice) => void }) {
  const { t } = useAdminTranslation();
  const { t: shopT } = useTranslation();
  const { me } = useStaff();
  const { date } = useDateFormat();
  const [role, setRole] = useState(member.role);
  const [confirmingRemoval, setConfirmingRemoval] = useState(false);
  const [changeRole, changing] = useChangeStaffRoleMutation();
  const [remove, removing] = useRemoveStaffMutation();
  const who = member.name || member.email;

  const saveRole = async () => {
    const result = await changeRole({ userId: member.userId, role });
    if (result.error) {
      setRole(member.role);
      onNotice({ text: apiErrorMessage(shopT, result.error), failed: true });
    } else {
      onNotice({ text: t('staff.roleChanged', { who, role: t(`roles.${role}`) }), failed: false });
    }
  };

  const removeMember = async () => {
    const result = await remove(member.userId);
    setConfirmingRemoval(false);
    onNotice(
      result.error
        ? { text: apiErrorMessage(shopT, result.error), failed: true }
        : { text: t('staff.removed', { who }), failed: false },
    );
  };

  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-2 py-3">
      <div className="min-w-0 flex-1 basis-56">
        <p className="font-medium">
          <bdi>{who}</bdi>
          {member.userId === me.id && <span className="text-muted"> ({t('staff.you')})</span>}
        </p>
        <p className="break-all text-sm text-muted">
          <bdi>{member.email}</bdi>
        </p>
        <p className="text-sm text-muted">
          {t('staff.since', { date: date(member.since) })}
          {!member.hasSignedIn && ` · ${t('staff.invited')}`}
        </p>
      </div>
      {confirmingRemoval ? (
        <div className="flex w-full flex-col gap-2 rounded bg-amber-50 p-3 sm:w-auto">
          <p className="text-sm">{t('staff.removeConfirm', { who })}</p>
          <div className="flex flex-wrap gap-2">
            <Button
              className="min-h-11 bg-neutral-900 hover:bg-black"
              disabled={removing.isLoading}
              onClick={() => void removeMember()}
            >
              {t('staff.removeYes')}
            </Button>
            <Button
              variant="outline"
              className="min-h-11"
              onClick={() => setConfirmingRemoval(false)}
            >
              {t('staff.removeNo')}
            </Button>
          </div>
        </div>
      ) : (
        <div className="flex flex-wrap items-center gap-2">
          <RoleSelect value={role} onChange={setRole} label={t('staff.roleOf', { who })} />
          {role !== member.role && (
            <Button
              className="min-h-11 px-4"
              disabled={changing.isLoading}
              onClick={() => void saveRole()}
            >
              {t('staff.saveRole')}
            </Button>
          )}
          <Button
            variant="outline"
            className="min-h-11 px-4"
            onClick={() => setConfirmingRemoval(true)}
            aria-label={t('staff.removeLabel', { who })}
          >
            {t('staff.remove')}
          </Button>
        </div>
      )}
    </li>
  );
}

function InviteForm({ onNotice }: { onNotice: (n: Notice) => void }) {
  const { t } = useAdminTranslation();
  const { t: shopT, i18n } = useTranslation();
  const [invite, { isLoading }] = useInviteStaffMutation();
  // The invitation mail is written in the inviter's language.
  const locale = isLanguage(i18n.language) ? i18n.language : 'en';
  const blank = { email: '', name: '', role: 'fulfilment', locale } as const;
  const form = useAdminForm(staffInviteSchema, blank);
  const role = form.watch('role');

  const submit = async (values: StaffInvite) => {
    const result = await invite({ ...values, name: values.name?.trim() || undefined });
    if (result.error) {
      onNotice({ text: apiErrorMessage(shopT, result.error), failed: true });
      return result;
    }
    onNotice({
      text: t('staff.invitedNotice', { email: values.email, role: t(`roles.${values.role}`) }),
      failed: false,
    });
    form.reset({ ...blank, role: values.role });
    return result;
  };

  return (
    <Panel id="invite-heading" title={t('staff.invite')}>
      <AdminForm form={form} onSubmit={submit} className="flex flex-col gap-2">
        <p className="mb-2 text-sm text-muted">{t('staff.inviteHint')}</p>
        <TextInput
          name="email"
          type="email"
          autoComplete="off"
          dir="ltr"
          label={t('staff.email')}
          invalidText={t('staff.emailError')}
        />
        <TextInput
          name="name"
          autoComplete="off"
          maxLength={100}
          label={t('staff.nameOptional')}
          invalidText={t('staff.nameError')}
        />
        <SelectInput
          name="role"
          label={t('staff.role')}
          options={staffRoles.map((r) => ({ value: r, label: t(`roles.${r}`) }))}
        />
        <p className="text-sm text-muted">{t(`roleSummary.${role}`)}</p>
        <Button type="submit" disabled={isLoading} className="mt-2 min-h-11">
          {t('staff.inviteSubmit')}
        </Button>
      </AdminForm>
    </Panel>
  );
}
