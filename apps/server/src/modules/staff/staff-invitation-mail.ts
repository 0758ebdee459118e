import type { StaffRole } from '@souq/contracts/staff';
import type { LanguageCode } from '@souq/contracts/languages';
import { mailText } from '../mail/mail-text';
import { escapeHtml, htmlDocument, type RenderedMail } from '../mail/templates/render';

export interface StaffInvitation {
  role: StaffRole;
  /** The shop's name from its settings. */
  shopName: string;
  inviterName: string;
  locale: LanguageCode;
  /** Where the invited person opens the back office. */
  adminUrl: string;
  /** Where a new account sets its password; absent when the account already has one. */
  setPasswordUrl?: string;
}

/** The invitation to the back office, in the inviter's language, as HTML and plain text. */
export function staffInvitationMail(invitation: StaffInvitation): RenderedMail {
  const t = mailText(invitation.locale);
  const w = {
    subject: t('staffInvitation.subject', { shop: invitation.shopName }),
    setPassword: t('staffInvitation.setPassword'),
    setPasswordButton: t('staffInvitation.setPasswordButton'),
    signIn: t('staffInvitation.signIn'),
    open: t('staffInvitation.open'),
  };
  const added = t('staffInvitation.added', {
    inviter: invitation.inviterName,
    role: t(`staffInvitation.roles.${invitation.role}`),
  });
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
