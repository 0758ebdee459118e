import { betterAuth } from 'better-auth';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/connection';
import { isUniqueViolation } from '../../db/constraint-errors';
import type { Env } from '../../env';
import { defaultLanguage } from '@souq/contracts/languages';
import { languageSchema } from '@souq/contracts/language-schemas';
import type { ShopSettings } from '@souq/contracts/shop-settings';
import { queueMail } from '../mail/outbox.queries';
import { passwordResetMail } from './password-reset-mail';
import { hashPassword, verifyPassword } from './password-policy';

export const AUTH_BASE_PATH = '/api/auth';
/** The language of a reset mail, set by the auth service from the request it checked. */
export const RESET_MAIL_LANGUAGE_HEADER = 'x-souq-reset-mail-language';
const SESSION_DAYS = 30;

export interface AuthOptions {
  db: Db;
  env: Env;
  secret: string;
  log: FastifyBaseLogger;
  /** The shop's settings as they are now, for the reset mail's name, logo and footer. */
  shopSettings: () => Promise<ShopSettings>;
}

/**
 * better-auth over our own Kysely connection and tables (migration 0004 creates them under our
 * snake_case names). Sessions live only in the database: no cookie cache, so signing out or
 * changing the password ends a session on the next request.
 */
export function createAuth({ db, env, secret, log, shopSettings }: AuthOptions) {
  return betterAuth({
    appName: 'Souq',
    baseURL: env.publicUrl,
    basePath: AUTH_BASE_PATH,
    secret,
    database: { db: db.kysely, type: db.dialect },
    // The browser only ever talks to its own origin; the same-origin guard checks every
    // state-changing /api request before this runs.
    trustedOrigins: (request) => [env.publicUrl, request ? new URL(request.url).origin : undefined],
    user: {
      modelName: 'users',
      fields: {
        emailVerified: 'email_verified',
        createdAt: 'created_at',
        updatedAt: 'updated_at',
      },
    },
    session: {
      modelName: 'sessions',
      expiresIn: SESSION_DAYS * 24 * 60 * 60,
      cookieCache: { enabled: false },
      fields: {
        userId: 'user_id',
        expiresAt: 'expires_at',
        ipAddress: 'ip_address',
        userAgent: 'user_agent',
        createdAt: 'created_at',
        updatedAt: 'updated_at',
      },
    },
    account: {
      modelName: 'auth_accounts',
      fields: {
        userId: 'user_id',
        accountId: 'account_id',
        providerId: 'provider_id',
        accessToken: 'access_token',
        refreshToken: 'refresh_token',
        idToken: 'id_token',
        accessTokenExpiresAt: 'access_token_expires_at',
        refreshTokenExpiresAt: 'refresh_token_expires_at',
        createdAt: 'created_at',
        updatedAt: 'updated_at',
      },
    },
    verification: {
      modelName: 'verifications',
      fields: { expiresAt: 'expires_at', createdAt: 'created_at', updatedAt: 'updated_at' },
    },
    emailAndPassword: {
      enabled: true,
      autoSignIn: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      password: { hash: hashPassword, verify: verifyPassword },
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      sendResetPassword: async ({ user, token }, request) => {
        const language = languageSchema
          .catch(defaultLanguage)
          .parse(request?.headers.get(RESET_MAIL_LANGUAGE_HEADER));
        const shop = await shopSettings();
        // Through the outbox like every other mail (decision 013): a mail server that is down
        // delays the link instead of losing it.
        await queueMail(db.kysely, {
          kind: 'password_reset',
          to: user.email,
          orderId: null,
          at: new Date().toISOString(),
          ...passwordResetMail({
            shop,
            locale: language,
            // A page of the web app, which posts the token with the new password.
            resetUrl: `${env.publicUrl}/reset-password?token=${encodeURIComponent(token)}`,
          }),
        });
      },
    },
    // Our own limits (auth.service.ts) keep their counts in the database, shared by every app
    // server; better-auth's would be per process.
    rateLimit: { enabled: false },
    advanced: {
      cookiePrefix: 'souq',
      useSecureCookies: env.publicUrl.startsWith('https://'),
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', path: '/' },
    },
    telemetry: { enabled: false },
    // Into the server's log; its extra arguments are left out since they may hold personal data.
    logger: {
      level: 'warn',
      log: (level, message, ...args) => {
        // Two sign-ups with one email at once: the loser meets the unique email and is told
        // email_taken (auth.service.ts). An expected answer, not a fault of the server.
        if (message === 'Failed to create user' && isUniqueViolation(args[0])) {
          log.info({ component: 'better-auth' }, 'sign-up for an email taken a moment before');
          return;
        }
        log[level]({ component: 'better-auth' }, message);
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
