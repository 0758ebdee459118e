import { sql, type Kysely, type SqlBool } from 'kysely';
import { currencyScale } from '../../db/currency-scale';
import type { Database } from '../../db/schema';

type Trx = Kysely<Database>;

/**
 * The products' prices when the shop's currency changes (settings.service.ts): each product in
 * another currency takes the shop's, its prices keeping their figures (currency-scale.ts).
 */
export function productCurrencyWriter(trx: Trx) {
  const otherCurrencies = async (to: string) =>
    (
      await trx
        .selectFrom('products')
        .select('currency')
        .distinct()
        .where('currency', '<>', to)
        .execute()
    ).map((r) => r.currency);
  const priced = (currency: string) => sql<SqlBool>`currency = ${currency}`;
  const amounts = ['price_cents', 'compare_at_cents'];
  return {
    /** How many products have a price with no exact equal in `to` (too many decimals, too large). */
    async countUnscalable(to: string): Promise<number> {
      let count = 0;
      for (const from of await otherCurrencies(to))
        count += await currencyScale(from, to).countUnscalable(
          trx,
          'products',
          amounts,
          priced(from),
        );
      return count;
    },
    async relabel(to: string): Promise<void> {
      for (const from of await otherCurrencies(to)) {
        await currencyScale(from, to).scale(trx, 'products', amounts, priced(from));
        await trx
          .updateTable('products')
          .set({ currency: to })
          .where('currency', '=', from)
          .execute();
      }
    },
  };
}
