import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiError,
  SAME_ORIGIN,
  sessionCookie,
  sessionUser,
  signUpTestUser,
} from '../../test/auth-helpers';
import { createAppOverDb, createTestApp, testDialects, type TestApp } from '../../test/test-app';
import { PASSWORD_RESET_RATE_LIMIT } from './auth.routes';
import { signInLimits } from './sign-in-limits';

describe.each(testDialects)('accounts and sessions (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, { seed: false });
  });
  afterAll(() => t.close());

  const post = (url: string, payload: object, cookie?: string) =>
    t.app.inject({
      method: 'POST',
      url,
      payload,
      headers: { origin: SAME_ORIGIN, ...(cookie ? { cookie } : {}) },
    });
  const session = (cookie: string) =>
    t.app.inject({ method: 'GET', url: '/api/account/session', headers: { cookie } });

  it('signs up with a session cookie that is HttpOnly and SameSite=Lax, and knows the shopper', async () => {
    const response = await post('/api/auth/sign-up/email', {
      name: 'Amina',
      email: 'Amina@Example.com',
      password: 'correct horse battery',
    });
    expect(response.statusCode).toBe(200);
    const setCookie = String(response.headers['set-cookie']);
    expect(setCookie).toMatch(/souq\.session_token=/);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).not.toMatch(/Secure/i); // served over plain http here
    const me = await session(sessionCookie(response.headers['set-cookie']));
    expect(sessionUser(me)).toMatchObject({ email: 'amina@example.com', name: 'Amina' });
  });

  it('stores the password as an argon2id hash at or above OWASP parameters', async () => {
    const user = await signUpTestUser(t.app);
    const row = await t.db.kysely
      .selectFrom('auth_accounts')
      .select('password')
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row.password).toMatch(/^\$argon2id\$v=19\$m=19456,t=3,p=1\$/);
  });

  it('refuses a second account with the same email, in any letter case', async () => {
    const user = await signUpTestUser(t.app);
    const response = await post('/api/auth/sign-up/email', {
      name: 'Again',
      email: user.email.toUpperCase(),
      password: 'another long passphrase',
    });
    expect(response.statusCode).toBe(422);
    expect(apiError(response).code).toBe('email_taken');
  });

  it('refuses passwords that are too short, too long or among the most common', async () => {
    const attempt = (password: string) =>
      post('/api/auth/sign-up/email', { name: 'P', email: 'p@example.com', password });
    const short = await attempt('seven77');
    expect(short.statusCode).toBe(400);
    expect(apiError(short).fields?.password).toMatch(/at least 8/);
    const long = await attempt('x'.repeat(129));
    expect(long.statusCode).toBe(400);
    const common = await attempt('baseball');
    expect(common.statusCode).toBe(400);
    expect(apiError(common)).toMatchObject({ code: 'weak_password' });
    expect(apiError(common).message).toMatch(/too common/);
    // Any characters count: eight Arabic letters are a fine password.
    const arabic = await post('/api/auth/sign-up/email', {
      name: 'P',
      email: 'arabic@example.com',
      password: 'كلمةسرطويلة',
    });
    expect(arabic.statusCode).toBe(200);
  });

  it('gives the same answer for a wrong password and an unknown email', async () => {
    const user = await signUpTestUser(t.app);
    const wrong = await post('/api/auth/sign-in/email', {
      email: user.email,
      password: 'not the password',
    });
    const unknown = await post('/api/auth/sign-in/email', {
      email: 'nobody@example.com',
      password: 'not the password',
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(apiError(wrong).code).toBe('invalid_credentials');
    expect(wrong.headers['set-cookie']).toBeUndefined();
  });

  it('signs in with a new session, and signing out ends it at once', async () => {
    const user = await signUpTestUser(t.app);
    const signIn = await post('/api/auth/sign-in/email', {
      email: user.email,
      password: user.password,
    });
    expect(signIn.statusCode).toBe(200);
    const cookie = sessionCookie(signIn.headers['set-cookie']);
    expect(cookie).not.toBe(user.cookie);
    expect(sessionUser(await session(cookie))?.email).toBe(user.email);

    const signOut = await post('/api/auth/sign-out', {}, cookie);
    expect(signOut.statusCode).toBe(200);
    expect((await session(cookie)).json()).toEqual({ user: null });
    const profile = await t.app.inject({
      method: 'GET',
      url: '/api/account/profile',
      headers: { cookie },
    });
    expect(profile.statusCode).toBe(401);
    // The other session (from sign-up) is untouched.
    expect(sessionUser(await session(user.cookie))?.email).toBe(user.email);
  });

  it('changing the password ends the other sessions and needs the current password', async () => {
    const user = await signUpTestUser(t.app);
    const other = sessionCookie(
      (await post('/api/auth/sign-in/email', { email: user.email, password: user.password }))
        .headers['set-cookie'],
    );
    const wrongCurrent = await post(
      '/api/auth/change-password',
      { currentPassword: 'not it at all', newPassword: 'a brand new passphrase' },
      user.cookie,
    );
    expect(wrongCurrent.statusCode).toBe(400);
    expect(apiError(wrongCurrent).fields?.currentPassword).toBeDefined();
    const common = await post(
      '/api/auth/change-password',
      { currentPassword: user.password, newPassword: 'password1' },
      user.cookie,
    );
    expect(apiError(common).code).toBe('weak_password');

    const changed = await post(
      '/api/auth/change-password',
      { currentPassword: user.password, newPassword: 'a brand new passphrase' },
      user.cookie,
    );
    expect(changed.statusCode).toBe(200);
    expect((await session(other)).json()).toEqual({ user: null });
    const renewed = sessionCookie(changed.headers['set-cookie']);
    expect(sessionUser(await session(renewed))?.email).toBe(user.email);
    const oldPassword = await post('/api/auth/sign-in/email', {
      email: user.email,
      password: user.password,
    });
    expect(oldPassword.statusCode).toBe(401);
  });

  it('limits failed sign-ins per account in the database, seen by every app server', async () => {
    const user = await signUpTestUser(t.app);
    const wrong = { email: user.email, password: 'a wrong guess' };
    for (let i = 0; i < signInLimits.account.perMinute; i += 1) {
      expect((await post('/api/auth/sign-in/email', wrong)).statusCode).toBe(401);
    }
    const limited = await post('/api/auth/sign-in/email', wrong);
    expect(limited.statusCode).toBe(429);
    expect(apiError(limited).code).toBe('too_many_attempts');
    expect(limited.headers['retry-after']).toBe('60');

    // A second app server over the same database refuses too, even the right password.
    const second = await createAppOverDb(t.db);
    try {
      const elsewhere = await second.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        payload: { email: user.email, password: user.password },
      });
      expect(elsewhere.statusCode).toBe(429);
    } finally {
      await second.close();
    }
  });

  it('limits failed sign-ins per client address across accounts', async () => {
    const before = await t.db.kysely
      .selectFrom('sign_in_failures')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('client_address', '=', '10.9.8.7')
      .executeTakeFirstOrThrow();
    expect(before.n).toBe(0);
    const from = (i: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        remoteAddress: '10.9.8.7',
        payload: { email: `guess${i}@example.com`, password: 'a wrong guess' },
      });
    for (let i = 0; i < signInLimits.clientAddress.perMinute; i += 1) {
      expect((await from(i)).statusCode).toBe(401);
    }
    expect((await from(999)).statusCode).toBe(429);
  });

  it('limits reset links asked for from one address, and sends no mail past the limit', async () => {
    const user = await signUpTestUser(t.app);
    const outbox = path.join(t.dataDir, 'outbox');
    const mailsTo = () =>
      fs.existsSync(outbox)
        ? fs
            .readdirSync(outbox)
            .filter((f) => fs.readFileSync(path.join(outbox, f), 'utf8').includes(user.email))
            .length
        : 0;
    const ask = (remoteAddress: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/request-password-reset',
        remoteAddress,
        payload: { email: user.email },
      });
    for (let i = 0; i < PASSWORD_RESET_RATE_LIMIT.max; i += 1) {
      expect((await ask('10.7.7.7')).statusCode).toBe(200);
    }
    expect(mailsTo()).toBe(PASSWORD_RESET_RATE_LIMIT.max);
    const limited = await ask('10.7.7.7');
    expect(limited.statusCode).toBe(429);
    expect(apiError(limited).code).toBe('rate_limited');
    expect(mailsTo()).toBe(PASSWORD_RESET_RATE_LIMIT.max);
    // Another address is not affected.
    expect((await ask('10.7.7.8')).statusCode).toBe(200);
  });

  it('resets a forgotten password through the link in the outbox', async () => {
    const user = await signUpTestUser(t.app);
    const request = await post('/api/auth/request-password-reset', { email: user.email });
    expect(request.statusCode).toBe(200);
    // Unknown addresses get the same answer, so the form reveals no accounts.
    const unknown = await post('/api/auth/request-password-reset', { email: 'no@example.com' });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual(request.json());

    const outbox = path.join(t.dataDir, 'outbox');
    const mails = fs
      .readdirSync(outbox)
      .map(
        (f) =>
          JSON.parse(fs.readFileSync(path.join(outbox, f), 'utf8')) as { to: string; text: string },
      );
    const mail = mails.find((m) => m.to === user.email);
    expect(mails.filter((m) => m.to === user.email)).toHaveLength(1);
    expect(mails.filter((m) => m.to === 'no@example.com')).toHaveLength(0);
    const link = /http:\/\/\S+\/reset-password\?token=(\S+)/.exec(mail?.text ?? '');
    expect(link).not.toBeNull();
    const token = decodeURIComponent(link?.[1] ?? '');

    const weak = await post('/api/auth/reset-password', { token, newPassword: 'qwerty123' });
    expect(apiError(weak).code).toBe('weak_password');
    const reset = await post('/api/auth/reset-password', {
      token,
      newPassword: 'reset to this one',
    });
    expect(reset.statusCode).toBe(200);
    expect((await session(user.cookie)).json()).toEqual({ user: null });
    const again = await post('/api/auth/reset-password', {
      token,
      newPassword: 'reset to this one',
    });
    expect(apiError(again).code).toBe('invalid_token');
    const signIn = await post('/api/auth/sign-in/email', {
      email: user.email,
      password: 'reset to this one',
    });
    expect(signIn.statusCode).toBe(200);
  });

  it('refuses state-changing requests from another site on every /api route', async () => {
    const user = await signUpTestUser(t.app);
    const crossSite = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { origin: 'https://evil.example', cookie: user.cookie },
    });
    expect(crossSite.statusCode).toBe(403);
    expect(apiError(crossSite).code).toBe('cross_origin');
    expect(sessionUser(await session(user.cookie))).not.toBeNull();

    const fetchMetadata = await t.app.inject({
      method: 'POST',
      url: '/api/account/addresses',
      headers: { 'sec-fetch-site': 'cross-site', cookie: user.cookie },
      payload: {},
    });
    expect(fetchMetadata.statusCode).toBe(403);
    const otherRoute = await t.app.inject({
      method: 'PUT',
      url: '/api/account/profile',
      headers: { origin: 'http://localhost:81', cookie: user.cookie },
      payload: { firstName: 'X', lastName: '' },
    });
    expect(otherRoute.statusCode).toBe(403);
    // Reading stays open.
    const read = await t.app.inject({
      method: 'GET',
      url: '/api/account/session',
      headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    });
    expect(read.statusCode).toBe(200);
  });

  it('offers only the auth endpoints the shop uses, with its own error shape', async () => {
    const updateUser = await post('/api/auth/update-user', { image: 'https://evil.example/x.png' });
    expect(updateUser.statusCode).toBe(404);
    expect(apiError(updateUser).code).toBe('not_found');
    const bad = await post('/api/auth/sign-in/email', { email: 'not-an-email' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(apiError(bad).fields ?? {}).sort()).toEqual(['email', 'password']);
  });
});
