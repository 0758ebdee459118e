import { numberFormat } from '../../../lib/number-format';

/** How many minor units a currency's major unit has: 2 for USD, 3 for KWD, 0 for JPY. */
export function minorDigits(currency: string): number {
  return (
    numberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2
  );
}

/**
 * An amount typed in major units ("12.5", "1,299.99", Arabic-Indic digits too) as exact minor
 * units (1250), by its digits, never through floating point; null when it is not an amount in
 * that currency (letters, a sign, more decimals than the currency has).
 */
export function parseMajorUnits(text: string, currency: string): number | null {
  const digits = minorDigits(currency);
  const western = text
    .trim()
    .replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x0660))
    .replace(/[\u06f0-\u06f9]/g, (d) => String(d.charCodeAt(0) - 0x06f0))
    .replace(/\u066b/g, '.')
    .replace(/[,\u066c\s]/g, '');
  const match = /^(\d{1,10})(?:\.(\d*))?$/.exec(western);
  if (!match) return null;
  const [, whole = '', fraction = ''] = match;
  if (fraction.length > digits) return null;
  return Number(whole) * 10 ** digits + Number(fraction.padEnd(digits, '0') || '0');
}

/** Minor units as the editor shows them for typing: "12.50". */
export function formatMajorUnits(minorUnits: number, currency: string): string {
  const digits = minorDigits(currency);
  const whole = Math.floor(minorUnits / 10 ** digits);
  const fraction = String(minorUnits % 10 ** digits).padStart(digits, '0');
  return digits === 0 ? String(whole) : `${whole}.${fraction}`;
}
