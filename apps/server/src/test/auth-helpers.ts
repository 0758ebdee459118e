import type { App } from '../app';
import { sessionSchema } from '@souq/contracts/account';
import { apiErrorSchema } from '@souq/contracts/errors';

/** What API tests send as a browser on the shop's own origin would. */
export const SAME_ORIGIN = 'http://localhost:80';

export interface TestUser {
  id: string;
  name: string;
  email: string;
  password: string;
  /** The Cookie header value that carries the session. */
  cookie: string;
}

let counter = 0;

/**
 * Signs a new shopper up through the real API and returns the session cookie. Send it as the
 * Cookie header; better-auth's own endpoints (/api/auth/*) also want `origin: SAME_ORIGIN`
 * beside a cookie, the shop's other routes do not.
 */
export async function signUpTestUser(
  app: App,
  overrides: Partial<Pick<TestUser, 'name' | 'email' | 'password'>> = {},
): Promise<TestUser> {
  counter += 1;
  const input = {
    name: overrides.name ?? `Test Shopper ${counter}`,
    email: overrides.email ?? `shopper${counter}-${Date.now()}@example.com`,
    password: overrides.password ?? 'a-Strong-passphrase-42',
  };
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    headers: { origin: SAME_ORIGIN },
    // Each test shopper signs up from an address of their own, as real shoppers do, so tests
    // that sign many up stay under the per-address sign-up limit.
    remoteAddress: `10.255.${Math.floor(counter / 250) % 250}.${counter % 250}`,
    payload: input,
  });
  if (response.statusCode !== 200) {
    throw new Error(`sign-up failed: ${response.statusCode} ${response.body}`);
  }
  const { user } = response.json<{ user: { id: string } }>();
  return { id: user.id, ...input, cookie: sessionCookie(response.headers['set-cookie']) };
}

/** The session cookie (name=value) from a response's Set-Cookie headers. */
export function sessionCookie(setCookie: string | string[] | undefined): string {
  const all = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  const session = all.find((c) => c.includes('session_token='));
  if (!session) throw new Error('no session cookie was set');
  return session.split(';')[0] ?? '';
}

/** The error of an API error response, checked against the contract. */
export function apiError(response: { json: () => unknown }) {
  return apiErrorSchema.parse(response.json()).error;
}

/** Who the session endpoint says is signed in. */
export function sessionUser(response: { json: () => unknown }) {
  return sessionSchema.parse(response.json()).user;
}
