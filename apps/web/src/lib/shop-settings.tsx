import { createContext, useContext } from 'react';
import { languageOf, linesIn } from '@souq/contracts/languages';
import type { ShopSettings } from '@souq/contracts/shop-settings';
import { countryName } from './country-names';

/*
 * The shop's settings as the storefront reads them: the server puts them into every page it
 * sends (PageState.settings), so no request is made for them. Only the type comes from the
 * contract: its schema and country list stay out of the shopper's scripts.
 */

const ShopSettingsContext = createContext<ShopSettings | null>(null);

export const ShopSettingsProvider = ShopSettingsContext.Provider;

/*
 * The order total from which every delivery zone delivers free, in minor units of the shop's
 * currency (PageState.freeDeliveryFrom, from the zones the owner keeps); null, and outside a
 * provider, when no such promise holds, so none is made.
 */
const FreeDeliveryContext = createContext<number | null>(null);

export const FreeDeliveryProvider = FreeDeliveryContext.Provider;

export function useFreeDeliveryFrom(): number | null {
  return useContext(FreeDeliveryContext);
}

export function useShopSettings(): ShopSettings {
  const settings = useContext(ShopSettingsContext);
  if (!settings) throw new Error('useShopSettings is used outside a ShopSettingsProvider');
  return settings;
}

/** A page without the server's state (the development server's index.html) asks for them. */
export async function fetchShopSettings(): Promise<ShopSettings> {
  const response = await fetch('/api/settings');
  if (!response.ok) throw new Error(`GET /api/settings answered ${response.status}`);
  return (await response.json()) as ShopSettings;
}

/** The number a `tel:` link dials: the + and the digits of the number as the owner wrote it. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^+\d]/g, '')}`;
}

/**
 * The shop's address as the footer and the invoice show it, one line each: street, area, city
 * (with its region when that is not the same place, and the postal code) as the owner wrote
 * them for the page's language, else from the address fields; then the country named in the
 * page's language.
 */
export function addressLines(
  { address, writtenAddress }: Pick<ShopSettings, 'address' | 'writtenAddress'>,
  language: string,
): string[] {
  const { intlLocale } = languageOf(language);
  const country = countryName(address.country, intlLocale);
  const written = linesIn(writtenAddress, language);
  if (written.length > 0) return [...written, country];
  const cityLine = [address.city, address.region !== address.city ? address.region : '']
    .filter(Boolean)
    .join(', ');
  const hasAddress = address.line1 !== '' || address.city !== '';
  return hasAddress
    ? [
        address.line1,
        address.line2,
        [cityLine, address.postalCode].filter(Boolean).join(' '),
        country,
      ].filter(Boolean)
    : [];
}
