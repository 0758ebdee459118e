import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rolePermissions, staffRoles, type StaffRole } from '@souq/contracts/staff';
import { apiError, signUpTestUser } from '../../test/auth-helpers';
import { signUpTestStaff } from '../../test/staff-helpers';
import { createTestApp, testDialects, type TestApp } from '../../test/test-app';
import { ANY_STAFF, backOfficeRoutesOf, type BackOfficeRoute } from './staff-guard';

type Caller = 'anonymous' | 'shopper' | StaffRole;
const callers: Caller[] = ['anonymous', 'shopper', ...staffRoles];

/** A path for the route with every parameter filled by something that names nothing real. */
function pathOf(route: BackOfficeRoute): string {
  return route.url.replace(/:(\w+)/g, (_match, name: string) =>
    /id$/i.test(name) ? '999999' : 'none',
  );
}

/**
 * Every /api/admin route, as the app registered it (so routes added later are covered without
 * editing this test), called by a visitor, a shopper and each role: 401 for the visitor, 403 for
 * the shopper and for a role the contracts' matrix does not give the route's permission, and
 * neither 401 nor 403 for a role it does.
 */
describe.each(testDialects)('the role matrix over every back-office route on %s', (dialect) => {
  let t: TestApp;
  const cookies = new Map<Caller, string>();
  beforeAll(async () => {
    t = await createTestApp(dialect, { seed: false });
    cookies.set('shopper', (await signUpTestUser(t.app)).cookie);
    for (const role of staffRoles) {
      cookies.set(role, (await signUpTestStaff(t.app, t.db, role)).cookie);
    }
  });
  afterAll(() => t.close());

  it('covers the back office: staff, audit, dashboard and orders', () => {
    const urls = new Set(backOfficeRoutesOf(t.app).map((route) => route.url));
    for (const url of [
      '/api/admin/me',
      '/api/admin/staff',
      '/api/admin/staff/:userId',
      '/api/admin/audit',
      '/api/admin/dashboard',
      '/api/admin/orders',
    ]) {
      expect(urls).toContain(url);
    }
  });

  it('lets each caller reach exactly the routes its role allows', async () => {
    const outcomes: string[] = [];
    const expected: string[] = [];
    for (const route of backOfficeRoutesOf(t.app)) {
      for (const caller of callers) {
        const cookie = cookies.get(caller);
        const response = await t.app.inject({
          method: route.method as 'GET',
          url: pathOf(route),
          ...(cookie ? { headers: { cookie } } : {}),
          ...(['POST', 'PATCH', 'PUT'].includes(route.method) ? { payload: {} } : {}),
        });
        // From the contracts' matrix itself, not from the guard under test.
        const allowed =
          caller !== 'anonymous' &&
          caller !== 'shopper' &&
          (route.permission === ANY_STAFF ||
            (rolePermissions[caller] as readonly string[]).includes(route.permission));
        const refusal =
          response.statusCode === 401 || response.statusCode === 403
            ? `${response.statusCode} ${route.method === 'HEAD' ? '' : apiError(response).code}`.trim()
            : 'not refused';
        const line = (answer: string) => `${route.method} ${route.url} as ${caller}: ${answer}`;
        outcomes.push(line(refusal));
        expected.push(
          line(
            caller === 'anonymous'
              ? route.method === 'HEAD'
                ? '401'
                : '401 unauthenticated'
              : allowed
                ? 'not refused'
                : route.method === 'HEAD'
                  ? '403'
                  : '403 forbidden',
          ),
        );
      }
    }
    expect(outcomes).toEqual(expected);
  });
});
