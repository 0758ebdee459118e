import { z } from 'zod';
import { emailSchema } from './auth';
import { isCurrencyCode } from './money';
import { countryCodeSchema } from './countries';
import { defaultLanguage } from './languages';
import { textPerLanguageSchema } from './language-schemas';
import { parseMediaPath } from './media';
import { multiLineText, singleLineText } from './plain-text';

/*
 * The shop's own details as the owner sets them in the back office (settings.manage): who the
 * shop is, how shoppers reach it, the promo bar and the display delays. One record per shop;
 * GET /api/settings gives shoppers all of it (nothing here is private), and the server puts it
 * into every page it sends, so the storefront makes no request for it. The storefront imports
 * only the type from here.
 */

/** Social networks the footer and JSON-LD link to, each with the hosts its pages live on. */
export const socialNetworks = {
  instagram: ['instagram.com'],
  facebook: ['facebook.com', 'fb.com'],
  x: ['x.com', 'twitter.com'],
  linkedin: ['linkedin.com'],
} as const satisfies Record<string, readonly string[]>;
export type SocialNetwork = keyof typeof socialNetworks;
export const socialNetworkNames = Object.keys(socialNetworks) as SocialNetwork[];

/** An https address on one of the network's hosts (or a subdomain, e.g. www.), or '' for none. */
function socialLinkSchema(network: SocialNetwork) {
  const hosts: readonly string[] = socialNetworks[network];
  return z
    .string()
    .trim()
    .max(300, 'An address has at most 300 characters')
    .refine((text) => {
      if (text === '') return true;
      const url = URL.parse(text);
      return (
        url !== null &&
        url.protocol === 'https:' &&
        hosts.some((host) => url.hostname === host || url.hostname.endsWith(`.${host}`))
      );
    }, `Enter an https address on ${hosts[0]}, or leave it empty`);
}

export { countryCodeSchema, countryCodes } from './countries';

/**
 * A phone number in international form (E.164 with the spaces, dashes and brackets people
 * write): a + and the country code, then 8 to 15 digits in all; or '' for none.
 */
export const supportPhoneSchema = singleLineText()
  .max(24, 'A phone number has at most 24 characters')
  .refine((text) => {
    if (text === '') return true;
    const digits = text.replace(/[\s()-]/g, '');
    return /^\+[1-9]\d{7,14}$/.test(digits);
  }, 'Enter the number in international form, like +971 4 123 4567');

/** An uploaded picture's path (`/media/<key>/<width>.webp`), as POST /api/admin/media answers. */
const logoSchema = z
  .string()
  .refine((path) => parseMediaPath(path) !== null, 'Upload the logo again')
  .nullable();

/** A path on the shop (`/productS`) or an https address elsewhere. */
const promoLinkSchema = z
  .string()
  .trim()
  .max(300, 'A link has at most 300 characters')
  .refine((text) => {
    if (text === '') return true;
    if (text.startsWith('/')) return !text.startsWith('//') && !/[\s\\]/.test(text);
    return URL.parse(text)?.protocol === 'https:';
  }, 'Enter a path on the shop, like /productS, or an https address');

export const PROMO_TEXT_MAX = 140;
export const OPENING_HOURS_MAX = 300;
export const WRITTEN_ADDRESS_MAX = 400;

export const shopAddressSchema = z.object({
  line1: singleLineText().max(120, 'At most 120 characters'),
  line2: singleLineText().max(120, 'At most 120 characters'),
  city: singleLineText().max(80, 'At most 80 characters'),
  region: singleLineText().max(80, 'At most 80 characters'),
  postalCode: singleLineText()
    .max(16, 'At most 16 characters')
    .regex(/^[A-Za-z0-9 -]*$/, 'Use letters, digits, spaces and dashes'),
  country: countryCodeSchema,
});
export type ShopAddress = z.infer<typeof shopAddressSchema>;

export const shopSettingsSchema = z
  .object({
    /**
     * What the shop sells in (ISO 4217): new and imported products take it, and changing it
     * re-labels the catalog's prices and coupons (settings.service.ts); orders keep their own.
     */
    currency: z
      .string()
      .trim()
      .refine(isCurrencyCode, 'Choose a currency (ISO 4217 code, like KWD)'),
    /** As the header, page titles, social cards, JSON-LD and mail name the shop. */
    shopName: singleLineText()
      .min(1, 'Enter the shop’s name')
      .max(60, 'A shop name has at most 60 characters'),
    logo: logoSchema,
    /** The company behind the shop, as invoices and the footer name it; '' when the same. */
    legalName: singleLineText().max(120, 'At most 120 characters'),
    address: shopAddressSchema,
    /**
     * The street, area and city as written in a language, a line each (the Arabic address on
     * Arabic pages, invoices and mail); the country is still named from `address.country`. A
     * language without one shows `address`.
     */
    writtenAddress: textPerLanguageSchema(
      multiLineText().max(WRITTEN_ADDRESS_MAX, `At most ${WRITTEN_ADDRESS_MAX} characters`),
    ).default({}),
    vatNumber: singleLineText()
      .max(30, 'At most 30 characters')
      .regex(/^[A-Za-z0-9 -]*$/, 'Use letters, digits, spaces and dashes'),
    supportPhone: supportPhoneSchema,
    supportEmail: z.literal('').or(emailSchema),
    /** Free text per language, e.g. "Saturday to Thursday, 10:00 to 22:00". */
    openingHours: textPerLanguageSchema(
      multiLineText().max(OPENING_HOURS_MAX, `At most ${OPENING_HOURS_MAX} characters`),
    ),
    socialLinks: z.object({
      instagram: socialLinkSchema('instagram'),
      facebook: socialLinkSchema('facebook'),
      x: socialLinkSchema('x'),
      linkedin: socialLinkSchema('linkedin'),
    }),
    /** The bar above the header: its text per language, where it links, and whether it shows. */
    promoBar: z.object({
      enabled: z.boolean(),
      text: textPerLanguageSchema(
        singleLineText().max(PROMO_TEXT_MAX, `At most ${PROMO_TEXT_MAX} characters`),
      ),
      link: promoLinkSchema,
    }),
    /** The seed's loader before some pages (seed-spec §2); off shows every page at once. */
    displayDelays: z.boolean(),
    /** Whether a new or edited review waits for staff to publish it; off shows it at once. */
    reviewsNeedApproval: z.boolean().default(false),
    /**
     * Whether catalog prices include VAT (the Gulf norm, and the default): the tax is then the
     * part of each price it holds; off, it is added at checkout (decision 023).
     */
    pricesIncludeTax: z.boolean().default(true),
    /**
     * The installed app's first-order offer, in minor units of `currency`; 0 turns it off. Absent
     * (a shop that has not set it) is 3 whole units of the currency (app-offer.ts).
     */
    appOfferAmount: z
      .number()
      .int('Enter a whole amount')
      .min(0, 'Enter 0 or more')
      .max(100_000_000, 'At most 100000000')
      .optional(),
  })
  .superRefine((settings, context) => {
    if (settings.promoBar.enabled && !settings.promoBar.text[defaultLanguage]) {
      context.addIssue({
        code: 'custom',
        path: ['promoBar', 'text', defaultLanguage],
        message: 'Write the promo text, or turn the promo bar off',
      });
    }
  });
export type ShopSettings = z.infer<typeof shopSettingsSchema>;
/** What the back-office form holds before the schema has trimmed it. */
export type ShopSettingsInput = z.input<typeof shopSettingsSchema>;

/**
 * A shop that has set nothing yet (a new shop without the demo catalog): its name, the display
 * delays the seed describes, and nothing else shown.
 */
export const blankShopSettings: ShopSettings = {
  currency: 'USD',
  shopName: 'Souq',
  logo: null,
  legalName: '',
  address: { line1: '', line2: '', city: '', region: '', postalCode: '', country: 'AE' },
  writtenAddress: {},
  vatNumber: '',
  supportPhone: '',
  supportEmail: '',
  openingHours: {},
  socialLinks: { instagram: '', facebook: '', x: '', linkedin: '' },
  promoBar: { enabled: false, text: {}, link: '' },
  displayDelays: true,
  reviewsNeedApproval: false,
  pricesIncludeTax: true,
};
