import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import { minorUnitDigits } from '@souq/contracts/money';
import type { Database } from './schema';

/** Amount columns are `integer` on PostgreSQL: nothing scaled may pass it. */
const LARGEST_STORED_AMOUNT = 2_147_483_647;

/**
 * Amounts in minor units of one currency as minor units of another with the same figures: 25.00
 * USD (2500) is 25.000 KWD (25000) and 25 JPY (25). Tables name their amount columns; a row
 * scales only if `where` holds (e.g. only fixed coupons).
 */
export function currencyScale(from: string, to: string) {
  const shift = minorUnitDigits(to) - minorUnitDigits(from);
  const factor = 10 ** Math.abs(shift);
  const scaled = (column: string): RawBuilder<number> =>
    shift >= 0
      ? sql<number>`${sql.ref(column)} * ${sql.lit(factor)}`
      : sql<number>`${sql.ref(column)} / ${sql.lit(factor)}`;
  /** The amount loses decimals or grows past what a column holds. */
  const unscalable = (column: string): RawBuilder<SqlBool> =>
    shift >= 0
      ? sql<SqlBool>`${sql.ref(column)} > ${sql.lit(Math.floor(LARGEST_STORED_AMOUNT / factor))}`
      : sql<SqlBool>`${sql.ref(column)} % ${sql.lit(factor)} <> 0`;

  return {
    /** How many rows of `table` hold an amount that has no exact equal in `to`. */
    async countUnscalable(
      executor: Kysely<Database>,
      table: keyof Database,
      columns: string[],
      where: RawBuilder<SqlBool> = sql<SqlBool>`1 = 1`,
    ): Promise<number> {
      if (shift === 0) return 0;
      const any = sql.join(
        columns.map((c) => sql`(${sql.ref(c)} is not null and ${unscalable(c)})`),
        sql` or `,
      );
      const result = await sql<{ count: number | string }>`
        select count(*) as count from ${sql.table(table)} where (${where}) and (${any})`.execute(
        executor,
      );
      return Number(result.rows[0]?.count ?? 0);
    },

    /** Scales the amounts of every row of `table` where `where` holds. */
    async scale(
      executor: Kysely<Database>,
      table: keyof Database,
      columns: string[],
      where: RawBuilder<SqlBool> = sql<SqlBool>`1 = 1`,
    ): Promise<void> {
      if (shift === 0) return;
      const sets = sql.join(
        columns.map((c) => sql`${sql.ref(c)} = ${scaled(c)}`),
        sql`, `,
      );
      await sql`update ${sql.table(table)} set ${sets} where ${where}`.execute(executor);
    },
  };
}
