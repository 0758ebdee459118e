import { Worker } from 'node:worker_threads';
import type { OrderMailSettings } from '../orders/order-mails';
import type { DeliverMails, MailOutcome } from './mail-delivery';
import type { LeasedMail } from './outbox.repository';

/** What the mail thread needs to render and send the outbox's mail over a database of its own. */
export interface MailThreadConfig {
  databaseUrl: string;
  smtpUrl: string;
  mailFrom: string;
  messageIdDomain: string;
  orderMail: OrderMailSettings;
}

/** A batch of mails to send, one message each way: a message a mail was a tenth of its cost. */
export type MailThreadRequest = { id: number; mails: LeasedMail[] } | 'close';
export type MailThreadReply =
  { id: number; outcomes: MailOutcome[] } | { id: number; error: string };

// Built, the thread is a file of the server's bundle beside it (scripts/server-build.ts); run
// from source (tsx, the tests) it is TypeScript, loaded through tsx's API: a worker thread does
// not take tsx's `--import` hooks.
const fromSource = import.meta.url.endsWith('.ts');
const threadEntry = new URL(
  fromSource ? './mail-thread-main.ts' : './mail-thread.js',
  import.meta.url,
);

function startThread(workerData: MailThreadConfig): Worker {
  if (!fromSource) return new Worker(threadEntry, { workerData });
  const tsxApi = import.meta.resolve('tsx/esm/api');
  const load = `import(${JSON.stringify(tsxApi)})
    .then((tsx) => tsx.tsImport(${JSON.stringify(threadEntry.href)}, ${JSON.stringify(import.meta.url)}))`;
  return new Worker(load, { eval: true, workerData });
}

/**
 * The outbox's rendering and SMTP in a worker thread of its own (decision 029): on the event loop
 * that takes the orders each SMTP step of each mail waited for a turn the orders filled, and the
 * mail lagged a flash sale by minutes. The thread starts with the first batch, reads orders over
 * its own connections and answers each batch with each mail's outcome (and rendered body); the leases and
 * the marks stay with the outbox worker, so each mail row is still sent once. A thread that dies
 * fails the mails it held (they are retried as any failed send) and the next mail starts another.
 */
export function createMailThread(config: MailThreadConfig) {
  const pending = new Map<
    number,
    { resolve: (outcomes: MailOutcome[]) => void; reject: (e: Error) => void }
  >();
  let thread: Worker | undefined;
  let nextId = 0;

  function running(): Worker {
    if (thread) return thread;
    const started = startThread(config);
    let failure = '';
    started.on('message', (reply: MailThreadReply) => {
      const waiting = pending.get(reply.id);
      pending.delete(reply.id);
      if ('error' in reply) waiting?.reject(new Error(reply.error));
      else waiting?.resolve(reply.outcomes);
    });
    started.on('error', (error) => (failure = error.message));
    started.once('exit', (code) => {
      if (thread === started) thread = undefined;
      for (const waiting of pending.values())
        waiting.reject(new Error(`the mail thread stopped (${failure || `exit code ${code}`})`));
      pending.clear();
    });
    // The server's close ends it; it alone must not keep a process alive.
    started.unref();
    return (thread = started);
  }

  const deliver: DeliverMails = (mails) =>
    new Promise((resolve, reject) => {
      const id = nextId++;
      pending.set(id, { resolve, reject });
      running().postMessage({ id, mails } satisfies MailThreadRequest);
    });

  /** Lets the thread close its SMTP pool and database connections, and waits for it to end. */
  async function close(): Promise<void> {
    const open = thread;
    if (!open) return;
    const exited = new Promise((resolve) => open.once('exit', resolve));
    open.postMessage('close' satisfies MailThreadRequest);
    await exited;
  }

  return { deliver, close };
}
