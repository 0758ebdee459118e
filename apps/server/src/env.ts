import path from 'node:path';
import { z } from 'zod';
import { serverRoot } from './server-files';

/**
 * The only reader of process.env. Everything the server can be configured with is here,
 * checked once at start-up so a typo fails loudly instead of half-working.
 */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: z
    .string()
    .regex(/^\d+$/, 'must be a port number')
    .transform(Number)
    .pipe(z.number().int().min(0).max(65_535))
    .default(3000),
  /** postgres://… or postgresql://… for PostgreSQL; sqlite:PATH (or nothing) for SQLite. */
  DATABASE_URL: z
    .string()
    .trim()
    .default('sqlite:./data/souq.db')
    .refine((url) => /^(postgres(ql)?:\/\/.+|sqlite:.+)$/.test(url), {
      message: 'must start with postgres://, postgresql:// or sqlite:',
    }),
  /** "off" turns the pages' display delays off (tests, and shops that do not want them). */
  DISPLAY_DELAYS: z.enum(['on', 'off']).default('on'),
  /** Seed the demo catalog into an empty database at start-up. */
  SEED_DEMO_CATALOG: z.enum(['on', 'off']).default('on'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * Behind a load balancer or reverse proxy: "on" trusts X-Forwarded-For from any hop, a number
   * trusts that many hops, a comma-separated list trusts those addresses or CIDR ranges. Rate
   * limits count per client address, so without this every shopper shares the proxy's address.
   */
  TRUST_PROXY: z
    .string()
    .trim()
    .default('off')
    .refine((v) => /^(on|off|\d+|[0-9a-fA-F.:/]+(\s*,\s*[0-9a-fA-F.:/]+)*)$/.test(v), {
      message: 'must be on, off, a number of hops or a comma-separated list of addresses',
    }),
  /** Folder of the built web app; defaults to apps/web/dist. */
  WEB_DIST_DIR: z.string().optional(),
  /** The address shoppers reach the shop at; links in mail use it, https makes cookies Secure. */
  PUBLIC_URL: z
    .url({ protocol: /^https?$/, message: 'must be an http:// or https:// URL' })
    .transform((url) => new URL(url).origin)
    .optional(),
  /** Signs session cookies and tokens; AUTH_SECRET is accepted as another name for it. */
  BETTER_AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /** smtp:// or smtps:// URL of a mail server; without one, mail goes to the log and the outbox folder. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/.+/, 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Souq <no-reply@souq.localhost>'),
  /** Who gets the new-order alert: one address or a comma-separated list; unset, every owner. */
  ORDER_ALERT_EMAIL: z
    .string()
    .transform((v) => v.split(',').map((address) => address.trim()))
    .pipe(z.array(z.email('must be email addresses separated by commas')).min(1).max(20))
    .optional(),
  /** The hour (0 to 23, shop time: UTC) the owners get the day's low-stock mail; default 7. */
  LOW_STOCK_DIGEST_HOUR: z
    .string()
    .trim()
    .regex(/^\d{1,2}$/, 'must be an hour from 0 to 23')
    .transform(Number)
    .refine((hour) => hour <= 23, 'must be an hour from 0 to 23')
    .default(7),
  /** The IANA time zone the shop's days are counted in (the dashboard's days); default UTC. */
  SHOP_TIME_ZONE: z
    .string()
    .trim()
    .refine((zone) => {
      try {
        new Intl.DateTimeFormat('en', { timeZone: zone });
        return true;
      } catch {
        return false;
      }
    }, 'must be a time zone name like Asia/Riyadh')
    .default('UTC'),
  /** Sign-ups allowed from one client address per hour; default 20. */
  SIGN_UP_LIMIT_PER_HOUR: z
    .string()
    .trim()
    .regex(/^\d{1,6}$/, 'must be a whole number from 1 to 100000')
    .transform(Number)
    .refine((limit) => limit >= 1 && limit <= 100_000, 'must be a whole number from 1 to 100000')
    .default(20),
  /** The account a bank transfer goes to, as the order-placed mail should print it. */
  BANK_TRANSFER_DETAILS: z.string().trim().min(1).max(500).optional(),
  /** Card payments through Stripe's hosted Checkout: both keys, or neither (no card option). */
  STRIPE_SECRET_KEY: z
    .string()
    .trim()
    .regex(/^(sk|rk)_\w+$/, 'must be a Stripe secret key (sk_…) or restricted key (rk_…)')
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .trim()
    .regex(/^whsec_\w+$/, "must be the webhook endpoint's signing secret (whsec_…)")
    .optional(),
  /** Another server speaking Stripe's API (stripe-mock, a test double); unset, Stripe's own. */
  STRIPE_API_URL: z
    .url({ protocol: /^https?$/, message: 'must be an http:// or https:// URL' })
    .optional(),
  /**
   * Cards, mada and Apple Pay through Checkout.com's hosted payments page: both keys, or neither.
   * Not read from the SDK's own CKO_* names, which would switch it to other credentials.
   */
  CHECKOUT_COM_SECRET_KEY: z
    .string()
    .trim()
    .regex(/^(Bearer )?sk_[\w-]+$/, 'must be a Checkout.com secret key (sk_…)')
    .optional(),
  /** The secret key of the webhook: Checkout.com signs each event with it (Cko-Signature). */
  CHECKOUT_COM_WEBHOOK_SECRET: z
    .string()
    .trim()
    .min(16, 'must be at least 16 characters')
    .optional(),
  /** The account's API prefix (the first 8 characters of its client id, after cli_). */
  CHECKOUT_COM_SUBDOMAIN: z
    .string()
    .trim()
    .regex(/^[a-z0-9]{8}$/, 'must be the 8 characters of your API prefix')
    .optional(),
  /** Another server speaking Checkout.com's API (a test double); unset, Checkout.com's own. */
  CHECKOUT_COM_API_URL: z
    .url({ protocol: /^https?$/, message: 'must be an http:// or https:// URL' })
    .optional(),
  /** How long an order awaiting an online payment holds its stock; default 15. */
  PAYMENT_HOLD_MINUTES: z
    .string()
    .trim()
    .regex(/^\d{1,4}$/, 'must be a whole number of minutes from 1 to 1440')
    .transform(Number)
    .refine(
      (minutes) => minutes >= 1 && minutes <= 1440,
      'must be a whole number of minutes from 1 to 1440',
    )
    .default(15),
  /** Where the shop keeps files of its own (generated secret, uploads, outbox). */
  DATA_DIR: z.string().default('./data'),
  UPLOADS_DIR: z.string().optional(),
  MAIL_OUTBOX_DIR: z.string().optional(),
});

export type Env = {
  nodeEnv: 'development' | 'production' | 'test';
  host: string;
  port: number;
  databaseUrl: string;
  displayDelays: boolean;
  seedDemoCatalog: boolean;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  webDistDir: string;
  /** Fastify's trustProxy option; a hop count becomes a function of the hop. */
  trustProxy: boolean | string[] | ((address: string, hop: number) => boolean);
  publicUrl: string;
  /** Unset: the auth module generates one and keeps it in dataDir (see auth-secret.ts). */
  authSecret: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Unset: the new-order alert goes to every staff owner. */
  orderAlertEmails: string[] | undefined;
  bankTransferDetails: string | undefined;
  /** The UTC hour from which the day's low-stock digest is sent. */
  lowStockDigestHour: number;
  /** The IANA time zone of the shop's days. */
  shopTimeZone: string;
  /** Set when card payments through Stripe are on. */
  stripe: StripeSettings | undefined;
  /** Set when card payments through Checkout.com are on. */
  checkoutCom: CheckoutComSettings | undefined;
  paymentHoldMinutes: number;
  /** Sign-ups allowed from one client address per hour. */
  signUpLimitPerHour: number;
  dataDir: string;
  uploadsDir: string;
  mailOutboxDir: string;
};

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  /** Another server speaking Stripe's API; unset, Stripe's own. */
  apiUrl: string | undefined;
}

export interface CheckoutComSettings {
  secretKey: string;
  webhookSecret: string;
  /** The account's API prefix; needed unless `apiUrl` is set. */
  subdomain: string | undefined;
  /** Another server speaking Checkout.com's API; unset, Checkout.com's own. */
  apiUrl: string | undefined;
}

export class EnvError extends Error {}

export function readEnv(source: NodeJS.ProcessEnv = process.env): Env {
  // Empty strings mean "not set", as they do in most shells' `VAR= cmd`.
  const present = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')} ${i.message}`);
    throw new EnvError(`Invalid environment: ${problems.join('; ')}`);
  }
  const e = parsed.data;
  if ((e.STRIPE_SECRET_KEY === undefined) !== (e.STRIPE_WEBHOOK_SECRET === undefined)) {
    throw new EnvError(
      'Invalid environment: STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are set together or not at all',
    );
  }
  if ((e.CHECKOUT_COM_SECRET_KEY === undefined) !== (e.CHECKOUT_COM_WEBHOOK_SECRET === undefined)) {
    throw new EnvError(
      'Invalid environment: CHECKOUT_COM_SECRET_KEY and CHECKOUT_COM_WEBHOOK_SECRET are set together or not at all',
    );
  }
  if (e.CHECKOUT_COM_SECRET_KEY && !e.CHECKOUT_COM_SUBDOMAIN && !e.CHECKOUT_COM_API_URL) {
    throw new EnvError(
      'Invalid environment: CHECKOUT_COM_SUBDOMAIN (your API prefix) is needed with CHECKOUT_COM_SECRET_KEY',
    );
  }
  // One card provider at a time (decision 027): checkout offers one card option.
  if (e.CHECKOUT_COM_SECRET_KEY && e.STRIPE_SECRET_KEY) {
    throw new EnvError(
      'Invalid environment: card payments go through Stripe or Checkout.com, not both; unset one',
    );
  }
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    nodeEnv: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    databaseUrl: e.DATABASE_URL,
    displayDelays: e.DISPLAY_DELAYS === 'on',
    seedDemoCatalog: e.SEED_DEMO_CATALOG === 'on',
    logLevel: e.LOG_LEVEL,
    webDistDir: path.resolve(e.WEB_DIST_DIR ?? path.join(serverRoot, '../web/dist')),
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    publicUrl: e.PUBLIC_URL ?? `http://${e.HOST}:${e.PORT}`,
    authSecret: e.BETTER_AUTH_SECRET ?? e.AUTH_SECRET,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    orderAlertEmails: e.ORDER_ALERT_EMAIL,
    bankTransferDetails: e.BANK_TRANSFER_DETAILS,
    lowStockDigestHour: e.LOW_STOCK_DIGEST_HOUR,
    shopTimeZone: e.SHOP_TIME_ZONE,
    stripe:
      e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET
        ? {
            secretKey: e.STRIPE_SECRET_KEY,
            webhookSecret: e.STRIPE_WEBHOOK_SECRET,
            apiUrl: e.STRIPE_API_URL,
          }
        : undefined,
    checkoutCom:
      e.CHECKOUT_COM_SECRET_KEY && e.CHECKOUT_COM_WEBHOOK_SECRET
        ? {
            secretKey: e.CHECKOUT_COM_SECRET_KEY,
            webhookSecret: e.CHECKOUT_COM_WEBHOOK_SECRET,
            subdomain: e.CHECKOUT_COM_SUBDOMAIN,
            apiUrl: e.CHECKOUT_COM_API_URL,
          }
        : undefined,
    paymentHoldMinutes: e.PAYMENT_HOLD_MINUTES,
    signUpLimitPerHour: e.SIGN_UP_LIMIT_PER_HOUR,
    dataDir,
    uploadsDir: path.resolve(e.UPLOADS_DIR ?? path.join(dataDir, 'uploads')),
    mailOutboxDir: path.resolve(e.MAIL_OUTBOX_DIR ?? path.join(dataDir, 'outbox')),
  };
}

function parseTrustProxy(value: string): Env['trustProxy'] {
  if (value === 'on') return true;
  if (value === 'off') return false;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return (_address, hop) => hop < hops;
  }
  return value.split(',').map((address) => address.trim());
}
