import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  authErrorCodes,
  changePasswordSchema,
  requestPasswordResetSchema,
  resetPasswordSchema,
  signInSchema,
  signUpSchema,
} from '@souq/contracts/auth';
import type { Db } from '../../db/connection';
import { AppError } from '../../http/errors';
import { AUTH_BASE_PATH, type Auth } from './auth';
import { passwordProblem } from './password-policy';
import { forgiveSignInAttempt, reserveSignInAttempt } from './sign-in-limits';

/**
 * The better-auth endpoints the shop uses, and only those (no profile or e-mail changes that
 * would skip our rules). Bodies are checked with our contracts first, and better-auth's errors
 * leave in the shop's one error shape.
 */
const bodySchemas: Record<string, z.ZodType | null> = {
  'POST /sign-up/email': signUpSchema,
  'POST /sign-in/email': signInSchema,
  'POST /sign-out': null,
  'GET /get-session': null,
  'POST /change-password': changePasswordSchema,
  'POST /request-password-reset': requestPasswordResetSchema,
  'POST /reset-password': resetPasswordSchema,
};

/** The password field each endpoint sets, checked against the password policy. */
const newPasswordField: Record<string, string> = {
  'POST /sign-up/email': 'password',
  'POST /change-password': 'newPassword',
  'POST /reset-password': 'newPassword',
};

/**
 * Reset links asked for from one client address: each request sends a mail, so a script must
 * not be able to flood an inbox (or our mail server) through the form.
 */
export const PASSWORD_RESET_RATE_LIMIT = { max: 5, timeWindow: 15 * 60_000 };

export async function authRoutes(app: FastifyInstance, { auth, db }: { auth: Auth; db: Db }) {
  async function handle(request: FastifyRequest, reply: FastifyReply) {
    const path = new URL(request.url, 'http://x').pathname.slice(AUTH_BASE_PATH.length);
    const endpoint = `${request.method} ${path}`;
    if (!(endpoint in bodySchemas))
      throw new AppError(404, 'not_found', `No route for ${endpoint}.`);
    const schema = bodySchemas[endpoint];
    let body: Record<string, unknown> | undefined;
    if (schema) {
      const parsed = schema.safeParse(request.body ?? {});
      if (!parsed.success) {
        const fields: Record<string, string> = {};
        for (const issue of parsed.error.issues)
          fields[issue.path.join('.') || 'body'] ??= issue.message;
        throw new AppError(400, 'invalid_request', 'Invalid body.', fields);
      }
      body = parsed.data as Record<string, unknown>;
    }
    const passwordField = newPasswordField[endpoint];
    const problem = passwordField && passwordProblem(String(body?.[passwordField]));
    if (passwordField && problem) {
      throw new AppError(400, authErrorCodes.weakPassword, problem, { [passwordField]: problem });
    }
    // Changing the password ends every other session (a thief's too).
    if (endpoint === 'POST /change-password') body = { ...body, revokeOtherSessions: true };

    if (endpoint === 'POST /sign-in/email') {
      const email = String(body?.email).toLowerCase();
      const attempt = await reserveSignInAttempt(db, email, request.ip);
      if (!attempt.allowed) {
        void reply.header('retry-after', String(attempt.retryAfterSeconds));
        throw new AppError(
          429,
          authErrorCodes.tooManyAttempts,
          'Too many failed sign-in attempts. Wait a few minutes and try again.',
        );
      }
      const response = await forward(auth, request, body);
      if (response.ok) await forgiveSignInAttempt(db, attempt.id);
      return send(reply, response);
    }
    return send(reply, await forward(auth, request, body));
  }

  app.route({
    method: 'POST',
    url: `${AUTH_BASE_PATH}/request-password-reset`,
    schema: { hide: true },
    config: { rateLimit: PASSWORD_RESET_RATE_LIMIT },
    handler: handle,
  });
  app.route({
    method: ['GET', 'POST'],
    url: `${AUTH_BASE_PATH}/*`,
    schema: { hide: true },
    handler: handle,
  });
}

function forward(auth: Auth, request: FastifyRequest, body: unknown): Promise<Response> {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined || name === 'content-length') continue;
    headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  const url = new URL(request.url, `${request.protocol}://${request.host}`);
  if (body === undefined)
    return auth.handler(new Request(url, { method: request.method, headers }));
  headers.set('content-type', 'application/json');
  return auth.handler(
    new Request(url, { method: request.method, headers, body: JSON.stringify(body) }),
  );
}

/** better-auth's answers, with its errors turned into ours. */
async function send(reply: FastifyReply, response: Response) {
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) void reply.header('set-cookie', cookies);
  void reply.header('cache-control', 'no-store');
  const text = await response.text();
  if (response.ok) {
    void reply.status(response.status);
    return text ? reply.type('application/json').send(text) : reply.send();
  }
  throw translateError(response.status, text);
}

function translateError(status: number, text: string): AppError {
  let code = '';
  let message = 'The request could not be completed.';
  try {
    const parsed = JSON.parse(text) as { code?: unknown; message?: unknown };
    if (typeof parsed.code === 'string') code = parsed.code;
    if (typeof parsed.message === 'string') message = parsed.message;
  } catch {
    // not JSON: keep the generic message
  }
  switch (code) {
    case 'USER_ALREADY_EXISTS':
    case 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL':
      return new AppError(
        422,
        authErrorCodes.emailTaken,
        'An account with this email already exists.',
        {
          email: 'An account with this email already exists.',
        },
      );
    case 'INVALID_EMAIL_OR_PASSWORD':
      return new AppError(401, authErrorCodes.invalidCredentials, 'Wrong email or password.');
    case 'INVALID_PASSWORD':
      return new AppError(
        400,
        authErrorCodes.invalidCredentials,
        'The current password is wrong.',
        {
          currentPassword: 'The current password is wrong.',
        },
      );
    case 'INVALID_TOKEN':
      return new AppError(
        400,
        authErrorCodes.invalidToken,
        'This reset link is invalid or has expired. Ask for a new one.',
      );
    default:
      // Other better-auth codes are not part of the API's codes; the message still says what failed.
      return new AppError(status, 'auth_error', message);
  }
}

/**
 * Fills request.currentUser for /api requests that carry a session cookie; requests without
 * one skip the database entirely.
 */
export function registerCurrentUserHook(app: FastifyInstance, auth: Auth) {
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/') || request.url.startsWith(`${AUTH_BASE_PATH}/`)) return;
    const cookie = request.headers.cookie;
    if (!cookie?.includes('session_token=')) return;
    const headers = new Headers({ cookie });
    const session = await auth.api.getSession({ headers });
    if (session) {
      request.currentUser = {
        id: session.user.id,
        email: session.user.email,
        name: session.user.name,
      };
    }
  });
}
