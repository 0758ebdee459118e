import type { Kysely } from 'kysely';

/**
 * The sign-in merges applied to each shopper's saved lists, by the browser's merge id, so a
 * merge sent again (its page was left before the answer came) is applied once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('cart_merges')
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('merge_id', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('cart_merges_pk', ['user_id', 'merge_id'])
    .execute();
}
