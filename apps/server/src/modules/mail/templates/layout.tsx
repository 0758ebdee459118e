/** @jsxRuntime automatic @jsxImportSource react */
import { Body } from '@react-email/body';
import { Button } from '@react-email/button';
import { Container } from '@react-email/container';
import { Head } from '@react-email/head';
import { Heading } from '@react-email/heading';
import { Hr } from '@react-email/hr';
import { Img } from '@react-email/img';
import { Link } from '@react-email/link';
import { Preview } from '@react-email/preview';
import { Section } from '@react-email/section';
import { Fragment, createContext, useContext, type ReactNode } from 'react';
import {
  defaultLanguage,
  languageOf,
  linesIn,
  shopLanguages,
  textIn,
  type LanguageCode,
} from '@souq/contracts/languages';
import type { ShopSettings } from '@souq/contracts/shop-settings';
import { mailCountryName, mailText } from '../mail-text';
import {
  COMPACT_LINE,
  isolate,
  isolateLtr,
  renderMail,
  textOfBlocks,
  type MaybeTextBlock,
  type RenderedMail,
  type TextBlock,
} from './render';

/** The storefront's colours (apps/web/src/index.css), so a mail looks like the shop it is from. */
export const mailColours = {
  brand: '#cf3333',
  text: '#1f2328',
  muted: '#6b7280',
  line: '#e5e7eb',
  page: '#f4f4f5',
  card: '#ffffff',
} as const;

const fontFamily =
  "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, Tahoma, Arial, 'Noto Sans Arabic', sans-serif";

/** The mail's language and the sides its text starts and ends on, for every block inside it. */
interface MailDirection {
  locale: LanguageCode;
  dir: 'ltr' | 'rtl';
  start: 'left' | 'right';
  end: 'left' | 'right';
}

const MailDirectionContext = createContext<MailDirection>({
  locale: 'en',
  dir: 'ltr',
  start: 'left',
  end: 'right',
});

/** Where the current mail's text starts and ends: mail clients know no `text-align: start`. */
export const useMailDirection = () => useContext(MailDirectionContext);

export function mailDirection(locale: LanguageCode): MailDirection {
  const { dir } = languageOf(locale);
  return dir === 'rtl'
    ? { locale, dir, start: 'right', end: 'left' }
    : { locale, dir, start: 'left', end: 'right' };
}

/**
 * How to reach the shop, from its settings, as plain lines: the company, its address (as the
 * owner wrote it for the mail's language where they did, the country named in that language),
 * phone, email, opening hours and VAT number.
 */
export function shopContactLines(shop: ShopSettings, locale: LanguageCode): string[] {
  const t = mailText(locale);
  const { address } = shop;
  const written = linesIn(shop.writtenAddress, locale);
  const parts =
    written.length > 0
      ? written
      : [address.line1, address.line2, address.city, address.region, address.postalCode];
  const separator = languageOf(locale).dir === 'rtl' ? '، ' : ', ';
  const place = parts
    .filter((part, index) => part !== '' && parts.indexOf(part) === index)
    .join(separator);
  const hours = textIn(shop.openingHours, locale);
  const reach = [
    place && `${place}${separator}${mailCountryName(address.country, locale)}`,
    shop.supportPhone && `${t('shop.phone')}: ${isolateLtr(shop.supportPhone)}`,
    shop.supportEmail && `${t('shop.email')}: ${isolate(shop.supportEmail)}`,
    hours && `${t('shop.hours')}: ${hours.replace(/\n/g, ', ')}`,
    shop.vatNumber && `${t('shop.vatNumber')}: ${isolate(shop.vatNumber)}`,
  ].filter((line) => line !== '');
  // A shop that has set no contact details is named by the signature alone.
  return reach.length === 0 ? [] : [shop.legalName || shop.shopName, ...reach];
}

export interface MailLayoutProps {
  locale: LanguageCode;
  shop: ShopSettings;
  /** The shop's public address (e.g. https://shop.example), which its logo is served from. */
  origin: string;
  /** The line a mail client shows after the subject in the inbox. */
  preview: string;
  children: ReactNode;
  /** Whether the shop's contact lines close the mail; staff's own mails leave them out. */
  contactFooter?: boolean;
}

/**
 * Every mail's frame: the shop's logo (or its name) on top, the message on a white card at most
 * 600 px wide that narrows to the screen on a phone, and the shop's contact lines below; in the
 * mail's language and direction, with inline styles and tables as mail clients need.
 */
export function MailLayout({
  locale,
  shop,
  origin,
  preview,
  children,
  contactFooter = true,
}: MailLayoutProps) {
  const direction = mailDirection(locale);
  const contact = contactFooter ? shopContactLines(shop, locale) : [];
  return (
    <html lang={locale} dir={direction.dir}>
      <Head>
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light" />
        <style>{`@media only screen and (max-width: 620px) { .mail-card { padding: 24px 16px !important; } .mail-page { padding: 12px 8px !important; } }`}</style>
      </Head>
      <Body
        dir={direction.dir}
        style={{
          margin: 0,
          backgroundColor: mailColours.page,
          color: mailColours.text,
          fontFamily,
          textAlign: direction.start,
        }}
      >
        <Preview>{preview}</Preview>
        <MailDirectionContext.Provider value={direction}>
          <Container className="mail-page" style={{ maxWidth: '600px', padding: '24px 12px' }}>
            {/* The text part starts with the message: the shop names itself in the sign-off. */}
            <Section
              data-skip-in-text="true"
              style={{ padding: '0 4px 16px', textAlign: direction.start }}
            >
              {shop.logo ? (
                <Img
                  src={new URL(shop.logo, origin).href}
                  alt={shop.shopName}
                  height="40"
                  style={{ height: '40px', width: 'auto', maxWidth: '200px' }}
                />
              ) : (
                <p
                  style={{
                    margin: 0,
                    fontSize: '22px',
                    lineHeight: '28px',
                    fontWeight: 700,
                    color: mailColours.brand,
                  }}
                >
                  {shop.shopName}
                </p>
              )}
            </Section>
            <Section
              className="mail-card"
              style={{
                backgroundColor: mailColours.card,
                borderRadius: '8px',
                borderTop: `4px solid ${mailColours.brand}`,
                padding: '32px 32px',
                textAlign: direction.start,
              }}
            >
              {children}
            </Section>
            {contact.length > 0 && (
              <Section style={{ padding: '16px 4px 0', textAlign: direction.start }}>
                {contact.map((line) => (
                  <p
                    key={line}
                    className={COMPACT_LINE}
                    style={{
                      margin: 0,
                      fontSize: '12px',
                      lineHeight: '18px',
                      color: mailColours.muted,
                    }}
                  >
                    {line}
                  </p>
                ))}
              </Section>
            )}
          </Container>
        </MailDirectionContext.Provider>
      </Body>
    </html>
  );
}

/** A mail's heading: what the mail is about, in a line. */
export function MailHeading({ children }: { children: ReactNode }) {
  return (
    <Heading
      as="h1"
      style={{ margin: '0 0 16px', fontSize: '22px', lineHeight: '30px', fontWeight: 700 }}
    >
      {children}
    </Heading>
  );
}

/** A sub-heading within a mail, e.g. above the order's items. */
export function MailSubheading({ children }: { children: ReactNode }) {
  return (
    <Heading
      as="h2"
      style={{ margin: '24px 0 8px', fontSize: '16px', lineHeight: '24px', fontWeight: 700 }}
    >
      {children}
    </Heading>
  );
}

/** A paragraph of the message; `muted` for what is said in passing. */
export function Paragraph({ children, muted = false }: { children: ReactNode; muted?: boolean }) {
  return (
    <p
      style={{
        margin: '0 0 16px',
        fontSize: muted ? '14px' : '16px',
        lineHeight: muted ? '20px' : '24px',
        color: muted ? mailColours.muted : mailColours.text,
      }}
    >
      {children}
    </p>
  );
}

/** Text someone typed (bank details, a reply), its line breaks kept as breaks. */
export function TypedLines({ text }: { text: string }) {
  return (
    <>
      {text.split(/\r?\n/).map((line, index) => (
        <Fragment key={index}>
          {index > 0 && <br />}
          {line}
        </Fragment>
      ))}
    </>
  );
}

/** `TypedLines` as text: its lines one under the other. */
export const typedLinesText = (text: string) => text.split(/\r?\n/).join('\n');

/** The mail's main action, as a button in the shop's colour. */
export function MailButton({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Section style={{ margin: '8px 0 24px' }}>
      <Button
        href={href}
        style={{
          backgroundColor: mailColours.brand,
          color: '#ffffff',
          borderRadius: '6px',
          fontSize: '16px',
          fontWeight: 700,
          lineHeight: '24px',
          padding: '12px 24px',
          textDecoration: 'none',
        }}
      >
        {children}
      </Button>
    </Section>
  );
}

/** A link in the shop's colour, inside a paragraph. */
export function MailLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Link href={href} style={{ color: mailColours.brand, textDecoration: 'underline' }}>
      {children}
    </Link>
  );
}

/** Label and value pairs, one a line: a parcel's carrier and tracking number, a note. */
export function Facts({ rows }: { rows: [label: string, value: string][] }) {
  return (
    <p style={{ margin: '0 0 16px', fontSize: '16px', lineHeight: '24px' }}>
      {rows.map(([label, value], index) => (
        <Fragment key={label}>
          {index > 0 && <br />}
          {`${label}: `}
          <strong>{value}</strong>
        </Fragment>
      ))}
    </p>
  );
}

/** A thin line between parts of a mail. */
export function Divider() {
  return <Hr style={{ borderColor: mailColours.line, margin: '24px 0' }} />;
}

/** A link in a text part: its words, then its address unless the words are the address. */
export const linkText = (words: string, href: string) =>
  words === href ? href : `${words} ${href}`;

/**
 * The layout's blocks as a text part writes them, with the breaks a plain view gives the HTML's
 * (`textOfBlocks`): a template that writes its text uses these beside the components above.
 */
export const textBlocks = {
  /** `MailHeading` */
  heading: (text: string): TextBlock => ({ text, before: 1, after: 2 }),
  /** `MailSubheading` */
  subheading: (text: string): TextBlock => ({ text, before: 2, after: 1 }),
  /** `Paragraph`, `Facts` (their rows one a line) and any other paragraph */
  paragraph: (text: string): TextBlock => ({ text, before: 2, after: 2 }),
  /** A `COMPACT_LINE` paragraph */
  line: (text: string): TextBlock => ({ text, before: 1, after: 1 }),
  /** A row of a table (its cells' lines one under the other), a blank line after it */
  row: (lines: string[]): TextBlock => ({ text: lines.join('\n'), before: 1, after: 2 }),
  /** `MailButton` */
  button: (words: string, href: string): TextBlock => ({
    text: linkText(words, href),
    before: 1,
    after: 1,
  }),
  /** `Divider` */
  divider: (): TextBlock => ({ text: '-'.repeat(40), before: 2, after: 2 }),
  /** `Facts` */
  facts: (rows: [label: string, value: string][]): TextBlock => ({
    text: rows.map(([label, value]) => `${label}: ${value}`).join('\n'),
    before: 2,
    after: 2,
  }),
};

/** A text part as `MailLayout` frames the HTML: the message, then the shop's contact lines. */
export function layoutText(
  body: readonly MaybeTextBlock[],
  {
    locale,
    shop,
    contactFooter = true,
  }: Pick<MailLayoutProps, 'locale' | 'shop' | 'contactFooter'>,
): string {
  const contact = contactFooter ? shopContactLines(shop, locale) : [];
  return textOfBlocks([...body, ...contact.map(textBlocks.line)]);
}

/**
 * An owners' mail in each of the shop's languages in turn, each section in its own language and
 * direction under its title: the shop keeps no language per owner. The subject joins the titles.
 */
export function renderOwnersMail(
  title: (locale: LanguageCode) => string,
  body: (locale: LanguageCode) => ReactNode,
  shop: ShopSettings,
  origin: string,
): RenderedMail {
  const subject = shopLanguages.map(({ code }) => title(code)).join(' · ');
  return renderMail(
    subject,
    <MailLayout
      locale={defaultLanguage}
      shop={shop}
      origin={origin}
      preview={subject}
      contactFooter={false}
    >
      {shopLanguages.map(({ code }) => (
        <section
          key={code}
          lang={code}
          dir={languageOf(code).dir}
          style={{ textAlign: mailDirection(code).start }}
        >
          <MailHeading>{title(code)}</MailHeading>
          {body(code)}
        </section>
      ))}
    </MailLayout>,
  );
}
