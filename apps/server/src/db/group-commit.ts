import { sql, type Kysely } from 'kysely';
import type { Database } from './schema';

/** A batch takes new transactions for this long, then commits (they wait for its fsync). */
const BATCH_MS = 8;
/** And at most this many, so one batch's wait stays short under any load. */
const BATCH_SIZE = 64;

interface Queued {
  work: (trx: Kysely<Database>) => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/**
 * SQLite's write transactions with group commit (decision 029). With synchronous=FULL each
 * COMMIT waits for the disk (an fsync), and SQLite has one writer, so one transaction per commit
 * caps a shop at the disk's commits a second, with the event loop blocked in each. Here the
 * transactions that arrive while one batch runs join it: each runs in a SAVEPOINT of the batch's
 * one BEGIN IMMEDIATE (its failure rolls back only its own writes, and its caller hears of it at
 * once), and every caller whose work succeeded is answered only once the batch's COMMIT is on
 * disk, so an acknowledged write is as durable as before. A failed COMMIT fails the whole batch.
 * One at a time, they see each other's writes in order, as consecutive transactions would.
 */
export function groupCommit(kysely: Kysely<Database>) {
  const queue: Queued[] = [];
  let running = false;

  /**
   * The batch's next transaction, while it is young and small. better-sqlite3 answers at once,
   * so a transaction's work runs to its end without letting the server read a new request:
   * with none waiting, the batch lets the event loop turn once, and takes what that brought.
   */
  async function next(started: number, taken: number): Promise<Queued | undefined> {
    if (taken >= BATCH_SIZE || performance.now() - started >= BATCH_MS) return undefined;
    if (queue.length === 0) await new Promise((resolve) => setImmediate(resolve));
    return queue.shift();
  }

  async function runBatch(conn: Kysely<Database>): Promise<void> {
    await sql`begin immediate`.execute(conn);
    const started = performance.now();
    const succeeded: { item: Queued; value: unknown }[] = [];
    try {
      let taken = 0;
      for (let item = queue.shift(); item; item = await next(started, taken)) {
        taken++;
        await sql`savepoint work`.execute(conn);
        try {
          const value = await item.work(conn);
          await sql`release work`.execute(conn);
          succeeded.push({ item, value });
        } catch (error) {
          // A failed ROLLBACK TO (SQLite ended the whole transaction) fails the batch below.
          await sql`rollback to work`.execute(conn);
          await sql`release work`.execute(conn);
          item.reject(error);
        }
      }
      await sql`commit`.execute(conn);
    } catch (error) {
      await sql`rollback`.execute(conn).catch(() => {});
      for (const { item } of succeeded) item.reject(error);
      return;
    }
    for (const { item, value } of succeeded) item.resolve(value);
  }

  async function drain(): Promise<void> {
    running = true;
    while (queue.length > 0) {
      try {
        await kysely.connection().execute(runBatch);
      } catch (error) {
        // No batch could begin (another process held the lock past busy_timeout): as each
        // transaction would have, those waiting fail.
        for (const item of queue.splice(0)) item.reject(error);
      }
    }
    running = false;
  }

  return <T>(work: (trx: Kysely<Database>) => Promise<T>): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      queue.push({ work, resolve: resolve as (value: unknown) => void, reject });
      if (!running) void drain();
    });
}
