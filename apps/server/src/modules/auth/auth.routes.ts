import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  changePasswordSchema,
  requestPasswordResetSchema,
  resetPasswordSchema,
  signInSchema,
  signUpSchema,
} from '@souq/contracts/auth';
import { NotFoundError } from '../../http/errors';
import { routedPath, targetPathname } from '../../http/request-path';
import { AUTH_BASE_PATH } from './auth';
import { TooManyRequestsError } from './auth.errors';
import type { AuthCall, AuthService } from './auth.service';

/**
 * Reset links asked for from one client address: each request sends a mail, so a script must
 * not be able to flood an inbox (or our mail server) through the form.
 */
export const PASSWORD_RESET_RATE_LIMIT = { max: 5, timeWindow: 15 * 60_000 };

/**
 * Sign-ups from one client address per hour (SIGN_UP_LIMIT_PER_HOUR, default 20): enough for a
 * family or an office, too few for a script.
 */
const SIGN_UP_WINDOW_MS = 60 * 60_000;

/**
 * The better-auth endpoints the shop uses, and only those (no profile or e-mail changes that
 * would skip our rules); anything else under /api/auth is a 404. Bodies are checked with our
 * contracts, then the service applies the shop's rules around better-auth.
 */
export async function authRoutes(
  instance: FastifyInstance,
  { service, signUpLimitPerHour }: { service: AuthService; signUpLimitPerHour: number },
) {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  function post<S extends z.ZodType>(
    path: string,
    body: S,
    run: (call: AuthCall, input: z.infer<S>) => Promise<Response>,
    rateLimit?: { max: number; timeWindow: number },
  ) {
    app.post(
      `${AUTH_BASE_PATH}${path}`,
      { schema: { body, hide: true }, ...(rateLimit ? { config: { rateLimit } } : {}) },
      (request, reply) =>
        sendAuthAnswer(reply, () => run(authCall(request), request.body as z.infer<S>)),
    );
  }

  post('/sign-up/email', signUpSchema, (call, input) => service.signUp(call, input), {
    max: signUpLimitPerHour,
    timeWindow: SIGN_UP_WINDOW_MS,
  });
  post('/sign-in/email', signInSchema, (call, input) => service.signIn(call, input));
  post('/change-password', changePasswordSchema, (call, input) =>
    service.changePassword(call, input),
  );
  post(
    '/request-password-reset',
    requestPasswordResetSchema,
    (call, input) => service.requestPasswordReset(call, input),
    PASSWORD_RESET_RATE_LIMIT,
  );
  post('/reset-password', resetPasswordSchema, (call, input) => service.resetPassword(call, input));
  app.post(`${AUTH_BASE_PATH}/sign-out`, { schema: { hide: true } }, (request, reply) =>
    sendAuthAnswer(reply, () => service.signOut(authCall(request))),
  );
  app.get(`${AUTH_BASE_PATH}/get-session`, { schema: { hide: true } }, (request, reply) =>
    sendAuthAnswer(reply, () => service.getSession(authCall(request))),
  );
  app.route({
    method: ['GET', 'POST'],
    url: `${AUTH_BASE_PATH}/*`,
    schema: { hide: true },
    handler: (request) => {
      throw new NotFoundError(`No route for ${request.method} ${targetPathname(request.url)}.`);
    },
  });
}

function authCall(request: FastifyRequest): AuthCall {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  // Built from the routed path: an absolute-form target must not choose the origin better-auth sees.
  const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
  return {
    url: new URL(`${targetPathname(request.url)}${query}`, `${request.protocol}://${request.host}`),
    headers,
    clientAddress: request.ip,
  };
}

/** Sends better-auth's answer (its cookies and JSON) as ours; a 429 carries Retry-After. */
async function sendAuthAnswer(reply: FastifyReply, run: () => Promise<Response>) {
  let response: Response;
  try {
    response = await run();
  } catch (error) {
    if (error instanceof TooManyRequestsError)
      void reply.header('retry-after', String(error.retryAfterSeconds));
    throw error;
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) void reply.header('set-cookie', cookies);
  void reply.header('cache-control', 'no-store');
  const text = await response.text();
  void reply.status(response.status);
  return text ? reply.type('application/json').send(text) : reply.send();
}

/**
 * Fills request.currentUser for /api requests that carry a session cookie; requests without
 * one skip the database entirely.
 */
export function registerCurrentUserHook(app: FastifyInstance, service: AuthService) {
  app.addHook('onRequest', async (request) => {
    const path = routedPath(request);
    if (!path.startsWith('/api/') || path.startsWith(`${AUTH_BASE_PATH}/`)) return;
    const cookie = request.headers.cookie;
    if (!cookie?.includes('session_token=')) return;
    request.currentUser = await service.sessionUser(cookie);
  });
}
