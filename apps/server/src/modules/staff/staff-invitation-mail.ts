import type { StaffRole } from '@souq/contracts/staff';

export type MailLocale = 'en' | 'ar';

export interface StaffInvitation {
  to: string;
  role: StaffRole;
  inviterName: string;
  locale: MailLocale;
  /** Where the invited person opens the back office. */
  adminUrl: string;
  /** Where a new account sets its password; absent when the account already has one. */
  setPasswordUrl?: string;
}

const roleNames: Record<MailLocale, Record<StaffRole, string>> = {
  en: { owner: 'owner', manager: 'manager', fulfilment: 'fulfilment', support: 'support' },
  ar: { owner: 'مالك', manager: 'مدير', fulfilment: 'تجهيز الطلبات', support: 'دعم العملاء' },
};

/** The invitation to the back office, in the inviter's language. */
export function staffInvitationMail(invitation: StaffInvitation) {
  const role = roleNames[invitation.locale][invitation.role];
  const inviter = invitation.inviterName;
  const link = invitation.setPasswordUrl;
  if (invitation.locale === 'ar') {
    return {
      to: invitation.to,
      subject: 'دعوة للانضمام إلى فريق عمل سوق',
      text: [
        `أضافك ${inviter} إلى فريق عمل المتجر بدور «${role}».`,
        link
          ? `اختر كلمة مرور لحسابك من هذا الرابط (صالح لمدة 7 أيام):\n${link}`
          : 'سجّل الدخول بحسابك المعتاد.',
        `ثم افتح لوحة الإدارة:\n${invitation.adminUrl}`,
      ].join('\n\n'),
    };
  }
  return {
    to: invitation.to,
    subject: 'You are invited to the Souq back office',
    text: [
      `${inviter} added you to the shop's staff as ${role}.`,
      link
        ? `Choose a password for your account here (the link works for 7 days):\n${link}`
        : 'Sign in with your usual account.',
      `Then open the back office:\n${invitation.adminUrl}`,
    ].join('\n\n'),
  };
}
