import { createHash } from 'node:crypto';
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

/** A minimal built web app: index.html (with a stylesheet when given) and hashed assets. */
function writeDist(stylesheet?: string): string {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'souq-headers-'));
  const link = stylesheet ? '<link rel="stylesheet" crossorigin href="/assets/index-s1.css">' : '';
  fs.writeFileSync(
    path.join(dist, 'index.html'),
    `<html><head>${link}</head><body><div id="root"></div></body></html>`,
  );
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'assets/index-e1.js'), 'export {};');
  if (stylesheet) fs.writeFileSync(path.join(dist, 'assets/index-s1.css'), stylesheet);
  return dist;
}

/** The shop over the built web app in `dist` for the enclosing tests; `dist` is removed after. */
function appOver(dialect: (typeof testDialects)[number], dist: string): () => TestApp {
  let t: TestApp | undefined;
  beforeAll(async () => {
    t = await createTestApp(dialect, { webDistDir: dist });
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });
  return () => {
    if (!t) throw new Error('the app is made in beforeAll');
    return t;
  };
}

const securityHeadersOf = (headers: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(headers).filter(([name]) => !DESCRIBES_RESPONSE.test(name)));

describe.each(testDialects)('security headers on %s', (dialect) => {
  const app = appOver(dialect, writeDist());

  it('sends the same security headers as before on an API read, a page, an asset and errors', async () => {
    for (const [url, status] of [
      ['/api/products/7', 200],
      ['/about', 200],
      ['/assets/index-e1.js', 200],
      ['/api/products/999999', 404],
      ['/api/products?page=nope', 400],
      ['/no/such/page', 200],
    ] as const) {
      const res = await app().app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(status);
      expect(securityHeadersOf(res.headers), url).toEqual(HEADERS_AS_BEFORE);
    }
  });
});

describe.each(testDialects)('the inline stylesheet and the CSP on %s', (dialect) => {
  const css = 'body{color:#111}.a>.b{content:"x"}';
  const app = appOver(dialect, writeDist(css));

  it('writes the stylesheet into every page and allows exactly it by its hash, nothing else', async () => {
    const hash = `'sha256-${createHash('sha256').update(css).digest('base64')}'`;
    const policy = HEADERS_AS_BEFORE['content-security-policy'].replace(
      "style-src 'self'",
      `style-src 'self' ${hash}`,
    );
    for (const url of ['/about', '/cart', '/api/products/7', '/assets/index-e1.js']) {
      const res = await app().app.inject({ method: 'GET', url });
      expect(securityHeadersOf(res.headers), url).toEqual({
        ...HEADERS_AS_BEFORE,
        'content-security-policy': policy,
      });
    }
    const page = await app().app.inject({ method: 'GET', url: '/about' });
    expect(page.body).toContain(`<style>${css}</style>`);
    expect(page.body).not.toContain('rel="stylesheet"');
    expect(policy).not.toContain('unsafe-inline');
  });
});
