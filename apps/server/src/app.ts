import compress from '@fastify/compress';
import etag from '@fastify/etag';
import swagger from '@fastify/swagger';
import Fastify, { type FastifyReply } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Db } from './db/connection';
import type { Env } from './env';
import { answerClientError, REQUEST_TIMEOUTS, type RequestTimeouts } from './http/client-errors';
import { errorBody, registerErrorHandling } from './http/errors';
import { registerPersonalResponses } from './http/personal-responses';
import { registerRateLimiting } from './http/rate-limit';
import { routedPath } from './http/request-path';
import { registerSameOriginGuard } from './http/same-origin';
import { registerSecurityHeaders } from './http/security-headers';
import { readIndexPage, registerWebApp } from './http/web-app';
import { webManifestRoutes } from './http/web-manifest';
import { createAccountRepository } from './modules/account/account.repository';
import { accountRoutes } from './modules/account/account.routes';
import { createAccountService } from './modules/account/account.service';
import { createAuth } from './modules/auth/auth';
import { resolveAuthSecret } from './modules/auth/auth-secret';
import { createAuthRepository } from './modules/auth/auth.repository';
import { authRoutes, registerCurrentUserHook } from './modules/auth/auth.routes';
import { createAuthService } from './modules/auth/auth.service';
import { decorateCurrentUser } from './modules/auth/current-user';
import { createMailDelivery } from './modules/mail/mail-delivery';
import { createOutboxMailer } from './modules/mail/mailer';
import { createMailThread } from './modules/mail/mail-thread';
import { createOutboxWorker } from './modules/mail/outbox-worker';
import { createOutboxRepository } from './modules/mail/outbox.repository';
import { catalogPageData } from './modules/catalog/catalog.page-data';
import { createCatalogRepository } from './modules/catalog/catalog.repository';
import { catalogRoutes } from './modules/catalog/catalog.routes';
import { createCatalogService } from './modules/catalog/catalog.service';
import { createCatalogAdminRepository } from './modules/catalog-admin/catalog-admin.repository';
import { catalogAdminRoutes } from './modules/catalog-admin/catalog-admin.routes';
import { createCatalogAdminService } from './modules/catalog-admin/catalog-admin.service';
import { createMediaRepository } from './modules/media/media.repository';
import { mediaRoutes } from './modules/media/media.routes';
import { createMediaService } from './modules/media/media.service';
import { createContactRepository } from './modules/contact/contact.repository';
import { contactRoutes } from './modules/contact/contact.routes';
import { createContactService } from './modules/contact/contact.service';
import { messagesRoutes } from './modules/contact/messages.routes';
import { createMessagesService } from './modules/contact/messages.service';
import { createCustomersRepository } from './modules/customers/customers.repository';
import { customersRoutes } from './modules/customers/customers.routes';
import { createCustomersService } from './modules/customers/customers.service';
import { createCouponsRepository } from './modules/marketing/coupons.repository';
import { couponsRoutes } from './modules/marketing/coupons.routes';
import { createCouponsService } from './modules/marketing/coupons.service';
import { createFlashSalesRepository } from './modules/marketing/flash-sales.repository';
import { flashSalesRoutes } from './modules/marketing/flash-sales.routes';
import { createFlashSalesService } from './modules/marketing/flash-sales.service';
import { healthRoutes } from './modules/health/health.routes';
import { createReadiness } from './modules/health/readiness';
import { sitemapRoutes } from './modules/sitemap/sitemap.routes';
import { createSitemapRepository } from './modules/sitemap/sitemap.repository';
import { createSitemapService } from './modules/sitemap/sitemap.service';
import { createNewsletterRepository } from './modules/marketing/newsletter.repository';
import { newsletterRoutes } from './modules/marketing/newsletter.routes';
import { createNewsletterService } from './modules/marketing/newsletter.service';
import { createCartsRepository } from './modules/carts/carts.repository';
import { cartsRoutes } from './modules/carts/carts.routes';
import { createCartsService } from './modules/carts/carts.service';
import { createInvoicesRepository } from './modules/invoices/invoices.repository';
import { invoicesRoutes } from './modules/invoices/invoices.routes';
import { createInvoicesService } from './modules/invoices/invoices.service';
import { createOrdersRepository, ordersQueries } from './modules/orders/orders.repository';
import { orderMailBodies } from './modules/orders/order-mails';
import { ordersRoutes } from './modules/orders/orders.routes';
import { createAdminOrdersRepository } from './modules/orders/admin-orders.repository';
import { adminOrdersRoutes } from './modules/orders/admin-orders.routes';
import { createAdminOrdersService } from './modules/orders/admin-orders.service';
import { accountAddressBook, createOrdersService } from './modules/orders/orders.service';
import { createAuditRepository } from './modules/audit/audit.repository';
import { createPaymentSweep } from './modules/payments/payment-sweep';
import { cardProvider, paymentProviders } from './modules/payments/payment-providers';
import { createPaymentsRepository } from './modules/payments/payments.repository';
import { paymentsRoutes } from './modules/payments/payments.routes';
import { createPaymentsService } from './modules/payments/payments.service';
import { auditRoutes } from './modules/audit/audit.routes';
import { createAuditService } from './modules/audit/audit.service';
import { createCarriersRepository } from './modules/carriers/carriers.repository';
import { carriersRoutes } from './modules/carriers/carriers.routes';
import { createCarriersService } from './modules/carriers/carriers.service';
import { createDashboardRepository } from './modules/dashboard/dashboard.repository';
import { createStockRepository } from './modules/stock/stock.repository';
import { stockRoutes } from './modules/stock/stock.routes';
import { createLowStockDigest } from './modules/stock/low-stock-digest';
import { createStockService } from './modules/stock/stock.service';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes';
import { createDashboardService } from './modules/dashboard/dashboard.service';
import { createReviewsRepository } from './modules/reviews/reviews.repository';
import { reviewsRoutes } from './modules/reviews/reviews.routes';
import { createReviewsService } from './modules/reviews/reviews.service';
import { createStockAlertsRepository } from './modules/stock-alerts/stock-alerts.repository';
import { stockAlertsRoutes } from './modules/stock-alerts/stock-alerts.routes';
import { createStockAlertsService } from './modules/stock-alerts/stock-alerts.service';
import { createSettingsRepository } from './modules/settings/settings.repository';
import { createShippingRepository } from './modules/shipping/shipping.repository';
import { shippingRoutes } from './modules/shipping/shipping.routes';
import { createShippingService } from './modules/shipping/shipping.service';
import { createTaxRepository } from './modules/tax/tax.repository';
import { taxRoutes } from './modules/tax/tax.routes';
import { createTaxService } from './modules/tax/tax.service';
import { settingsRoutes } from './modules/settings/settings.routes';
import { createSettingsService } from './modules/settings/settings.service';
import { registerStaffGuard } from './modules/staff/staff-guard';
import { createStaffRepository } from './modules/staff/staff.repository';
import { staffRoutes } from './modules/staff/staff.routes';
import { createStaffService } from './modules/staff/staff.service';

export interface AppOptions {
  env: Env;
  db: Db;
  /** The clock of the catalog (flash sales, short-lived caches) and the dashboard ("today"); tests move it. */
  clock?: () => Date;
  /** How a slowed sign-in waits (decision 005); tests hold it instead of sleeping. */
  signInDelay?: (ms: number) => Promise<void>;
  /** Where log lines go instead of standard output; tests read them. */
  logStream?: { write: (line: string) => void };
  /** How long a client may take to send a request; tests shorten it. */
  requestTimeouts?: RequestTimeouts;
}

const JSON_BODY_LIMIT = 1024 * 1024;

export async function buildApp({
  env,
  db,
  clock,
  signInDelay,
  logStream,
  requestTimeouts = REQUEST_TIMEOUTS,
}: AppOptions) {
  const app = Fastify({
    logger: {
      level: env.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
      ...(logStream ? { stream: logStream } : {}),
    },
    bodyLimit: JSON_BODY_LIMIT,
    requestTimeout: requestTimeouts.requestMs,
    http: {
      headersTimeout: requestTimeouts.headersMs,
      connectionsCheckingInterval: requestTimeouts.checkEveryMs,
    },
    clientErrorHandler: answerClientError,
    // Ids like "req-1" per process are not unique across several app servers.
    genReqId: () => crypto.randomUUID(),
    trustProxy: env.trustProxy,
    // A path that does not decode (a stray "%") is refused before routing: in our error shape too.
    frameworkErrors: (error, _request, reply: FastifyReply) => {
      void reply.code(400).send(errorBody('bad_request', error.message));
    },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  decorateCurrentUser(app);
  registerSameOriginGuard(app, env.publicUrl);
  registerPersonalResponses(app);
  const auth = createAuth({
    db,
    env,
    log: app.log,
    // Read when a reset link is asked for; the settings service is made further down.
    shopSettings: async () => (await settings.current()).settings,
    secret: resolveAuthSecret(env.authSecret, env.dataDir),
  });
  const authService = createAuthService({
    auth,
    repository: createAuthRepository(db),
    delay: signInDelay,
  });
  registerCurrentUserHook(app, authService);
  // Back office: after the current-user hook, before any /api/admin route is registered.
  const staff = createStaffService({
    repository: createStaffRepository(db),
    publicUrl: env.publicUrl,
    // Read when an invitation is sent; the settings service is made further down.
    shopSettings: async () => (await settings.current()).settings,
  });
  registerStaffGuard(app, staff);

  // The web build's index.html, read once: the CSP allows its inline stylesheet by hash.
  const indexPage = readIndexPage(env.webDistDir);
  registerSecurityHeaders(app, { styleHashes: indexPage?.cspStyleHashes ?? [] });
  // Before compress: its onSend hook must see the JSON text, not the compressed stream.
  await app.register(etag, { weak: true });
  // Every answer held whole (JSON, a page) is compressed in one call: the plugin's default
  // streams those over 8 KB on this machine through a zlib stream of their own, which cost a
  // distinct list page three times the CPU of compressing it at once (docs/benchmarks.md).
  await app.register(compress, { threshold: 1024, syncThreshold: 256 * 1024 });
  await registerRateLimiting(app, db);
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Souq API', version: '0.1.0' },
    },
    transform: jsonSchemaTransform,
  });

  const media = createMediaService({ repository: createMediaRepository(db) });
  const settings = createSettingsService({
    repository: createSettingsRepository(db),
    existingMedia: (paths) => media.existingPaths(paths),
    clock,
  });
  await app.register(settingsRoutes, { settings });

  const account = createAccountService({
    repository: createAccountRepository(db),
    uploadsDir: env.uploadsDir,
  });
  const catalog = createCatalogService({ repository: createCatalogRepository(db, clock) });
  // Built once the server is up rather than on the first list request (seconds at 100 000
  // products); readiness says when.
  const readiness = createReadiness(catalog.buildIndex, (error) =>
    app.log.error({ err: error }, 'start-up: the catalog index could not be built'),
  );
  app.addHook('onReady', () => {
    readiness.start();
    return Promise.resolve();
  });
  await app.register(healthRoutes, { db, readiness, catalogIndex: catalog.indexStats });
  await app.register(catalogRoutes, { catalog, clock });
  await app.register(sitemapRoutes, {
    sitemap: createSitemapService({
      catalog,
      repository: createSitemapRepository(db),
      origin: env.publicUrl,
    }),
  });
  await app.register(contactRoutes, {
    contact: createContactService({ repository: createContactRepository(db) }),
  });
  await app.register(newsletterRoutes, {
    newsletter: createNewsletterService({ repository: createNewsletterRepository(db) }),
  });
  const orderMail = {
    shop: { url: env.publicUrl, bankDetails: env.bankTransferDetails ?? null },
    alertEmails: env.orderAlertEmails,
  };
  const payments = createPaymentsService({
    repository: createPaymentsRepository(db),
    providers: paymentProviders(cardProvider(env)),
    mail: orderMail,
    publicUrl: env.publicUrl,
    holdMinutes: env.paymentHoldMinutes,
    log: app.log,
  });
  await app.register(paymentsRoutes, { payments });
  const adminOrders = createAdminOrdersService({
    repository: createAdminOrdersRepository(db),
    mail: orderMail,
    carrierFor: (id) => carriers.forShipping(id),
    payments,
  });
  await app.register(ordersRoutes, {
    orders: createOrdersService({
      repository: createOrdersRepository(db),
      addressBook: accountAddressBook(account),
      mail: orderMail,
      payments,
      lifecycle: adminOrders,
    }),
  });
  await app.register(invoicesRoutes, {
    invoices: createInvoicesService({ repository: createInvoicesRepository(db) }),
  });
  await app.register(cartsRoutes, {
    carts: createCartsService({ repository: createCartsRepository(db) }),
  });
  await app.register(authRoutes, {
    service: authService,
    signUpLimitPerHour: env.signUpLimitPerHour,
  });
  await app.register(accountRoutes, { service: account });
  // Back office
  const carriers = createCarriersService({
    repository: createCarriersRepository(db),
    clock: clock ?? (() => new Date()),
  });
  await app.register(staffRoutes, { staff });
  await app.register(auditRoutes, {
    audit: createAuditService({ repository: createAuditRepository(db) }),
  });
  await app.register(dashboardRoutes, {
    dashboard: createDashboardService({
      repository: createDashboardRepository(db),
      timeZone: env.shopTimeZone,
      clock,
    }),
  });
  await app.register(stockRoutes, {
    stock: createStockService({ repository: createStockRepository(db), clock }),
  });
  await app.register(adminOrdersRoutes, {
    adminOrders,
  });
  await app.register(carriersRoutes, { carriers });
  await app.register(mediaRoutes, { media });
  await app.register(catalogAdminRoutes, {
    catalogAdmin: createCatalogAdminService({
      repository: createCatalogAdminRepository(db, clock),
      media,
      clock,
    }),
  });
  const coupons = createCouponsService({ repository: createCouponsRepository(db), clock });
  await app.register(couponsRoutes, { coupons });
  await app.register(flashSalesRoutes, {
    flashSales: createFlashSalesService({ repository: createFlashSalesRepository(db), clock }),
  });
  await app.register(customersRoutes, {
    customers: createCustomersService({
      repository: createCustomersRepository(db),
      addressesOf: (userId) => account.listAddresses(userId),
      couponUsesOf: (email) => coupons.usesByEmail(email),
    }),
  });
  const shipping = createShippingService({ repository: createShippingRepository(db), clock });
  await app.register(shippingRoutes, { shipping });
  await app.register(taxRoutes, {
    tax: createTaxService({ repository: createTaxRepository(db), clock }),
  });
  await app.register(stockAlertsRoutes, {
    stockAlerts: createStockAlertsService({
      repository: createStockAlertsRepository(db),
      publicUrl: env.publicUrl,
      clock,
    }),
  });
  const reviews = createReviewsService({
    repository: createReviewsRepository(db),
    needApproval: async () => (await settings.read()).reviewsNeedApproval,
    clock,
  });
  await app.register(reviewsRoutes, { reviews });
  await app.register(messagesRoutes, {
    messages: createMessagesService({
      repository: createContactRepository(db),
      origin: env.publicUrl,
      clock,
    }),
  });
  // The outbox's mail is sent by a server that serves (not by tests that only inject requests):
  // over SMTP from a thread of its own, so a flash sale's orders do not hold it back.
  const messageIdDomain = new URL(env.publicUrl).hostname;
  const mailThread = env.smtpUrl
    ? createMailThread({
        databaseUrl: env.databaseUrl,
        smtpUrl: env.smtpUrl,
        mailFrom: env.mailFrom,
        messageIdDomain,
        orderMail,
      })
    : undefined;
  const outboxWorker = createOutboxWorker({
    repository: createOutboxRepository(db),
    deliver:
      mailThread?.deliver ??
      createMailDelivery({
        mailer: createOutboxMailer(env.mailOutboxDir, app.log),
        // Read over the reads connection: on SQLite the writes' one is the checkouts'.
        orderMailBodies: orderMailBodies(ordersQueries(db.reads), orderMail),
        messageIdDomain,
      }),
    log: app.log,
  });
  const lowStockDigest = createLowStockDigest({
    db,
    hour: env.lowStockDigestHour,
    origin: env.publicUrl,
    clock,
    log: app.log,
  });
  const paymentSweep = createPaymentSweep({ payments, log: app.log });
  app.addHook('onListen', () => {
    outboxWorker.start();
    lowStockDigest.start();
    paymentSweep.start();
    return Promise.resolve();
  });
  app.addHook('onClose', async () => {
    await paymentSweep.stop();
    await lowStockDigest.stop();
    await outboxWorker.stop();
    await mailThread?.close();
  });
  app.get('/api/openapi.json', { schema: { hide: true } }, () => app.swagger());

  await app.register(webManifestRoutes, { settings: () => settings.current() });
  const web = await registerWebApp(app, {
    distDir: env.webDistDir,
    indexPage,
    pageData: catalogPageData(catalog),
    catalog,
    reviews,
    publicUrl: env.publicUrl,
    clock: clock ?? (() => new Date()),
    settings: () => settings.current(),
    freeDeliveryFrom: () => shipping.freeDeliveryFrom(),
    displayDelays: env.displayDelays,
  });
  // Deep links such as /productdetails/7 are the SPA's to resolve; /api and /assets are not.
  app.setNotFoundHandler((request, reply) => {
    const pathname = routedPath(request);
    const isPageRequest =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !pathname.startsWith('/api/') &&
      !pathname.startsWith('/assets/');
    if (web && isPageRequest) return web.sendPage(request, reply, pathname);
    return reply
      .status(404)
      .send(errorBody('not_found', `No route for ${request.method} ${pathname}.`));
  });

  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
