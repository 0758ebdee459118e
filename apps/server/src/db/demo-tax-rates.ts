import type { TaxRate } from '@souq/contracts/tax';

/**
 * The demo shop's VAT: the standard rate of each country it delivers to (decision 023's
 * sources), on prices that include it, as Gulf shops show them.
 */
export const demoTaxRates: TaxRate[] = [
  { country: 'AE', rateBp: 500 },
  { country: 'EG', rateBp: 1400 },
  { country: 'SA', rateBp: 1500 },
];
