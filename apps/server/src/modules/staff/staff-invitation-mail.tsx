/** @jsxRuntime automatic @jsxImportSource react */
import type { StaffRole } from '@souq/contracts/staff';
import type { LanguageCode } from '@souq/contracts/languages';
import type { ShopSettings } from '@souq/contracts/shop-settings';
import { mailText } from '../mail/mail-text';
import { MailButton, MailHeading, MailLayout, MailLink, Paragraph } from '../mail/templates/layout';
import { renderMail, type RenderedMail } from '../mail/templates/render';

export interface StaffInvitation {
  role: StaffRole;
  /** The shop's settings: its name and logo. */
  shop: ShopSettings;
  inviterName: string;
  locale: LanguageCode;
  /** Where the invited person opens the back office, on the shop's public address. */
  adminUrl: string;
  /** Where a new account sets its password; absent when the account already has one. */
  setPasswordUrl?: string;
}

/** The invitation to the back office, in the inviter's language, as HTML and plain text. */
export function staffInvitationMail(invitation: StaffInvitation): RenderedMail {
  const t = mailText(invitation.locale);
  const { shop, setPasswordUrl: link, adminUrl } = invitation;
  const subject = t('staffInvitation.subject', { shop: shop.shopName });
  const added = t('staffInvitation.added', {
    inviter: invitation.inviterName,
    role: t(`staffInvitation.roles.${invitation.role}`),
  });
  return renderMail(
    subject,
    <MailLayout
      locale={invitation.locale}
      shop={shop}
      origin={new URL(adminUrl).origin}
      preview={added}
      contactFooter={false}
    >
      <MailHeading>{subject}</MailHeading>
      <Paragraph>{added}</Paragraph>
      {link ? (
        <>
          <Paragraph>{t('staffInvitation.setPassword')}</Paragraph>
          <MailButton href={link}>{t('staffInvitation.setPasswordButton')}</MailButton>
        </>
      ) : (
        <Paragraph>{t('staffInvitation.signIn')}</Paragraph>
      )}
      <Paragraph>
        {t('staffInvitation.open')} <MailLink href={adminUrl}>{adminUrl}</MailLink>
      </Paragraph>
    </MailLayout>,
  );
}
