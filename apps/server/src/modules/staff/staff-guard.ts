import type { FastifyInstance, FastifyRequest } from 'fastify';
import { roleMay, type StaffPermission, type StaffRole } from '@souq/contracts/staff';
import { AppError } from '../../http/errors';
import { requireUser } from '../auth/require-user';
import type { CurrentUser } from '../auth/current-user';

/** A back-office route open to every staff role (e.g. who am I). */
export const ANY_STAFF = 'any_staff';

/** What a back-office route asks of the person calling it. */
export type StaffAccess = StaffPermission | typeof ANY_STAFF;

/** The staff member behind a back-office request. */
export interface CurrentStaff extends CurrentUser {
  role: StaffRole;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Every /api/admin route states what it needs; the staff guard checks it on each request. */
    permission?: StaffAccess;
  }
  interface FastifyRequest {
    /** Set by the staff guard on routes that declare a permission. */
    currentStaff: CurrentStaff | null;
  }
}

export const ADMIN_API_PREFIX = '/api/admin';

/** A back-office route as the guard saw it registered. */
export interface BackOfficeRoute {
  method: string;
  url: string;
  permission: StaffAccess;
}

const backOfficeRoutes = new WeakMap<FastifyInstance, BackOfficeRoute[]>();

/** Every /api/admin route of an app and its permission, e.g. for the role-matrix test. */
export function backOfficeRoutesOf(app: FastifyInstance): readonly BackOfficeRoute[] {
  return backOfficeRoutes.get(app) ?? [];
}

export function staffMay(role: StaffRole, access: StaffAccess): boolean {
  return access === ANY_STAFF || roleMay(role, access);
}

/**
 * The one check in front of the back office: a route declares `config: { permission }` and this
 * hook answers 401 to anonymous callers and 403 to shoppers and to roles without it. The role is
 * read from the database on every request rather than kept in the session, so a removed or
 * demoted member loses access on their next request. An /api/admin route without a permission
 * cannot be registered at all.
 */
export function registerStaffGuard(
  app: FastifyInstance,
  { roleOf }: { roleOf: (userId: string) => Promise<StaffRole | undefined> },
) {
  app.decorateRequest('currentStaff', null);
  const routes: BackOfficeRoute[] = [];
  backOfficeRoutes.set(app, routes);
  app.addHook('onRoute', (route) => {
    const isAdminRoute =
      route.url === ADMIN_API_PREFIX || route.url.startsWith(`${ADMIN_API_PREFIX}/`);
    if (!isAdminRoute) return;
    const permission = route.config?.permission;
    if (!permission) {
      throw new Error(
        `${String(route.method)} ${route.url} is a back-office route without a permission.`,
      );
    }
    for (const method of [route.method].flat()) routes.push({ method, url: route.url, permission });
  });
  // After the current-user hook (registered before this one), before body validation.
  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config.permission;
    if (!access) return;
    const user = requireUser(request);
    const role = await roleOf(user.id);
    if (!role || !staffMay(role, access)) {
      throw new AppError(403, 'forbidden', 'Your account may not do this.');
    }
    request.currentStaff = { ...user, role };
  });
}

/** The staff member of a guarded route. */
export function requireStaff(request: FastifyRequest): CurrentStaff {
  if (!request.currentStaff) throw new Error('requireStaff on a route without a permission');
  return request.currentStaff;
}
