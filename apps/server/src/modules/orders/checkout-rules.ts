import type { ShippingZone } from '@souq/contracts/shipping';
import type { ShippingZonesReader } from '../shipping/shipping.repository';
import type { TaxRatesReader } from '../tax/tax.repository';

/** The shipping zones and VAT rates a quote or an order is priced by. */
export interface CheckoutRules {
  zones: ShippingZone[];
  /** The country's standard rate in basis points; 0 where the shop charges no VAT. */
  rateFor(country: string): number;
}

/** What the rules are read from: the counter (migration 0038) and the two readers. */
export interface CheckoutRulesQueries {
  checkoutRulesVersion(): Promise<number>;
  shippingZones: ShippingZonesReader;
  taxRates: TaxRatesReader;
}

/**
 * The rules kept per version (decision 029): each quote and order reads the one counter row that
 * every change of a zone, method or rate moves (by trigger, whoever made it), and reads the
 * zones and rates again only when it moved. Read in the caller's transaction, so an order is
 * priced by rules no older than its own start; an order reads the version with its other reads
 * and passes it (`version`).
 */
export function keptCheckoutRules() {
  let kept: { version: number; rules: CheckoutRules } | undefined;
  return async (queries: CheckoutRulesQueries, version?: number): Promise<CheckoutRules> => {
    version ??= await queries.checkoutRulesVersion();
    if (kept?.version === version) return kept.rules;
    const zones = await queries.shippingZones.list();
    const rates = new Map((await queries.taxRates.list()).map((r) => [r.country, r.rateBp]));
    const rules = { zones, rateFor: (country: string) => rates.get(country) ?? 0 };
    kept = { version, rules };
    return rules;
  };
}
