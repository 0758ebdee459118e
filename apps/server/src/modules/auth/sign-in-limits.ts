import { sql } from 'kysely';
import { writeTransaction, type Db } from '../../db/connection';

/**
 * Failed sign-ins allowed per account and per client address. Counted in the database so
 * every app server sees the same numbers.
 */
export const signInLimits = {
  account: { perMinute: 5, perHour: 100 },
  clientAddress: { perMinute: 20, perHour: 300 },
} as const;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export type AttemptReservation =
  { allowed: true; id: number } | { allowed: false; retryAfterSeconds: number };

/**
 * Counts the attempt as a failure before the password is checked, so parallel guesses cannot
 * slip past the limit; a successful sign-in takes its row back with forgiveAttempt.
 */
export async function reserveSignInAttempt(
  db: Db,
  email: string,
  clientAddress: string,
  now = new Date(),
): Promise<AttemptReservation> {
  const minuteAgo = new Date(now.getTime() - MINUTE).toISOString();
  const hourAgo = new Date(now.getTime() - HOUR).toISOString();
  return writeTransaction(db, async (trx) => {
    if (db.dialect === 'postgres') {
      // Serialises attempts on one account across app servers for the count-then-insert below.
      await sql`select pg_advisory_xact_lock(hashtext(${email}))`.execute(trx);
    }
    await trx.deleteFrom('sign_in_failures').where('failed_at', '<', hourAgo).execute();
    const counts = await trx
      .selectFrom('sign_in_failures')
      .select((eb) => [
        eb.fn
          .count<number>('id')
          .filterWhere(eb.and([eb('email', '=', email), eb('failed_at', '>=', minuteAgo)]))
          .as('accountMinute'),
        eb.fn.count<number>('id').filterWhere('email', '=', email).as('accountHour'),
        eb.fn
          .count<number>('id')
          .filterWhere(
            eb.and([eb('client_address', '=', clientAddress), eb('failed_at', '>=', minuteAgo)]),
          )
          .as('addressMinute'),
        eb.fn
          .count<number>('id')
          .filterWhere('client_address', '=', clientAddress)
          .as('addressHour'),
      ])
      .where((eb) => eb.or([eb('email', '=', email), eb('client_address', '=', clientAddress)]))
      .executeTakeFirstOrThrow();
    const { account, clientAddress: address } = signInLimits;
    if (counts.accountHour >= account.perHour || counts.addressHour >= address.perHour)
      return { allowed: false, retryAfterSeconds: 3600 };
    if (counts.accountMinute >= account.perMinute || counts.addressMinute >= address.perMinute)
      return { allowed: false, retryAfterSeconds: 60 };
    const row = await trx
      .insertInto('sign_in_failures')
      .values({ email, client_address: clientAddress, failed_at: now.toISOString() })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { allowed: true, id: row.id };
  });
}

export async function forgiveSignInAttempt(db: Db, id: number) {
  await db.kysely.deleteFrom('sign_in_failures').where('id', '=', id).execute();
}
