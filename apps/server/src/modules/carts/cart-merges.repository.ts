import type { Kysely } from 'kysely';
import type { DatabaseDialect } from '@souq/contracts/health';
import type { Database } from '../../db/schema';

/**
 * Makes the shopper's other merges wait until this transaction ends. Two browsers signing in
 * at once each read the saved cart and write it back; on PostgreSQL, without this, the second
 * write would drop what the first added. SQLite runs one write transaction at a time already.
 */
export async function lockSavedLists(
  trx: Kysely<Database>,
  dialect: DatabaseDialect,
  userId: string,
): Promise<void> {
  if (dialect !== 'postgres') return;
  await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
}

/** Records a merge as applied; false when the shopper's lists already had it. */
export async function recordMerge(
  trx: Kysely<Database>,
  userId: string,
  mergeId: string,
): Promise<boolean> {
  const row = await trx
    .insertInto('cart_merges')
    .values({ user_id: userId, merge_id: mergeId })
    .onConflict((oc) => oc.columns(['user_id', 'merge_id']).doNothing())
    .returning('merge_id')
    .executeTakeFirst();
  return row !== undefined;
}
