import QRCode from 'qrcode';
import { majorUnitsText } from '@souq/contracts/money';

/** The five fields of a ZATCA simplified tax invoice's QR code, in tag order 1 to 5. */
export interface ZatcaQrFields {
  sellerName: string;
  vatNumber: string;
  /** When the document was issued. */
  issuedAt: Date;
  /** Minor units of `currency`, VAT included. */
  total: number;
  tax: number;
  currency: string;
}

/** One TLV field: tag and length one byte each, the value its UTF-8 bytes. */
function tlv(tag: number, value: string): Buffer {
  const bytes = Buffer.from(value, 'utf8');
  if (bytes.length > 255) throw new RangeError(`QR field ${tag} is longer than 255 bytes`);
  return Buffer.concat([Buffer.from([tag, bytes.length]), bytes]);
}

/**
 * The payload ZATCA's e-invoicing rules ask of a simplified invoice (phase 1, kept in phase 2's
 * first five tags): seller's name, VAT number, timestamp (ISO 8601, UTC), total with VAT and VAT
 * total (amounts as decimals), TLV-encoded, then base64.
 */
export function zatcaQrPayload(fields: ZatcaQrFields): string {
  return Buffer.concat([
    tlv(1, fields.sellerName),
    tlv(2, fields.vatNumber),
    tlv(3, fields.issuedAt.toISOString().replace(/\.\d{3}Z$/, 'Z')),
    tlv(4, majorUnitsText(fields.total, fields.currency)),
    tlv(5, majorUnitsText(fields.tax, fields.currency)),
  ]).toString('base64');
}

/** The payload as a QR code the ZATCA app reads, drawn as SVG (medium error correction). */
export async function zatcaQrCode(
  fields: ZatcaQrFields,
): Promise<{ payload: string; svg: string }> {
  const payload = zatcaQrPayload(fields);
  const svg = await QRCode.toString(payload, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return { payload, svg };
}
