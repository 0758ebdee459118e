import type { FastifyBaseLogger } from 'fastify';
import type { PaymentsService } from './payments.service';

export interface PaymentSweepOptions {
  payments: PaymentsService;
  log: FastifyBaseLogger;
  /** How often holds and refunds due are looked at. */
  pollMs?: number;
}

/**
 * Ends holds that ran out and retries refunds due (decision 019), on every app server while it
 * listens, as the mail outbox's worker does: each hold's ending and each refund are guarded in
 * the database, so several servers sweeping at once do each once.
 */
export function createPaymentSweep({ payments, log, pollMs = 30_000 }: PaymentSweepOptions) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  let stopped = true;

  function schedule() {
    if (stopped) return;
    timer = setTimeout(() => {
      running = payments
        .sweep()
        .catch((error: unknown) => log.error({ err: error }, 'payment sweep failed'))
        .finally(schedule);
    }, pollMs);
    timer.unref();
  }

  return {
    start() {
      if (!stopped) return;
      stopped = false;
      schedule();
    },
    /** Waits for a round under way, so the database is not closed under it. */
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
