import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorSchema } from '@souq/contracts/errors';
import { healthSchema } from '@souq/contracts/health';
import { createTestApp, testDialects, type TestApp } from './test/test-app';

describe.each(testDialects)('server basics on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, { seed: false });
  });
  afterAll(() => t.close());

  it('reports health with the database dialect', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(healthSchema.parse(res.json())).toEqual({ status: 'ok', database: dialect });
  });

  it('answers unknown API routes with a 404 in the error shape', async () => {
    for (const [method, url] of [
      ['GET', '/api/nothing-here'],
      ['POST', '/api/products'],
      ['DELETE', '/some/page'],
    ] as const) {
      const res = await t.app.inject({ method, url });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(apiErrorSchema.parse(res.json()).error.code).toBe('not_found');
    }
  });

  it('refuses malformed and oversized bodies with 4xx in the error shape', async () => {
    const badJson = await t.app.inject({
      method: 'POST',
      url: '/api/health',
      headers: { 'content-type': 'application/json' },
      payload: '{"unterminated',
    });
    expect(badJson.statusCode).toBe(400);
    expect(apiErrorSchema.parse(badJson.json()).error.code).toBe('invalid_json');

    const huge = await t.app.inject({
      method: 'POST',
      url: '/api/openapi.json',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ filler: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(huge.statusCode).toBe(413);
    expect(apiErrorSchema.parse(huge.json()).error.code).toBe('payload_too_large');
  });

  it('sends security headers with a strict content security policy', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('describes the API as OpenAPI 3.1', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    const doc = res.json<{ openapi: string; paths: Record<string, unknown> }>();
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/health',
        '/api/categories',
        '/api/products',
        '/api/products/{idOrSlug}',
      ]),
    );
  });

  it('serves no web pages when the web app is not built', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/cart' });
    expect(res.statusCode).toBe(404);
  });
});

describe('serving the built web app', () => {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'souq-dist-'));
  const script = 'console.log("souq");'.repeat(200);
  let t: TestApp;

  beforeAll(async () => {
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(
      path.join(dist, 'index.html'),
      '<html><head><meta name="souq:display-delays" content="on" /></head><body></body></html>',
    );
    fs.writeFileSync(path.join(dist, 'assets/app-abc123.js'), script);
    fs.writeFileSync(path.join(dist, 'assets/app-abc123.js.br'), zlib.brotliCompressSync(script));
    fs.writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    t = await createTestApp('sqlite', { seed: false, webDistDir: dist, displayDelays: 'off' });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('answers deep links with index.html, uncached, carrying the display-delay setting', async () => {
    for (const url of [
      '/',
      '/productdetails/7',
      '/productS?page=2',
      '/no/such/page',
      '/index.html',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('<meta name="souq:display-delays" content="off" />');
    }
  });

  it('serves hashed assets immutable and pre-compressed', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(script);
  });

  it('serves other files with a short cache', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('does not answer a missing asset or API route with the page', async () => {
    for (const url of ['/assets/gone-123.js', '/api/nope']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(apiErrorSchema.parse(res.json()).error.code).toBe('not_found');
    }
  });
});
