// `npm run bench:mail-send`: the CPU a mail costs the app server on SQLite. Places orders
// in-process (the flash sale's one-unit cash order, each queuing the shopper's mail and the
// new-order alert), then sends the outbox's mails with the shop's own worker to the bench's SMTP
// server in a process of its own; prints the process's CPU a mail and the mails a second.
// Decision 029 and docs/benchmarks.md quote it. Run it with `node --cpu-prof` for a profile.
//   ORDERS (1000): orders whose mails are measured, after 100 to warm up
//   MAIL_THREAD=on: sent from the mail thread, as the server does, instead of in this thread
//   MAIL_CPU_PROF=<file>: a CPU profile of the sending alone (not of placing the orders)
import { spawn } from 'node:child_process';
import path from 'node:path';
import Fastify from 'fastify';
import { createMailDelivery } from '../apps/server/src/modules/mail/mail-delivery';
import { createMailThread } from '../apps/server/src/modules/mail/mail-thread';
import { createSmtpMailer } from '../apps/server/src/modules/mail/mailer';
import { createOutboxWorker } from '../apps/server/src/modules/mail/outbox-worker';
import { createOutboxRepository } from '../apps/server/src/modules/mail/outbox.repository';
import { orderMailBodies } from '../apps/server/src/modules/orders/order-mails';
import { ordersQueries } from '../apps/server/src/modules/orders/orders.repository';
import { createAppOverDb, createTestDb } from '../apps/server/src/test/test-app';
import { seedDemoCatalogIfEmpty } from '../apps/server/src/modules/catalog/demo-catalog.seed';
import { oneUnitOfPlenty, placeCashOrders } from './cash-order';
import { startCpuProfile } from './cpu-profile';

const orders = Number(process.env.ORDERS ?? 1000);
const WARM_UP = 100;

const smtp = spawn(
  process.execPath,
  ['--import', 'tsx', path.join(import.meta.dirname, 'smtp-server.ts')],
  { stdio: ['ignore', 'pipe', 'inherit'] },
);
const smtpUrl = await new Promise<string>((resolve, reject) => {
  smtp.once('error', reject);
  smtp.stdout.on('data', (chunk: Buffer) => {
    const url = /smtp listening on (smtp:\/\/[\d.]+:\d+)/.exec(chunk.toString())?.[1];
    if (url) resolve(url);
  });
});

const { db, url, cleanup } = await createTestDb('sqlite');
await seedDemoCatalogIfEmpty(db);
const { app, close } = await createAppOverDb(db, {
  env: { ORDER_ALERT_EMAIL: 'owner@bench.example' },
});
let closeThread: (() => Promise<void>) | undefined;
const mailer = createSmtpMailer(smtpUrl, 'Souq <shop@bench.example>');
try {
  const payload = await oneUnitOfPlenty(db);
  const thread =
    process.env.MAIL_THREAD === 'on'
      ? createMailThread({
          databaseUrl: url,
          smtpUrl,
          mailFrom: 'Souq <shop@bench.example>',
          messageIdDomain: 'shop.bench.example',
          orderMail: { shop: { url: 'http://shop.bench.example', bankDetails: null } },
        })
      : undefined;
  const worker = createOutboxWorker({
    repository: createOutboxRepository(db),
    deliver:
      thread?.deliver ??
      createMailDelivery({
        mailer,
        orderMailBodies: orderMailBodies(ordersQueries(db.reads), {
          shop: { url: 'http://shop.bench.example', bankDetails: null },
        }),
        messageIdDomain: 'shop.bench.example',
      }),
    log: Fastify({ logger: false }).log,
  });
  closeThread = thread?.close;
  const sendAll = async () => {
    let sent = 0;
    for (let batch; (batch = await worker.runOnce()) > 0;) sent += batch;
    return sent;
  };

  await placeCashOrders(app, payload, WARM_UP);
  await sendAll();
  await placeCashOrders(app, payload, orders);
  const stopProfile = await startCpuProfile(process.env.MAIL_CPU_PROF);
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  const sent = await sendAll();
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  await stopProfile();
  console.log(
    `${sent} mails sent in ${seconds.toFixed(2)} s (${Math.round(sent / seconds)}/s); the process's CPU ${((cpu.user + cpu.system) / 1000 / sent).toFixed(3)} ms a mail`,
  );
} finally {
  await closeThread?.();
  mailer.close?.();
  await close();
  await cleanup();
  smtp.kill();
}
