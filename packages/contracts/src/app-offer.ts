import { minorUnitDigits } from './money';

/**
 * The installed app's first-order discount in the shop's currency (minor units; 0 when off): the
 * owner's `appOfferAmount` from the shop settings, else 3 whole units of the currency (the
 * seed's "$3"). Apart from shop-settings.ts so the storefront's footer reads it without zod.
 */
export function appOfferAmount(settings: { appOfferAmount?: number; currency: string }): number {
  return settings.appOfferAmount ?? 3 * 10 ** minorUnitDigits(settings.currency);
}
