import type { StaffRole } from '@souq/contracts/staff';
import { escapeHtml, htmlDocument, type RenderedMail } from '../mail/templates/render';

export type MailLocale = 'en' | 'ar';

export interface StaffInvitation {
  role: StaffRole;
  inviterName: string;
  locale: MailLocale;
  /** Where the invited person opens the back office. */
  adminUrl: string;
  /** Where a new account sets its password; absent when the account already has one. */
  setPasswordUrl?: string;
}

const words = {
  en: {
    subject: 'You are invited to the Souq back office',
    added: (inviter: string, role: string) =>
      `${inviter} added you to the shop's staff as ${role}.`,
    setPassword: 'Choose a password for your account here (the link works for 7 days):',
    setPasswordButton: 'Choose a password',
    signIn: 'Sign in with your usual account.',
    open: 'Then open the back office:',
    roles: { owner: 'owner', manager: 'manager', fulfilment: 'fulfilment', support: 'support' },
  },
  ar: {
    subject: 'دعوة للانضمام إلى فريق عمل سوق',
    added: (inviter: string, role: string) =>
      `أضافك ${inviter} إلى فريق عمل المتجر بدور «${role}».`,
    setPassword: 'اختر كلمة مرور لحسابك من هذا الرابط (صالح لمدة 7 أيام):',
    setPasswordButton: 'اختر كلمة المرور',
    signIn: 'سجّل الدخول بحسابك المعتاد.',
    open: 'ثم افتح لوحة الإدارة:',
    roles: { owner: 'مالك', manager: 'مدير', fulfilment: 'تجهيز الطلبات', support: 'دعم العملاء' },
  },
} satisfies Record<MailLocale, unknown>;

/** The invitation to the back office, in the inviter's language, as HTML and plain text. */
export function staffInvitationMail(invitation: StaffInvitation): RenderedMail {
  const w = words[invitation.locale];
  const added = w.added(invitation.inviterName, w.roles[invitation.role]);
  const link = invitation.setPasswordUrl;
  const text = [
    added,
    link ? `${w.setPassword}\n${link}` : w.signIn,
    `${w.open}\n${invitation.adminUrl}`,
  ].join('\n\n');
  const anchor = (href: string, label: string) =>
    `<a href="${escapeHtml(href)}" style="color:#db4444">${escapeHtml(label)}</a>`;
  const html = htmlDocument(
    invitation.locale,
    w.subject,
    [
      `<p>${escapeHtml(added)}</p>`,
      link
        ? `<p>${escapeHtml(w.setPassword)}<br>${anchor(link, w.setPasswordButton)}</p>`
        : `<p>${escapeHtml(w.signIn)}</p>`,
      `<p>${escapeHtml(w.open)}<br>${anchor(invitation.adminUrl, invitation.adminUrl)}</p>`,
    ].join('\n'),
  );
  return { subject: w.subject, text, html };
}
