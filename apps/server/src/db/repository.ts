import type { Kysely } from 'kysely';
import { writeTransaction, type Db } from './connection';
import type { Database } from './schema';

/** A repository: its queries over the database, and the same queries inside one write transaction. */
export type Repository<Queries> = Queries & {
  transaction<T>(work: (queries: Queries) => Promise<T>): Promise<T>;
};

/**
 * Makes a repository from a function that builds its queries over an executor (the database or a
 * transaction), so each query is written once and services never pass transactions around.
 */
export function defineRepository<Queries extends object>(
  db: Db,
  queriesOver: (executor: Kysely<Database>) => Queries,
): Repository<Queries> {
  return {
    ...queriesOver(db.kysely),
    transaction: (work) => writeTransaction(db, (trx) => work(queriesOver(trx))),
  };
}
