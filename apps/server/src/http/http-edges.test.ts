import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorSchema } from '@souq/contracts/errors';
import { sessionSchema } from '@souq/contracts/account';
import { signUpTestUser } from '../test/auth-helpers';
import { listenLocally, sendRaw, type RawResponse } from '../test/raw-http';
import { createTestApp, testDialects, type TestApp } from '../test/test-app';

/** Short enough for a test, long enough that a loaded machine still sends a normal request in time. */
const requestTimeouts = { headersMs: 1_500, requestMs: 2_000, checkEveryMs: 100 };

function expectErrorShape(response: RawResponse, status: number, code: string) {
  expect(response.status, response.body).toBe(status);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  expect(response.headers.connection).toBe('close');
  const { error } = apiErrorSchema.strict().parse(JSON.parse(response.body));
  expect(error.code).toBe(code);
  expect(error.message).not.toBe('');
}

/** A minimal built web app: index.html and the chunks of the about page. */
function writeDist(): string {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'souq-edges-'));
  fs.writeFileSync(
    path.join(dist, 'index.html'),
    '<html><head><script type="module" src="/assets/index-e1.js"></script></head><body></body></html>',
  );
  fs.writeFileSync(
    path.join(dist, 'route-chunks.json'),
    JSON.stringify({ '/about': ['assets/about-page-a1.js'], '*': [] }),
  );
  return dist;
}

describe.each(testDialects)('HTTP edges over a real socket on %s', (dialect) => {
  const dist = writeDist();
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp(dialect, { seed: false, requestTimeouts, webDistDir: dist });
    port = await listenLocally(t.app);
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('answers a malformed request with 400 in the error shape and closes the connection', async () => {
    expectErrorShape(await sendRaw(port, 'NOT AN HTTP REQUEST\r\n\r\n'), 400, 'bad_request');
    expectErrorShape(
      await sendRaw(port, 'GET /api/health HTTP/1.1\r\nHost: x\r\nBad\x01Header: 1\r\n\r\n'),
      400,
      'bad_request',
    );
  });

  it('answers headers that are too large with 431 in the error shape', async () => {
    const response = await sendRaw(
      port,
      `GET /api/health HTTP/1.1\r\nHost: x\r\nX-Filler: ${'a'.repeat(64 * 1024)}\r\n\r\n`,
    );
    expectErrorShape(response, 431, 'headers_too_large');
  });

  it('answers HEAD with an oversized URL with 431 and no body, as HEAD requires', async () => {
    const response = await sendRaw(
      port,
      `HEAD /api/health?filler=${'a'.repeat(64 * 1024)} HTTP/1.1\r\nHost: x\r\n\r\n`,
    );
    expect(response.status).toBe(431);
    expect(response.headers.connection).toBe('close');
    expect(response.body).toBe('');
  });

  it('cuts off headers that never finish with 408 in the error shape', async () => {
    const response = await sendRaw(port, 'GET /api/health HTTP/1.1\r\nHost: x\r\n', {
      byte: 'X',
      everyMs: 200,
    });
    expectErrorShape(response, 408, 'request_timeout');
  });

  it('cuts off a body that trickles in with 408 in the error shape', async () => {
    const started = Date.now();
    const response = await sendRaw(
      port,
      'POST /api/contact HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n' +
        'Content-Length: 100000\r\n\r\n{"name":"',
      { byte: 'a', everyMs: 200 },
    );
    expectErrorShape(response, 408, 'request_timeout');
    expect(Date.now() - started).toBeGreaterThanOrEqual(requestTimeouts.requestMs);
  });

  it('refuses an absolute-form POST from another site like any other (403 cross_origin)', async () => {
    for (const target of [`http://127.0.0.1:${port}/api/contact`, '/%61pi/contact']) {
      const response = await sendRaw(
        port,
        `POST ${target} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nOrigin: https://evil.example\r\n` +
          'Content-Type: application/json\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}',
      );
      expect(response.status, target).toBe(403);
      expect(apiErrorSchema.parse(JSON.parse(response.body)).error.code).toBe('cross_origin');
    }
  });

  it('sees the session of an absolute-form request that carries the session cookie', async () => {
    const shopper = await signUpTestUser(t.app);
    const response = await sendRaw(
      port,
      `GET http://127.0.0.1:${port}/api/account/session HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n` +
        `Cookie: ${shopper.cookie}\r\nConnection: close\r\n\r\n`,
    );
    expect(response.status).toBe(200);
    expect(sessionSchema.parse(JSON.parse(response.body)).user?.email).toBe(shopper.email);
  });

  it('routes absolute-form page and API targets by their path', async () => {
    const missingApi = await sendRaw(
      port,
      `GET http://127.0.0.1:${port}/api/nothing-here HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`,
    );
    expect(missingApi.status).toBe(404);
    expect(apiErrorSchema.parse(JSON.parse(missingApi.body)).error.code).toBe('not_found');

    const page = await sendRaw(
      port,
      `GET http://127.0.0.1:${port}/about HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`,
    );
    expect(page.status).toBe(200);
    expect(page.body).toMatch(/<link rel="modulepreload"[^>]*href="\/assets\/about-page-a1.js"/);
  });
});
