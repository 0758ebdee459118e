import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { DeliverMails, MailOutcome } from './mail-delivery';
import type { LeasedMail, OutboxRepository } from './outbox.repository';
import { createPeriodicJob } from '../../periodic-job';

export interface OutboxWorkerOptions {
  repository: OutboxRepository;
  /** Sends a batch, in this thread or in the mail thread (`mail-thread.ts`). */
  deliver: DeliverMails;
  log: FastifyBaseLogger;
  clock?: () => Date;
  /** How often the outbox is looked at for due mail. */
  pollMs?: number;
  /** How long a leased mail is this worker's; after it another worker may send it. */
  leaseMs?: number;
  /** Attempts before a mail is marked failed (the back office can resend it). */
  maxAttempts?: number;
  /** The wait after the first failure; each further failure doubles it, up to an hour. */
  firstRetryMs?: number;
  /** Mails leased at once and sent side by side (the SMTP pool bounds the connections). */
  batchSize?: number;
}

const MAX_RETRY_MS = 60 * 60 * 1000;

/** The wait before attempt `attempts + 1` after `attempts` failures: exponential, capped. */
export function retryDelayMs(attempts: number, firstRetryMs: number): number {
  return Math.min(firstRetryMs * 2 ** Math.max(0, attempts - 1), MAX_RETRY_MS);
}

/**
 * Sends the outbox's mail (decisions 013, 029): leases a batch of due rows, sends them side by
 * side through `deliver`, then marks the batch in one transaction: the sent ones in one
 * statement, each failed one with a retry scheduled with exponential backoff until the attempts
 * run out. A full batch is followed by the next at once, so a backlog drains at the mail server's
 * pace. Delivery is at least once: a worker that dies after sending but before marking sends
 * again once its lease has expired, with the same Message-ID; a lease that is still running keeps
 * every other worker off the row.
 */
export function createOutboxWorker({
  repository,
  deliver,
  log,
  clock: now = () => new Date(),
  pollMs = 2000,
  leaseMs = 60_000,
  maxAttempts = 8,
  firstRetryMs = 30_000,
  batchSize = 100,
}: OutboxWorkerOptions) {
  /** Each mail with its outcome; a batch that could not be handed over failed as a whole. */
  async function send(mails: LeasedMail[]): Promise<(MailOutcome & { mail: LeasedMail })[]> {
    let outcomes: MailOutcome[];
    try {
      outcomes = await deliver(mails);
    } catch (error) {
      const failed = { sent: false, error: error instanceof Error ? error.message : String(error) };
      outcomes = mails.map(() => failed);
    }
    const missing = { sent: false, error: 'the delivery gave no outcome' } as const;
    return mails.map((mail, i) => ({ mail, ...(outcomes[i] ?? missing) }));
  }

  /** Sends one batch of what is due now; resolves with how many were leased and sent. */
  async function sendBatch(): Promise<{ leased: number; sent: number }> {
    const start = now();
    const leased = await repository.leaseDue(
      start.toISOString(),
      new Date(start.getTime() + leaseMs).toISOString(),
      randomUUID(),
      batchSize,
    );
    if (leased.length === 0) return { leased: 0, sent: 0 };
    const outcomes = await send(leased);
    const at = now();
    await repository.transaction(async (tx) => {
      await tx.markSent(
        outcomes.filter((outcome) => outcome.sent),
        at.toISOString(),
      );
      for (const outcome of outcomes) {
        if (outcome.sent) continue;
        const { mail, error } = outcome;
        const attempts = mail.attempts + 1;
        const retryAt =
          attempts >= maxAttempts
            ? null
            : new Date(at.getTime() + retryDelayMs(attempts, firstRetryMs)).toISOString();
        log.warn({ mailId: mail.id, attempts, err: error }, 'mail not sent');
        await tx.markAttemptFailed(mail, error.slice(0, 500), retryAt);
      }
    });
    return { leased: leased.length, sent: outcomes.filter((o) => o.sent).length };
  }

  /** Sends one batch of what is due now; resolves with how many mails were sent. */
  async function runOnce(): Promise<number> {
    return (await sendBatch()).sent;
  }

  /**
   * Batch after batch while they come full: a flash sale's mail goes out without pauses. Behind a
   * full batch two run side by side, so one is sent while the other waits for its lease or marks.
   */
  async function drain(): Promise<void> {
    const full = async () => (await sendBatch()).leased === batchSize;
    const onward = async () => {
      while (await full());
    };
    if (await full()) await Promise.all([onward(), onward()]);
  }

  const job = createPeriodicJob({
    run: drain,
    everyMs: pollMs,
    onError: (error) => log.error({ err: error }, 'mail outbox run failed'),
  });
  return { ...job, runOnce };
}

export type OutboxWorker = ReturnType<typeof createOutboxWorker>;
