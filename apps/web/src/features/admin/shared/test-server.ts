import { screen } from '@testing-library/preact';
import { vi } from 'vitest';
import { rolePermissions, type StaffRole } from '@souq/contracts/staff';
import type { Dashboard } from '@souq/contracts/dashboard';

export interface Answer {
  status: number;
  body: unknown;
}

/** A request as the fake server saw it. */
export interface SeenRequest {
  method: string;
  path: string;
  headers: Headers;
  body: unknown;
}

export const testUser = { id: 'u1', email: 'sam@example.com', name: 'Sam' };

/**
 * Stands in for the server: answers by "METHOD /path" (or "/path" for GET) and records what was
 * asked. A route may be a function, to answer differently on each call.
 */
export function serve(routes: Record<string, Answer | ((request: SeenRequest) => Answer)>) {
  const seen: SeenRequest[] = [];
  // Node's Request needs an absolute URL; the browser resolves '/api/…' against the page.
  vi.stubGlobal(
    'Request',
    class extends Request {
      constructor(input: RequestInfo | URL, init?: RequestInit) {
        super(typeof input === 'string' ? new URL(input, location.href) : input, init);
      }
    },
  );
  vi.stubGlobal('fetch', async (input: Request) => {
    const { pathname } = new URL(input.url);
    const text = await input.text();
    const request: SeenRequest = {
      method: input.method,
      path: pathname,
      headers: input.headers,
      body: text ? (JSON.parse(text) as unknown) : undefined,
    };
    seen.push(request);
    const route =
      routes[`${input.method} ${pathname}`] ??
      (input.method === 'GET' ? routes[pathname] : undefined);
    const answer = (typeof route === 'function' ? route(request) : route) ?? {
      status: 404,
      body: { error: { code: 'not_found', message: 'Not found' } },
    };
    return new Response(answer.status === 204 ? null : JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'content-type': 'application/json' },
    });
  });
  return seen;
}

/** The answers every back-office screen starts with: a signed-in staff member of `role`. */
export function staffSession(role: StaffRole): Record<string, Answer> {
  return {
    '/api/account/session': { status: 200, body: { user: testUser } },
    '/api/admin/me': {
      status: 200,
      body: { ...testUser, role, permissions: rolePermissions[role] },
    },
  };
}

/** The words a screen reader reads with an invalid field: what aria-describedby points at. */
export function announced(label: string | RegExp): string | null {
  const field = screen.getByLabelText(label);
  if (field.getAttribute('aria-invalid') !== 'true') return null;
  const described = field.getAttribute('aria-describedby');
  return described ? (document.getElementById(described)?.textContent ?? null) : null;
}

/** The dashboard of a shop with no orders yet: 30 empty days in each period. */
export function quietDashboard(): Dashboard {
  const days = (first: number) =>
    Array.from({ length: 30 }, (_, i) => ({
      date: new Date(Date.UTC(2026, 9, first + i)).toISOString().slice(0, 10),
      orders: 0,
      revenue: [],
    }));
  const period = (first: number) => {
    const list = days(first);
    return { from: list[0]?.date ?? '', to: list.at(-1)?.date ?? '', days: list, totals: [] };
  };
  return {
    timeZone: 'UTC',
    current: period(27),
    previous: period(-3),
    byStatus: [],
    topProducts: [],
    topCategories: [],
    customers: { new: 0, returning: 0 },
    waiting: { toConfirm: 0, toShip: 0, toDeliver: 0 },
    lowStock: { total: 0, items: [] },
  };
}
