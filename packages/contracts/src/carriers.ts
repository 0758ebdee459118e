import { z } from 'zod';
import { recordIdSchema } from './bounds';
import { singleLineText } from './plain-text';

/*
 * The carriers the shop ships with (carriers.manage), each with the address of its tracking page
 * for a parcel: shipping an order picks one and the parcel's tracking number, and the shopper's
 * mail, My Orders and the guest look-up link to the carrier's page for it.
 */

/** Where a tracking page's address takes the parcel's number. */
export const TRACKING_NUMBER_PLACEHOLDER = '{number}';

/** An https address with `{number}` where the tracking number goes. */
export const trackingUrlTemplateSchema = z
  .string()
  .trim()
  .max(300, 'An address has at most 300 characters')
  .refine(
    (template) =>
      template.includes(TRACKING_NUMBER_PLACEHOLDER) &&
      URL.parse(template.replaceAll(TRACKING_NUMBER_PLACEHOLDER, '1'))?.protocol === 'https:',
    `Enter an https address with ${TRACKING_NUMBER_PLACEHOLDER} where the tracking number goes`,
  );

/** POST /api/admin/carriers, PUT /api/admin/carriers/:id. */
export const carrierInputSchema = z.object({
  name: singleLineText()
    .min(1, 'Enter the carrier’s name')
    .max(60, 'A name has at most 60 characters'),
  trackingUrl: trackingUrlTemplateSchema,
});
export type CarrierInput = z.infer<typeof carrierInputSchema>;

export const carrierSchema = carrierInputSchema.extend({ id: recordIdSchema });
export type Carrier = z.infer<typeof carrierSchema>;

/** GET /api/admin/carriers: every carrier, by name. */
export const carrierListSchema = z.object({ items: z.array(carrierSchema) });
export type CarrierList = z.infer<typeof carrierListSchema>;

/** The carrier's tracking page for one parcel: the number encoded into the address. */
export function trackingLink(template: string, trackingNumber: string): string {
  return template.replaceAll(TRACKING_NUMBER_PLACEHOLDER, encodeURIComponent(trackingNumber));
}

/** The carriers a new shop starts with; the owner edits, removes and adds to them. */
export const defaultCarriers: readonly CarrierInput[] = [
  {
    name: 'Aramex',
    trackingUrl: 'https://www.aramex.com/track/results?ShipmentNumber={number}',
  },
  {
    name: 'SMSA Express',
    trackingUrl: 'https://www.smsaexpress.com/trackingdetails?tracknumbers={number}',
  },
  {
    name: 'DHL Express',
    trackingUrl:
      'https://www.dhl.com/global-en/home/tracking/tracking-express.html?tracking-id={number}',
  },
  {
    name: 'Egypt Post',
    trackingUrl: 'https://egyptpost.gov.eg/en-us/TrackTrace/GetShipmentDetails?barcode={number}',
  },
];
