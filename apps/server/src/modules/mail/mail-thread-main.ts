// The mail thread (mail-thread.ts): renders and sends the mails the outbox worker hands it.
import fs from 'node:fs';
import os from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { connectDatabase } from '../../db/connection';
import { orderMailBodies } from '../orders/order-mails';
import { ordersQueries } from '../orders/orders.repository';
import { createMailDelivery } from './mail-delivery';
import { createSmtpMailer } from './mailer';
import type { MailThreadConfig, MailThreadReply, MailThreadRequest } from './mail-thread';

const port = parentPort;
if (!port) throw new Error('mail-thread-main runs as a worker thread of the server');
const config = workerData as MailThreadConfig;

/**
 * Where the thread and the server share a busy core, the server goes first (decision 029): an
 * order's answer is what a shopper waits for, while a mail waits safely in the outbox. At nice 10
 * the thread still gets about a tenth of a busy core, so mail never stops, and all of an idle
 * one. Linux only (a thread's id is read from /proc); elsewhere the thread keeps the server's
 * priority.
 */
const MAIL_THREAD_NICENESS = 10;
try {
  const threadId = Number(fs.readlinkSync('/proc/thread-self').split('/').pop());
  os.setPriority(threadId, MAIL_THREAD_NICENESS);
} catch {
  // Not Linux: nothing to set.
}
// Reads only (the order and what its mail shows); two connections are plenty on PostgreSQL.
const db = await connectDatabase(config.databaseUrl, { poolSize: 2 });
const mailer = createSmtpMailer(config.smtpUrl, config.mailFrom);
const deliver = createMailDelivery({
  mailer,
  orderMailBodies: orderMailBodies(ordersQueries(db.reads), config.orderMail),
  messageIdDomain: config.messageIdDomain,
});

port.on('message', (request: MailThreadRequest) => {
  if (request === 'close') {
    mailer.close?.();
    void db.close().finally(() => port.close());
    return;
  }
  const { id, mails } = request;
  deliver(mails).then(
    (outcomes) => port.postMessage({ id, outcomes } satisfies MailThreadReply),
    (error: unknown) =>
      port.postMessage({
        id,
        error: error instanceof Error ? error.message : String(error),
      } satisfies MailThreadReply),
  );
});
