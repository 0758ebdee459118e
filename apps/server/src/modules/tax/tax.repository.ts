import type { Kysely } from 'kysely';
import type { TaxRate } from '@souq/contracts/tax';
import type { Db } from '../../db/connection';
import { defineRepository } from '../../db/repository';
import type { Database } from '../../db/schema';
import { auditWriter } from '../audit/audit.repository';

/**
 * The VAT rates over an executor: the orders module reads them inside the order's transaction
 * (`taxRates: taxRatesReader(trx)`), as it reads the shipping zones, when their version moved.
 */
export function taxRatesReader(executor: Kysely<Database>) {
  return {
    async list(): Promise<TaxRate[]> {
      const rows = await executor
        .selectFrom('tax_rates')
        .select(['country', 'rate_bp'])
        .orderBy('country')
        .execute();
      return rows.map((r) => ({ country: r.country, rateBp: r.rate_bp }));
    },
  };
}
export type TaxRatesReader = ReturnType<typeof taxRatesReader>;

/** The rates' SQL over an executor; the demo seed writes its rates with it too. */
export function taxRateQueries(executor: Kysely<Database>) {
  const reader = taxRatesReader(executor);
  return {
    list: () => reader.list(),

    /** Replaces every rate with `rates`. */
    async replace(rates: readonly TaxRate[], at: string): Promise<void> {
      await executor.deleteFrom('tax_rates').execute();
      if (rates.length === 0) return;
      await executor
        .insertInto('tax_rates')
        .values(rates.map((r) => ({ country: r.country, rate_bp: r.rateBp, updated_at: at })))
        .execute();
    },

    audit: auditWriter(executor),
  };
}

export function createTaxRepository(db: Db) {
  return defineRepository(db, taxRateQueries);
}
export type TaxRepository = ReturnType<typeof createTaxRepository>;
