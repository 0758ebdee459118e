import type { Kysely } from 'kysely';
import type { Db } from '../../db/connection';
import { defineRepository } from '../../db/repository';
import type { Database } from '../../db/schema';
import { queueMail } from '../mail/outbox.queries';
import { renderLowStockDigest } from '../mail/templates/low-stock-digest';
import { shopSettingsReader } from '../settings/settings.repository';
import { lowStockVariants } from './stock.queries';
import { createPeriodicJob } from '../../periodic-job';

/** How often each app server checks whether the day's digest is due. */
const CHECK_EVERY_MS = 60_000;
/**
 * The variants a digest lists, the emptiest first; the rest are counted and left to the back
 * office's list of low stock, so a large catalog's digest stays a mail one reads.
 */
export const DIGEST_LINES = 50;

function digestQueries(trx: Kysely<Database>) {
  return {
    lowStock: () => lowStockVariants(trx, DIGEST_LINES),
    queueMail: (mail: Parameters<typeof queueMail>[1]) => queueMail(trx, mail),
    /** The shop's name and logo, for the mail's header. */
    shopSettings: shopSettingsReader(trx),

    /** Claims the day for this app server; false when another already has. */
    async claimDay(day: string, variants: number, at: string): Promise<boolean> {
      const result = await trx
        .insertInto('low_stock_digests')
        .values({ day, variants, created_at: at })
        .onConflict((oc) => oc.column('day').doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1;
    },

    async ownerEmails(): Promise<string[]> {
      const rows = await trx
        .selectFrom('staff_members')
        .innerJoin('users', 'users.id', 'staff_members.user_id')
        .select('users.email')
        .where('staff_members.role', '=', 'owner')
        .orderBy('users.email')
        .execute();
      return rows.map((r) => r.email);
    },
  };
}

export type DigestOutcome = 'not_yet' | 'sent_already' | 'nothing_low' | 'queued';

/**
 * The owners' daily low-stock mail (decision 014), once a day from `hour` (UTC) across every
 * app server: the day's row is claimed in the transaction that queues the mails in the outbox,
 * so only the server whose insert wins queues them. A day with nothing low is claimed too, and
 * sends nothing.
 */
export function createLowStockDigest({
  db,
  hour,
  origin,
  clock: now = () => new Date(),
  log,
}: {
  db: Db;
  /** The shop's public address, which the mail's logo is served from. */
  origin: string;
  hour: number;
  clock?: () => Date;
  log: { error: (details: object, message: string) => void };
}) {
  const repository = defineRepository(db, digestQueries);

  async function runOnce(): Promise<DigestOutcome> {
    const at = now();
    if (at.getUTCHours() < hour) return 'not_yet';
    const day = at.toISOString().slice(0, 10);
    return repository.transaction(async (tx) => {
      const low = await tx.lowStock();
      if (!(await tx.claimDay(day, low.total, at.toISOString()))) return 'sent_already';
      const owners = await tx.ownerEmails();
      if (low.total === 0 || owners.length === 0) return 'nothing_low';
      const mail = renderLowStockDigest(day, low, await tx.shopSettings.read(), origin);
      for (const to of owners)
        await tx.queueMail({
          ...mail,
          kind: 'low_stock_digest',
          to,
          orderId: null,
          at: at.toISOString(),
        });
      return 'queued';
    });
  }

  const job = createPeriodicJob({
    run: runOnce,
    everyMs: CHECK_EVERY_MS,
    onError: (error) => log.error({ err: error }, 'low-stock digest failed'),
  });
  return { ...job, runOnce };
}
