import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/**
 * The shop's security headers (helmet's defaults with our CSP): no inline script or eval, no
 * inline style but the build's own stylesheet (allowed by its hash), nothing loaded from
 * elsewhere, never framed.
 */
const helmetOptions = (styleHashes: string[]): Parameters<typeof helmet>[0] => ({
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", ...styleHashes],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'"],
      connectSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
      // Shops often run plain HTTP behind a TLS proxy or on localhost; upgrading would break them.
      upgradeInsecureRequests: null,
    },
  },
});

/**
 * The headers helmet writes, collected once on a response that is never sent: with no
 * per-request parts (nonces) they are the same for every response, and helmet's middleware
 * rebuilt them on each one.
 */
function collectHeaders(styleHashes: string[]): Record<string, string> {
  const request = new IncomingMessage(new Socket());
  const response = new ServerResponse(request);
  helmet(helmetOptions(styleHashes))(request, response, (error) => {
    if (error) throw new Error('helmet refused its options', { cause: error });
  });
  return Object.fromEntries(
    Object.entries(response.getHeaders()).map(([name, value]) => [name, String(value)]),
  );
}

/**
 * Sets the security headers on every response, errors and files included. `styleHashes` are the
 * CSP sources of the stylesheet inlined into the pages (inline-stylesheet.ts).
 */
export function registerSecurityHeaders(
  app: FastifyInstance,
  { styleHashes }: { styleHashes: string[] },
) {
  const headers = collectHeaders(styleHashes);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
