import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Mailer } from './mailer';
import type { OutboxRepository } from './outbox.repository';
import { createPeriodicJob } from '../../periodic-job';

export interface OutboxWorkerOptions {
  repository: OutboxRepository;
  mailer: Mailer;
  log: FastifyBaseLogger;
  /** The right part of every Message-ID: the host of the shop's PUBLIC_URL. */
  messageIdDomain: string;
  clock?: () => Date;
  /** How often the outbox is looked at for due mail. */
  pollMs?: number;
  /** How long a leased mail is this worker's; after it another worker may send it. */
  leaseMs?: number;
  /** Attempts before a mail is marked failed (the back office can resend it). */
  maxAttempts?: number;
  /** The wait after the first failure; each further failure doubles it, up to an hour. */
  firstRetryMs?: number;
  batchSize?: number;
}

const MAX_RETRY_MS = 60 * 60 * 1000;

/** The wait before attempt `attempts + 1` after `attempts` failures: exponential, capped. */
export function retryDelayMs(attempts: number, firstRetryMs: number): number {
  return Math.min(firstRetryMs * 2 ** Math.max(0, attempts - 1), MAX_RETRY_MS);
}

/**
 * Sends the outbox's mail (decision 013): leases due rows, sends each through the Mailer, marks
 * it sent, or schedules a retry with exponential backoff until the attempts run out. Delivery is
 * at least once: a worker that dies after sending but before marking sends again once its
 * lease has expired; a lease that is still running keeps every other worker off the row.
 */
export function createOutboxWorker({
  repository,
  mailer,
  log,
  messageIdDomain,
  clock: now = () => new Date(),
  pollMs = 2000,
  leaseMs = 60_000,
  maxAttempts = 8,
  firstRetryMs = 30_000,
  batchSize = 20,
}: OutboxWorkerOptions) {
  /** Sends what is due now; resolves with how many mails were sent. */
  async function runOnce(): Promise<number> {
    const start = now();
    const leased = await repository.leaseDue(
      start.toISOString(),
      new Date(start.getTime() + leaseMs).toISOString(),
      randomUUID(),
      batchSize,
    );
    let sent = 0;
    for (const mail of leased) {
      try {
        await mailer.send({
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          messageId: `<${mail.messageKey}@${messageIdDomain}>`,
        });
        await repository.markSent(mail, now().toISOString());
        sent += 1;
      } catch (error) {
        const attempts = mail.attempts + 1;
        const message = error instanceof Error ? error.message : String(error);
        const retryAt =
          attempts >= maxAttempts
            ? null
            : new Date(now().getTime() + retryDelayMs(attempts, firstRetryMs)).toISOString();
        log.warn({ mailId: mail.id, attempts, err: message }, 'mail not sent');
        await repository.markAttemptFailed(mail, message.slice(0, 500), retryAt);
      }
    }
    return sent;
  }

  const job = createPeriodicJob({
    run: runOnce,
    everyMs: pollMs,
    onError: (error) => log.error({ err: error }, 'mail outbox run failed'),
  });
  return { ...job, runOnce };
}

export type OutboxWorker = ReturnType<typeof createOutboxWorker>;
