import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rolePermissions, staffMeSchema, staffRoles } from '@souq/contracts/staff';
import { apiError, signUpTestUser } from '../../test/auth-helpers';
import { signUpTestStaff } from '../../test/staff-helpers';
import { createTestApp, testDialects, type TestApp } from '../../test/test-app';
import { backOfficeRoutesOf, registerStaffGuard } from './staff-guard';

describe('the staff guard', () => {
  it('refuses to register a back-office route that declares no permission', async () => {
    const app = Fastify();
    registerStaffGuard(app, { roleOf: () => Promise.resolve(undefined) });
    expect(() => app.get('/api/admin/secrets', () => ({}))).toThrow(
      'GET /api/admin/secrets is a back-office route without a permission.',
    );
    await app.close();
  });

  it('knows every /api/admin route the shop serves, each with a permission', async () => {
    const t = await createTestApp('sqlite', { seed: false });
    try {
      const known = backOfficeRoutesOf(t.app);
      expect(known.length).toBeGreaterThan(0);
      // Fastify's own route table, read independently of the guard's list.
      const served = servedRoutes(t.app.printRoutes({ commonPrefix: false })).filter((route) =>
        route.includes(' /api/admin'),
      );
      expect(served.length).toBeGreaterThan(0);
      expect(known.map((r) => `${r.method} ${r.url}`).sort()).toEqual([...served].sort());
      for (const route of known) expect(route.permission).toBeTruthy();
    } finally {
      await t.close();
    }
  });
});

/**
 * "METHOD /path" for each route of Fastify's printed route tree, where a child line (indented by
 * four characters a level) continues its parent's path.
 */
function servedRoutes(tree: string): string[] {
  const paths: string[] = [];
  const routes: string[] = [];
  for (const line of tree.split('\n')) {
    const branch = line.indexOf('── ');
    if (branch < 0) continue;
    const depth = Math.floor(branch / 4);
    const [, segment, methods] = /^(\S+)(?: \(([A-Z, ]+)\))?/.exec(line.slice(branch + 3)) ?? [];
    if (!segment) continue;
    paths[depth] = (depth > 0 ? (paths[depth - 1] ?? '') : '') + segment;
    for (const method of methods?.split(', ') ?? []) routes.push(`${method} ${paths[depth]}`);
  }
  return routes;
}

describe.each(testDialects)('back-office access on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, { seed: false });
  });
  afterAll(() => t.close());

  const me = (cookie?: string) =>
    t.app.inject({
      method: 'GET',
      url: '/api/admin/me',
      ...(cookie ? { headers: { cookie } } : {}),
    });

  it('answers 401 to a visitor who is not signed in', async () => {
    const response = await me();
    expect(response.statusCode).toBe(401);
    expect(apiError(response).code).toBe('unauthenticated');
    expect(response.headers['cache-control']).toBe('private, no-store');
  });

  it('answers 403 to a signed-in shopper', async () => {
    const shopper = await signUpTestUser(t.app);
    const response = await me(shopper.cookie);
    expect(response.statusCode).toBe(403);
    expect(apiError(response).code).toBe('forbidden');
  });

  it.each(staffRoles)('tells a %s who they are and what they may do', async (role) => {
    const member = await signUpTestStaff(t.app, t.db, role, { name: `A ${role}` });
    const response = await me(member.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(staffMeSchema.parse(response.json())).toEqual({
      id: member.id,
      email: member.email,
      name: `A ${role}`,
      role,
      permissions: [...rolePermissions[role]],
    });
  });

  it('checks the role on every request: a removed member loses access at once', async () => {
    const member = await signUpTestStaff(t.app, t.db, 'support');
    expect((await me(member.cookie)).statusCode).toBe(200);
    await t.db.kysely.deleteFrom('staff_members').where('user_id', '=', member.id).execute();
    const response = await me(member.cookie);
    expect(response.statusCode).toBe(403);
    expect(apiError(response).code).toBe('forbidden');
  });

  it('checks the role on every request: a new role applies at once', async () => {
    const member = await signUpTestStaff(t.app, t.db, 'fulfilment');
    const audit = () =>
      t.app.inject({ method: 'GET', url: '/api/admin/audit', headers: { cookie: member.cookie } });
    expect((await audit()).statusCode).toBe(403);
    await t.db.kysely
      .updateTable('staff_members')
      .set({ role: 'owner' })
      .where('user_id', '=', member.id)
      .execute();
    expect((await audit()).statusCode).toBe(200);
  });

  it('refuses before it reads the request: a visitor gets 401, not a validation error', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/admin/audit?page=zero' });
    expect(response.statusCode).toBe(401);
  });
});
