import type { FastifyBaseLogger } from 'fastify';
import { createPeriodicJob } from '../../periodic-job';
import type { PaymentsService } from './payments.service';

/** How often holds that ran out and refunds due are looked at. */
const SWEEP_EVERY_MS = 30_000;

/**
 * Ends holds that ran out and retries refunds due (decision 022), on every app server while it
 * listens: each hold's ending and each refund are guarded in the database, so several servers
 * sweeping at once do each once.
 */
export function createPaymentSweep({
  payments,
  log,
}: {
  payments: PaymentsService;
  log: FastifyBaseLogger;
}) {
  return createPeriodicJob({
    run: () => payments.sweep(),
    everyMs: SWEEP_EVERY_MS,
    onError: (error) => log.error({ err: error }, 'payment sweep failed'),
  });
}
