// The mail thread (mail-thread.ts): renders and sends the mails the outbox worker hands it.
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
