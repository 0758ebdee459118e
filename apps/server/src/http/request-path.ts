import type { FastifyRequest } from 'fastify';

/**
 * The path a request was routed by, for every decision that depends on where a request goes
 * (same-origin guard, session hook, not-found handler, page hints). `request.url` is the raw
 * request target: in absolute form (`POST http://host/api/contact`) or percent-encoded
 * (`/%61pi/contact`) it does not start with `/api/`, yet the router sends it to the same route.
 * A matched route's own pattern is therefore the answer; for a request no route matched, the
 * pathname of the target, read the way the router reads it.
 */
export function routedPath(request: FastifyRequest): string {
  return request.routeOptions.url ?? targetPathname(request.url);
}

/** The decoded pathname of a request target in origin form or absolute form. */
export function targetPathname(target: string): string {
  // Absolute form: the router (find-my-way) drops "http(s)://authority" and routes the rest.
  const absolute = /^https?:\/\/[^/?#]*/i.exec(target);
  const rest = absolute ? target.slice(absolute[0].length) : target;
  const pathname = rest.split('?')[0] || '/';
  try {
    return decodeURI(pathname);
  } catch {
    return pathname;
  }
}
