import { z } from 'zod';
import { countryCodeSchema } from './countries';

/*
 * VAT (decision 023): a standard rate per country the shop charges tax in, kept by staff
 * (tax.manage); a product is taxed at its delivery country's rate unless it is zero-rated or
 * exempt. Rates are basis points: 1500 is 15%.
 */

/** The highest rate staff may set: 100%. No VAT anywhere comes near it; more is a typing slip. */
export const TAX_RATE_MAX_BP = 10_000;

/** A rate in basis points, 0 to 100%: 1500 is 15%, 500 is 5%. */
export const taxRateBpSchema = z
  .number({ error: 'Enter the rate in basis points (1500 is 15%)' })
  .int('Enter the rate in basis points (1500 is 15%)')
  .min(0, 'A rate is 0 or more')
  .max(TAX_RATE_MAX_BP, 'A rate is at most 100% (10000)');

/** How a product is taxed: at the country's rate, or not at all (zero-rated or exempt). */
export const taxClasses = ['standard', 'zero_rated', 'exempt'] as const;
export const taxClassSchema = z.enum(taxClasses);
export type TaxClass = z.infer<typeof taxClassSchema>;

/** One country's standard rate. */
export const taxRateSchema = z.object({
  country: countryCodeSchema,
  rateBp: taxRateBpSchema,
});
export type TaxRate = z.infer<typeof taxRateSchema>;

/** GET /api/admin/tax-rates; PUT replaces the whole list (each country at most once). */
export const taxRateListSchema = z.object({
  items: z.array(taxRateSchema).max(250, 'At most 250 countries'),
});
export const taxRatesUpdateSchema = taxRateListSchema.superRefine((list, context) => {
  const seen = new Set<string>();
  list.items.forEach((rate, index) => {
    if (seen.has(rate.country)) {
      context.addIssue({
        code: 'custom',
        path: ['items', index, 'country'],
        message: 'This country has a rate already',
      });
    }
    seen.add(rate.country);
  });
});
export type TaxRateList = z.infer<typeof taxRateListSchema>;

/** The tax at one rate in an order or quote: "includes VAT (15%) 13.04". */
export const taxLineSchema = z.object({
  rateBp: taxRateBpSchema,
  amount: z.number().int().nonnegative(),
});
export type TaxLine = z.infer<typeof taxLineSchema>;

/** "15%", "5%", "12.5%" for a rate in basis points. */
export function taxRatePercent(rateBp: number): string {
  return `${rateBp / 100}%`;
}
