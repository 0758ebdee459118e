import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './errors';
import { routedPath } from './request-path';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses state-changing /api requests that a browser sent from another site (CSRF). Browsers
 * say where a request comes from in Sec-Fetch-Site and Origin; clients that send neither
 * (scripts, curl) carry no ambient cookies of a shopper, so they pass.
 */
export function registerSameOriginGuard(app: FastifyInstance, publicUrl: string) {
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method) || !routedPath(request).startsWith('/api/')) return;
    if (!isSameOrigin(request, publicUrl)) {
      throw new AppError(403, 'cross_origin', 'Requests from other sites are not accepted.');
    }
  });
}

function isSameOrigin(request: FastifyRequest, publicUrl: string): boolean {
  const fetchSite = request.headers['sec-fetch-site'];
  if (fetchSite !== undefined && fetchSite !== 'same-origin') return false;
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  return origin === publicUrl || origin === `${request.protocol}://${request.host}`;
}
