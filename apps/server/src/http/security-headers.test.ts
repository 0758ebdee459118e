import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDialects, type TestApp } from '../test/test-app';

/**
 * Every security header exactly as `@fastify/helmet` sent them with the shop's options, when it
 * still built them on every request: computing them once must not change one byte.
 */
const HEADERS_AS_BEFORE = {
  'content-security-policy':
    "default-src 'self';base-uri 'self';font-src 'self';form-action 'self';frame-ancestors 'none';" +
    "img-src 'self' data: blob:;object-src 'none';script-src 'self';script-src-attr 'none';" +
    "style-src 'self';connect-src 'self'",
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};

/** Headers that say what the response is rather than how a browser must treat it. */
const DESCRIBES_RESPONSE =
  /^(content-(type|length|encoding|language)|date|etag|vary|cache-control|last-modified|accept-ranges|connection|keep-alive|x-ratelimit-.*|retry-after)$/;

/** A minimal built web app: index.html and one hashed asset. */
function writeDist(): string {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'souq-headers-'));
  fs.writeFileSync(
    path.join(dist, 'index.html'),
    '<html><head></head><body><div id="root"></div></body></html>',
  );
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'assets/index-e1.js'), 'export {};');
  return dist;
}

describe.each(testDialects)('security headers on %s', (dialect) => {
  const dist = writeDist();
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, { webDistDir: dist });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('sends the same security headers as before on an API read, a page, an asset and errors', async () => {
    for (const [url, status] of [
      ['/api/products/7', 200],
      ['/about', 200],
      ['/assets/index-e1.js', 200],
      ['/api/products/999999', 404],
      ['/api/products?page=nope', 400],
      ['/no/such/page', 200],
    ] as const) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(status);
      const security = Object.fromEntries(
        Object.entries(res.headers).filter(([name]) => !DESCRIBES_RESPONSE.test(name)),
      );
      expect(security, url).toEqual(HEADERS_AS_BEFORE);
    }
  });
});
