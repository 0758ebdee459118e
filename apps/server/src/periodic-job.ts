/**
 * A job each app server runs while it listens (the mail outbox, the low-stock digest, the payment
 * sweep): one run at a time, the next `everyMs` after the last ended, so a slow run never
 * overlaps itself; a failed run is logged and the next one comes as usual.
 */
export function createPeriodicJob({
  run,
  everyMs,
  onError,
}: {
  run: () => Promise<unknown>;
  everyMs: number;
  onError: (error: unknown) => void;
}) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  let stopped = true;

  function schedule() {
    if (stopped) return;
    timer = setTimeout(() => {
      running = run().catch(onError).finally(schedule);
    }, everyMs);
    timer.unref();
  }

  return {
    start() {
      if (!stopped) return;
      stopped = false;
      schedule();
    },
    /** Waits for a run under way, so the database is not closed under it. */
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
