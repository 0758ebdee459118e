import type { Kysely } from 'kysely';

/** Order lines keep the product's Arabic name as it was when the order was placed; older lines have none. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('order_lines').addColumn('name_ar', 'text').execute();
}
