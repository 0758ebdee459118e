/**
 * Whether this app server answers at its normal speed: the work it does once at start-up (the
 * catalog index) is done. A load balancer sends shoppers only to a ready server; liveness
 * (`/api/health`) is answered before then. Work that fails is logged and started again by the
 * next question, so a database that comes back makes the server ready without a restart.
 */
export function createReadiness(work: () => Promise<void>, onError: (error: unknown) => void) {
  let ready = false;
  let running: Promise<void> | null = null;
  function start() {
    running ??= work().then(
      () => {
        ready = true;
      },
      (error: unknown) => {
        onError(error);
        running = null;
      },
    );
  }
  return {
    start,
    isReady(): boolean {
      if (!ready) start();
      return ready;
    },
  };
}

export type Readiness = ReturnType<typeof createReadiness>;
