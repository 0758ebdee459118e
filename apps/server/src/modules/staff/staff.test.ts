import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditListSchema,
  staffListSchema,
  staffMemberSchema,
  type StaffRole,
} from '@souq/contracts/staff';
import { apiError, SAME_ORIGIN, sessionCookie, signUpTestUser } from '../../test/auth-helpers';
import { signUpTestStaff, type TestStaff } from '../../test/staff-helpers';
import { createTestApp, testDialects, type TestApp } from '../../test/test-app';

describe.each(testDialects)('staff management on %s', (dialect) => {
  let t: TestApp;
  let owner: TestStaff;
  beforeAll(async () => {
    t = await createTestApp(dialect, { seed: false });
    owner = await signUpTestStaff(t.app, t.db, 'owner', { name: 'Mona Owner' });
  });
  afterAll(() => t.close());

  type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
  const call = (method: Method, url: string, cookie: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
  const invite = (payload: object, cookie = owner.cookie) =>
    call('POST', '/api/admin/staff', cookie, payload);
  const changeRole = (userId: string, role: StaffRole, cookie = owner.cookie) =>
    call('PATCH', `/api/admin/staff/${userId}`, cookie, { role });
  const remove = (userId: string, cookie = owner.cookie) =>
    call('DELETE', `/api/admin/staff/${userId}`, cookie);
  const me = (cookie: string) => call('GET', '/api/admin/me', cookie);
  const staffList = async () =>
    staffListSchema.parse((await call('GET', '/api/admin/staff', owner.cookie)).json()).items;
  const auditOf = async (userId: string) =>
    auditListSchema.parse(
      (
        await call('GET', `/api/admin/audit?entityType=staff&entityId=${userId}`, owner.cookie)
      ).json(),
    ).items;

  /** The invitations waiting in the outbox for `email`, oldest first. */
  const mailsTo = (email: string) =>
    t.db.kysely
      .selectFrom('mail_outbox')
      .select(['kind', 'subject', 'text', 'html', 'status'])
      .where('recipient', '=', email)
      .orderBy('id')
      .execute();
  const authPost = (url: string, payload: object) =>
    t.app.inject({ method: 'POST', url, headers: { origin: SAME_ORIGIN }, payload });
  const signIn = (email: string, password: string) =>
    authPost('/api/auth/sign-in/email', { email, password });

  it('lists the staff with their roles', async () => {
    const items = await staffList();
    expect(items).toContainEqual({
      userId: owner.id,
      email: owner.email,
      name: 'Mona Owner',
      role: 'owner',
      since: expect.any(String) as string,
      hasSignedIn: true,
    });
  });

  it('makes an existing shopper staff; they keep their password and get a mail', async () => {
    const shopper = await signUpTestUser(t.app);
    expect((await me(shopper.cookie)).statusCode).toBe(403);

    const response = await invite({ email: shopper.email.toUpperCase(), role: 'fulfilment' });
    expect(response.statusCode).toBe(201);
    expect(staffMemberSchema.parse(response.json())).toMatchObject({
      userId: shopper.id,
      email: shopper.email,
      role: 'fulfilment',
      hasSignedIn: true,
    });
    // The session they already have now opens the back office.
    expect((await me(shopper.cookie)).json()).toMatchObject({ role: 'fulfilment' });
    expect((await signIn(shopper.email, shopper.password)).statusCode).toBe(200);

    const [mail] = await mailsTo(shopper.email);
    expect(mail).toMatchObject({ kind: 'staff_invitation', status: 'queued' });
    expect(mail?.subject).toBe('You are invited to the Souq back office');
    expect(mail?.text).toContain('Mona Owner added you to the shop');
    expect(mail?.text).toContain('/admin');
    expect(mail?.text).not.toContain('reset-password');

    expect(await auditOf(shopper.id)).toEqual([
      expect.objectContaining({
        actor: { userId: owner.id, email: owner.email, name: owner.name },
        action: 'staff.invited',
        before: null,
        after: { email: shopper.email, role: 'fulfilment' },
      }),
    ]);
  });

  it('invites a new email in Arabic: the link sets a password that opens the back office', async () => {
    const email = `new-staff-${Date.now()}@example.com`;
    const response = await invite({ email, name: 'Samir', role: 'support', locale: 'ar' });
    expect(response.statusCode).toBe(201);
    const member = staffMemberSchema.parse(response.json());
    expect(member).toMatchObject({ email, name: 'Samir', role: 'support', hasSignedIn: false });
    // No password exists yet, so none signs in.
    expect(apiError(await signIn(email, 'a-Strong-passphrase-42')).code).toBe(
      'invalid_credentials',
    );

    const mails = await mailsTo(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe('دعوة للانضمام إلى فريق عمل Souq');
    expect(mails[0]?.html).toContain('<html lang="ar" dir="rtl">');
    expect(mails[0]?.text).toContain('«دعم العملاء»');
    const link = /http:\/\/\S+\/reset-password\?token=([^&\s]+)&lang=ar/.exec(mails[0]?.text ?? '');
    expect(link).not.toBeNull();

    const set = await authPost('/api/auth/reset-password', {
      token: decodeURIComponent(link![1]!),
      newPassword: 'my own staff passphrase',
    });
    expect(set.statusCode).toBe(200);
    const signedIn = await signIn(email, 'my own staff passphrase');
    expect(signedIn.statusCode).toBe(200);
    const cookie = sessionCookie(signedIn.headers['set-cookie']);
    expect((await me(cookie)).json()).toMatchObject({ id: member.userId, role: 'support' });
    expect((await staffList()).find((m) => m.userId === member.userId)?.hasSignedIn).toBe(true);
  });

  it('refuses to invite someone who is already staff, and a malformed invitation', async () => {
    const member = await signUpTestStaff(t.app, t.db, 'manager');
    const again = await invite({ email: member.email, role: 'support' });
    expect(again.statusCode).toBe(409);
    expect(apiError(again).code).toBe('already_staff');
    // The refused invitation rolled back whole: no mail waits for them.
    expect(await mailsTo(member.email)).toEqual([]);
    expect((await me(member.cookie)).json()).toMatchObject({ role: 'manager' });

    const bad = await invite({ email: 'not an email', role: 'boss' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(apiError(bad).fields ?? {})).toEqual(
      expect.arrayContaining(['email', 'role']),
    );
  });

  it('changes a role, audited before and after; the same role again changes nothing', async () => {
    const member = await signUpTestStaff(t.app, t.db, 'support');
    const response = await changeRole(member.id, 'manager');
    expect(response.statusCode).toBe(200);
    expect(staffMemberSchema.parse(response.json())).toMatchObject({ role: 'manager' });
    expect((await me(member.cookie)).json()).toMatchObject({ role: 'manager' });
    expect((await changeRole(member.id, 'manager')).statusCode).toBe(200);
    expect(await auditOf(member.id)).toEqual([
      expect.objectContaining({
        action: 'staff.role_changed',
        before: { email: member.email, role: 'support' },
        after: { email: member.email, role: 'manager' },
      }),
    ]);
  });

  it('answers 404 for an account that is not staff', async () => {
    const shopper = await signUpTestUser(t.app);
    expect(apiError(await changeRole(shopper.id, 'owner')).code).toBe('not_found');
    expect(apiError(await remove('no-such-account')).code).toBe('not_found');
    // An owner cannot turn a shopper into staff by a role change: that is an invitation.
    expect((await me(shopper.cookie)).statusCode).toBe(403);
  });

  it('removes a member: they keep a shopper account and lose the back office at once', async () => {
    const member = await signUpTestStaff(t.app, t.db, 'fulfilment');
    const response = await remove(member.id);
    expect(response.statusCode).toBe(204);
    expect(apiError(await me(member.cookie)).code).toBe('forbidden');
    expect((await signIn(member.email, member.password)).statusCode).toBe(200);
    expect((await staffList()).some((m) => m.userId === member.id)).toBe(false);
    expect(await auditOf(member.id)).toEqual([
      expect.objectContaining({
        action: 'staff.removed',
        before: { email: member.email, role: 'fulfilment' },
        after: null,
      }),
    ]);
    expect(apiError(await remove(member.id)).code).toBe('not_found');
  });

  it('is for owners: a manager may not manage staff', async () => {
    const manager = await signUpTestStaff(t.app, t.db, 'manager');
    const shopper = await signUpTestUser(t.app);
    const attempts = [
      call('GET', '/api/admin/staff', manager.cookie),
      invite({ email: shopper.email, role: 'owner' }, manager.cookie),
      changeRole(manager.id, 'owner', manager.cookie),
      remove(owner.id, manager.cookie),
    ];
    for (const response of await Promise.all(attempts)) {
      expect(response.statusCode).toBe(403);
      expect(apiError(response).code).toBe('forbidden');
    }
    expect((await me(manager.cookie)).json()).toMatchObject({ role: 'manager' });
  });
});

describe.each(testDialects)('the last owner on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, { seed: false });
  });
  afterAll(() => t.close());

  const patch = (cookie: string, userId: string, role: StaffRole) =>
    t.app.inject({
      method: 'PATCH',
      url: `/api/admin/staff/${userId}`,
      headers: { cookie },
      payload: { role },
    });
  const del = (cookie: string, userId: string) =>
    t.app.inject({ method: 'DELETE', url: `/api/admin/staff/${userId}`, headers: { cookie } });
  const owners = () =>
    t.db.kysely.selectFrom('staff_members').select('user_id').where('role', '=', 'owner').execute();

  it('can be neither demoted nor removed, even by themselves', async () => {
    const only = await signUpTestStaff(t.app, t.db, 'owner');
    for (const response of [
      await patch(only.cookie, only.id, 'manager'),
      await del(only.cookie, only.id),
    ]) {
      expect(response.statusCode).toBe(409);
      expect(apiError(response).code).toBe('last_owner');
    }
    const second = await signUpTestStaff(t.app, t.db, 'owner');
    expect((await patch(second.cookie, only.id, 'manager')).statusCode).toBe(200);
    expect(apiError(await del(second.cookie, second.id)).code).toBe('last_owner');
    expect((await owners()).map((o) => o.user_id)).toEqual([second.id]);
    await t.db.kysely.deleteFrom('staff_members').execute();
  });

  it('survives two owners demoting each other at once: one of them stays owner', async () => {
    for (let round = 0; round < 3; round++) {
      const a = await signUpTestStaff(t.app, t.db, 'owner');
      const b = await signUpTestStaff(t.app, t.db, 'owner');
      const answers = await Promise.all([
        patch(a.cookie, b.id, 'support'),
        round === 1 ? del(b.cookie, a.id) : patch(b.cookie, a.id, 'support'),
      ]);
      // The loser meets the rule (409), or, when its request arrives after the change, no
      // longer has the role (403).
      const codes = answers.map((r) => (r.statusCode < 300 ? 'done' : apiError(r).code));
      expect(codes.filter((code) => code === 'done')).toHaveLength(1);
      expect(['last_owner', 'forbidden']).toContain(codes.find((code) => code !== 'done'));
      expect(await owners()).toHaveLength(1);
      await t.db.kysely.deleteFrom('staff_members').execute();
    }
  });
});
