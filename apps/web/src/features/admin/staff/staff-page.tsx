import { useEffect, useId, useRef, useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  staffInviteSchema,
  staffRoles,
  type StaffMember,
  type StaffRole,
} from '@souq/contracts/staff';
import { Button } from '../../../components/ui/button';
import { fieldAria, FormField, inputClass } from '../../../components/ui/form-field';
import { apiErrorMessage, readApiError } from '../../../lib/api-error';
import { isLanguage } from '../../../lib/languages';
import {
  useChangeStaffRoleMutation,
  useGetStaffQuery,
  useInviteStaffMutation,
  useRemoveStaffMutation,
} from './staff-api';
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
  fill = false,
}: {
  id?: string;
  /** As wide as its form (the invitation) rather than as its longest role (a member's row). */
  fill?: boolean;
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
      className={`min-h-11 rounded border border-neutral-300 bg-white px-3 text-sm ${fill ? 'w-full' : ''}`}
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
  const id = useId();
  const [invite, { isLoading }] = useInviteStaffMutation();
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [role, setRole] = useState<StaffRole>('fulfilment');
  const [invalid, setInvalid] = useState<Record<string, boolean>>({});
  const emailError = invalid.email ? t('staff.emailError') : undefined;
  const nameError = invalid.name ? t('staff.nameError') : undefined;

  const submit = async (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    // The invitation mail is written in the inviter's language.
    const locale = isLanguage(i18n.language) ? i18n.language : 'en';
    const parsed = staffInviteSchema.safeParse({
      email,
      role,
      locale,
      ...(name.trim() ? { name } : {}),
    });
    if (!parsed.success) {
      setInvalid(
        Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), true])),
      );
      return;
    }
    setInvalid({});
    const result = await invite(parsed.data);
    if (result.error) {
      const { fields } = readApiError(result.error);
      setInvalid(Object.fromEntries(Object.keys(fields).map((field) => [field, true])));
      onNotice({ text: apiErrorMessage(shopT, result.error), failed: true });
      return;
    }
    onNotice({
      text: t('staff.invitedNotice', { email: parsed.data.email, role: t(`roles.${role}`) }),
      failed: false,
    });
    setEmail('');
    setName('');
  };

  return (
    <Panel id="invite-heading" title={t('staff.invite')}>
      <form onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-2">
        <p className="mb-2 text-sm text-muted">{t('staff.inviteHint')}</p>
        <FormField id={`${id}-email`} label={t('staff.email')} error={emailError}>
          <input
            {...fieldAria(`${id}-email`, emailError)}
            type="email"
            autoComplete="off"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            dir="ltr"
            className={`${inputClass} min-h-11 rtl:text-end`}
          />
        </FormField>
        <FormField id={`${id}-name`} label={t('staff.nameOptional')} error={nameError}>
          <input
            {...fieldAria(`${id}-name`, nameError)}
            autoComplete="off"
            value={name}
            onChange={(event) => setName(event.target.value)}
            maxLength={100}
            className={`${inputClass} min-h-11`}
          />
        </FormField>
        <FormField id={`${id}-role`} label={t('staff.role')}>
          <RoleSelect id={`${id}-role`} value={role} onChange={setRole} fill />
        </FormField>
        <p className="text-sm text-muted">{t(`roleSummary.${role}`)}</p>
        <Button type="submit" disabled={isLoading} className="mt-2 min-h-11">
          {t('staff.inviteSubmit')}
        </Button>
      </form>
    </Panel>
  );
}
