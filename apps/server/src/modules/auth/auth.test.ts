import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiError,
  SAME_ORIGIN,
  sessionCookie,
  sessionUser,
  signUpTestUser,
} from '../../test/auth-helpers';
import { createAppOverDb, createTestApp, testDialects, type TestApp } from '../../test/test-app';
import { readEnv } from '../../env';
import { dohaShopSettings } from '../../test/shop-settings-fixtures';
import { PASSWORD_RESET_RATE_LIMIT } from './auth.routes';
import { PASSWORD_RESET_EMAIL_LIMIT, signInLimits } from './auth.service';

describe.each(testDialects)('accounts and sessions (%s)', (dialect) => {
  let t: TestApp;
  /** Sign-in slow-downs under way: the test decides when each one is over. */
  const heldDelays: { ms: number; release: () => void }[] = [];
  beforeAll(async () => {
    t = await createTestApp(dialect, {
      seed: false,
      signInDelay: (ms) => new Promise((release) => heldDelays.push({ ms, release })),
    });
    await t.db.kysely
      .insertInto('shop_settings')
      .values({ id: 1, settings_json: JSON.stringify(dohaShopSettings), version: 1 })
      .execute();
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

  const signInFrom = (remoteAddress: string, email: string, password: string, app = t.app) =>
    app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      remoteAddress,
      payload: { email, password },
    });

  it('refuses an address that keeps guessing one account, on every app server', async () => {
    const user = await signUpTestUser(t.app);
    const { max } = signInLimits.accountFromAddress;
    for (let i = 0; i < max; i += 1) {
      expect((await signInFrom('10.1.0.1', user.email, 'a wrong guess')).statusCode).toBe(401);
    }
    const limited = await signInFrom('10.1.0.1', user.email, 'a wrong guess');
    expect(limited.statusCode).toBe(429);
    expect(apiError(limited).code).toBe('rate_limited');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);

    // A second app server over the same database refuses that address too, even the right password.
    const second = await createAppOverDb(t.db);
    try {
      const elsewhere = await signInFrom('10.1.0.1', user.email, user.password, second.app);
      expect(elsewhere.statusCode).toBe(429);
    } finally {
      await second.close();
    }
  });

  it('lets the owner in from their own address while a stranger is locked out', async () => {
    const user = await signUpTestUser(t.app);
    let stranger = await signInFrom('10.2.0.1', user.email, 'a wrong guess');
    while (stranger.statusCode === 401) {
      stranger = await signInFrom('10.2.0.1', user.email, 'a wrong guess');
    }
    expect(stranger.statusCode).toBe(429);
    expect((await signInFrom('10.2.0.1', user.email, user.password)).statusCode).toBe(429);

    const owner = await signInFrom('10.2.0.2', user.email, user.password);
    expect(owner.statusCode).toBe(200);
    expect(sessionUser(await session(sessionCookie(owner.headers['set-cookie'])))?.email).toBe(
      user.email,
    );
  });

  it('slows, but never refuses, guesses at one account spread over many addresses', async () => {
    const user = await signUpTestUser(t.app);
    for (let i = 0; i < signInLimits.account.max; i += 1) {
      expect((await signInFrom(`10.3.0.${i}`, user.email, 'a wrong guess')).statusCode).toBe(401);
    }
    expect(heldDelays).toHaveLength(0);

    // Past the account's ceiling every answer waits, the owner's as well, and none is a 429.
    const answered: number[] = [];
    const guess = signInFrom('10.3.1.1', user.email, 'a wrong guess').then((r) => {
      answered.push(r.statusCode);
      return r;
    });
    await expect.poll(() => heldDelays.length).toBe(1);
    expect(heldDelays[0]?.ms).toBe(signInLimits.account.delayMs);
    expect(answered).toEqual([]);
    heldDelays.shift()?.release();
    expect((await guess).statusCode).toBe(401);

    const owner = signInFrom('10.3.2.2', user.email, user.password);
    await expect.poll(() => heldDelays.length).toBe(1);
    heldDelays.shift()?.release();
    expect((await owner).statusCode).toBe(200);
  });

  it('refuses an address that guesses across many accounts', async () => {
    const from = (i: number) => signInFrom('10.9.8.7', `guess${i}@example.com`, 'a wrong guess');
    for (let i = 0; i < signInLimits.clientAddress.max; i += 1) {
      expect((await from(i)).statusCode).toBe(401);
    }
    const limited = await from(999);
    expect(limited.statusCode).toBe(429);
    expect(apiError(limited).code).toBe('rate_limited');
  });

  /** The password-reset mails in the outbox, oldest first. */
  const resetMails = () =>
    t.db.kysely
      .selectFrom('mail_outbox')
      .select(['recipient', 'subject', 'html', 'text', 'status'])
      .where('kind', '=', 'password_reset')
      .orderBy('id')
      .execute();
  const mailsTo = async (email: string) =>
    (await resetMails()).filter((m) => m.recipient === email).length;
  const askForReset = (remoteAddress: string, email: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      remoteAddress,
      payload: { email },
    });

  it('limits reset links asked for from one address, and sends no mail past the limit', async () => {
    const user = await signUpTestUser(t.app);
    // Different addresses to ask for, so only the per-client limit is reached.
    const emails = [user.email, 'a1@example.com', 'a2@example.com', 'a3@example.com'];
    for (let i = 0; i < PASSWORD_RESET_RATE_LIMIT.max; i += 1) {
      const email = emails[i % emails.length] ?? user.email;
      expect((await askForReset('10.7.7.7', email)).statusCode).toBe(200);
    }
    const sent = await mailsTo(user.email);
    expect(sent).toBeGreaterThan(0);
    const limited = await askForReset('10.7.7.7', user.email);
    expect(limited.statusCode).toBe(429);
    expect(apiError(limited).code).toBe('rate_limited');
    expect(await mailsTo(user.email)).toBe(sent);
    // Another address is not affected.
    expect((await askForReset('10.7.7.8', 'a4@example.com')).statusCode).toBe(200);
  });

  it('limits reset links sent to one email from any number of addresses, alike for unknown ones', async () => {
    const user = await signUpTestUser(t.app);
    const { max } = PASSWORD_RESET_EMAIL_LIMIT;
    const statuses = async (email: string, net: string) => {
      const seen: number[] = [];
      for (let i = 0; i <= max; i += 1)
        seen.push((await askForReset(`${net}.${i}`, email)).statusCode);
      return seen;
    };
    const known = await statuses(user.email, '10.8.0');
    expect(known).toEqual([...Array<number>(max).fill(200), 429]);
    expect(await mailsTo(user.email)).toBe(max);
    // An address without an account gets exactly the same answers.
    expect(await statuses('nobody-here@example.com', '10.8.1')).toEqual(known);
  });

  it('a reset or a password change ends every other reset link of the account', async () => {
    const user = await signUpTestUser(t.app);
    const tokensOf = async () =>
      (await resetMails())
        .filter((m) => m.recipient === user.email)
        .map((m) => decodeURIComponent(/reset-password\?token=(\S+)/.exec(m.text)?.[1] ?? ''));
    expect((await askForReset('10.6.0.1', user.email)).statusCode).toBe(200);
    expect((await askForReset('10.6.0.2', user.email)).statusCode).toBe(200);
    const [older, newer] = await tokensOf();
    const reset = await post('/api/auth/reset-password', {
      token: newer,
      newPassword: 'the newest passphrase',
    });
    expect(reset.statusCode).toBe(200);
    const stale = await post('/api/auth/reset-password', {
      token: older,
      newPassword: 'an attacker passphrase',
    });
    expect(stale.statusCode).toBe(400);
    expect(apiError(stale).code).toBe('invalid_token');

    // A link asked for before a password change dies with the change.
    expect((await askForReset('10.6.0.3', user.email)).statusCode).toBe(200);
    const beforeChange = (await tokensOf())[2];
    const signIn = await post('/api/auth/sign-in/email', {
      email: user.email,
      password: 'the newest passphrase',
    });
    const changed = await post(
      '/api/auth/change-password',
      { currentPassword: 'the newest passphrase', newPassword: 'changed while signed in' },
      sessionCookie(signIn.headers['set-cookie']),
    );
    expect(changed.statusCode).toBe(200);
    const afterChange = await post('/api/auth/reset-password', {
      token: beforeChange,
      newPassword: 'an attacker passphrase',
    });
    expect(apiError(afterChange).code).toBe('invalid_token');
    const attacker = await post('/api/auth/sign-in/email', {
      email: user.email,
      password: 'an attacker passphrase',
    });
    expect(attacker.statusCode).toBe(401);
  });

  const signUpFrom = (remoteAddress: string, email: string, app = t.app) =>
    app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      remoteAddress,
      payload: { name: 'Rate Tester', email, password: 'a-Strong-passphrase-42' },
    });

  it('limits sign-ups from one client address', async () => {
    // The test apps run with the shop's default (SIGN_UP_LIMIT_PER_HOUR unset).
    for (let i = 0; i < readEnv({}).signUpLimitPerHour; i += 1) {
      expect((await signUpFrom('10.5.5.5', `many${i}@example.com`)).statusCode).toBe(200);
    }
    const limited = await signUpFrom('10.5.5.5', 'one-too-many@example.com');
    expect(limited.statusCode).toBe(429);
    expect(apiError(limited).code).toBe('rate_limited');
    const stored = await t.db.kysely
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'one-too-many@example.com')
      .execute();
    expect(stored).toEqual([]);
    expect((await signUpFrom('10.5.5.6', 'elsewhere@example.com')).statusCode).toBe(200);
  });

  it('answers email_taken to every concurrent sign-up with one email but the winner', async () => {
    const logLines: string[] = [];
    const logged = await createAppOverDb(t.db, { logStream: { write: (l) => logLines.push(l) } });
    try {
      const email = `race-${Date.now()}@example.com`;
      const responses = await Promise.all(
        Array.from({ length: 6 }, (_, i) => signUpFrom(`10.4.0.${i}`, email, logged.app)),
      );
      // The server's errors first: a failure then shows what went wrong, not only a status.
      const errors = logLines.filter((l) => (JSON.parse(l) as { level: number }).level >= 50);
      expect(errors).toEqual([]);
      const answers = responses
        .map((r) => (r.statusCode === 200 ? '200' : `${r.statusCode} ${apiError(r).code}`))
        .sort();
      expect(answers).toEqual(['200', ...Array<string>(5).fill('422 email_taken')]);
      const users = await t.db.kysely
        .selectFrom('users')
        .select('id')
        .where('email', '=', email)
        .execute();
      expect(users).toHaveLength(1);
    } finally {
      await logged.close();
    }
  });

  it('writes the reset mail in the language of the page it was asked from', async () => {
    const user = await signUpTestUser(t.app);
    const arabic = await post('/api/auth/request-password-reset', {
      email: user.email,
      language: 'ar',
    });
    expect(arabic.statusCode).toBe(200);
    const english = await post('/api/auth/request-password-reset', {
      email: user.email,
      language: 'en',
    });
    expect(english.statusCode).toBe(200);
    const [ar, en] = (await resetMails()).filter((m) => m.recipient === user.email);
    expect(ar?.status).toBe('queued');
    expect(ar?.subject).toBe('إعادة تعيين كلمة مرور حسابك في Dar Al Qamar');
    expect(ar?.text).toContain('صالح لمدة ساعة واحدة');
    expect(ar?.html).toMatch(/<html lang="ar" dir="rtl">/);
    expect(en?.subject).toBe('Reset your Dar Al Qamar password');
    // The link is the same in both parts, escaped in the HTML one.
    const link = /(http:\/\/\S+\/reset-password\?token=\S+)/.exec(en?.text ?? '')?.[1] ?? '';
    expect(link).not.toBe('');
    expect(en?.html).toContain(`href="${link.replaceAll('&', '&amp;')}"`);
  });

  it('refuses a reset request in a language the shop does not have, and queues no mail', async () => {
    const user = await signUpTestUser(t.app);
    const response = await post('/api/auth/request-password-reset', {
      email: user.email,
      language: 'fr',
    });
    expect(response.statusCode).toBe(400);
    expect(apiError(response).fields).toHaveProperty('language');
    expect((await resetMails()).filter((m) => m.recipient === user.email)).toEqual([]);
  });

  it('resets a forgotten password through the link in the outbox', async () => {
    const user = await signUpTestUser(t.app);
    const request = await post('/api/auth/request-password-reset', { email: user.email });
    expect(request.statusCode).toBe(200);
    // Unknown addresses get the same answer, so the form reveals no accounts.
    const unknown = await post('/api/auth/request-password-reset', { email: 'no@example.com' });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual(request.json());

    const mails = await resetMails();
    const mail = mails.find((m) => m.recipient === user.email);
    expect(mails.filter((m) => m.recipient === user.email)).toHaveLength(1);
    expect(mails.filter((m) => m.recipient === 'no@example.com')).toHaveLength(0);
    // No language asked for: the shop's default, with the shop's name from its settings.
    expect(mail?.subject).toBe('Reset your Dar Al Qamar password');
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
