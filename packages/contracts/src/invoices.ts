import { z } from 'zod';
import { addressFieldsSchema } from './addresses';
import { minorUnitsSchema, nameTranslationsSchema } from './catalog';
import { lineVariantSchema } from './orders';
import { shopAddressSchema, shopSettingsSchema } from './shop-settings';

/*
 * Tax invoices and credit notes (decision 024): what GET /api/orders/:id/invoice, the guest's
 * POST /api/orders/lookup/invoice and the back office's GET /api/admin/orders/:id/invoice answer.
 * Amounts are minor units of the order's currency and include VAT; `tax` is the VAT within them.
 */

/** "INV-000042": the invoice series, six digits at least, so numbers sort as they were issued. */
export function invoiceNumberText(number: number): string {
  return `INV-${String(number).padStart(6, '0')}`;
}

/** "CN-000007": credit notes have a series of their own. */
export function creditNoteNumberText(number: number): string {
  return `CN-${String(number).padStart(6, '0')}`;
}

/** The seller as the shop settings named it when the invoice was issued. */
export const sellerSchema = z.object({
  /** The legal name, or the shop's name when the settings leave it empty. */
  name: z.string(),
  address: shopAddressSchema,
  /** As the shop settings' `writtenAddress`; invoices made before it was a setting have none. */
  writtenAddress: shopSettingsSchema.shape.writtenAddress,
  /** '' when the shop has none. */
  vatNumber: z.string(),
});
export type Seller = z.infer<typeof sellerSchema>;

/** The ZATCA simplified-invoice QR code: its TLV payload in base64 and the code drawn as SVG. */
const qrCodeSchema = z.object({ payload: z.string(), svg: z.string() });

const documentLineSchema = z.object({
  orderLineId: z.number().int().positive(),
  name: z.string(),
  translations: nameTranslationsSchema,
  variant: lineVariantSchema.nullable(),
  quantity: z.number().int().positive(),
  /** Each unit as charged. */
  unitPrice: minorUnitsSchema,
  /** Basis points: 1500 is 15%. */
  taxRate: z.number().int().min(0),
  /** The VAT within `amount`. */
  tax: minorUnitsSchema,
  amount: minorUnitsSchema,
});
export type TaxDocumentLine = z.infer<typeof documentLineSchema>;

/** Totals every document shows: net of VAT, the VAT, and what was paid or given back. */
const documentTotalsSchema = z.object({
  currency: z.string().length(3),
  totalExcludingTax: z.number().int(),
  tax: minorUnitsSchema,
  total: minorUnitsSchema,
});

/**
 * Why an invoice is credited: `refund`, money staff gave back; `cancelled` and
 * `delivery_refused`, a sale that did not happen, credited whole whether or not money was paid.
 */
export const creditReasons = ['refund', 'cancelled', 'delivery_refused'] as const;
export type CreditReason = (typeof creditReasons)[number];

export const creditNoteSchema = documentTotalsSchema.extend({
  number: z.string(),
  issuedAt: z.string(),
  /** The invoice it corrects. */
  invoiceNumber: z.string(),
  lines: z.array(documentLineSchema),
  /** Shipping given back, VAT included; 0 when none. */
  shipping: minorUnitsSchema,
  reason: z.enum(creditReasons),
  note: z.string().nullable(),
  qrCode: qrCodeSchema.nullable(),
});
export type CreditNote = z.infer<typeof creditNoteSchema>;

export const taxInvoiceSchema = documentTotalsSchema.extend({
  number: z.string(),
  issuedAt: z.string(),
  orderId: z.number().int().positive(),
  orderNumber: z.string(),
  seller: sellerSchema,
  buyer: addressFieldsSchema.extend({ email: z.string() }),
  pricesIncludeTax: z.boolean(),
  lines: z.array(documentLineSchema),
  subtotal: minorUnitsSchema,
  discount: minorUnitsSchema,
  shipping: minorUnitsSchema,
  shippingTax: minorUnitsSchema,
  /** Drawn for a seller in Saudi Arabia with a VAT number; null elsewhere. */
  qrCode: qrCodeSchema.nullable(),
  /** Oldest first. */
  creditNotes: z.array(creditNoteSchema),
});
export type TaxInvoice = z.infer<typeof taxInvoiceSchema>;
