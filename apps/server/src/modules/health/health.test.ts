import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterEach, describe, expect, it } from 'vitest';
import { healthSchema, readinessSchema } from '@souq/contracts/health';
import { apiError } from '../../test/auth-helpers';
import { createTestApp, createTestDb, testDialects, type TestDb } from '../../test/test-app';
import { registerErrorHandling } from '../../http/errors';
import { healthRoutes } from './health.routes';
import { createReadiness } from './readiness';

/** A promise settled from outside: start-up work the test finishes when it chooses. */
function heldWork() {
  let settle!: { resolve: () => void; reject: (error: Error) => void };
  const promise = new Promise<void>((resolve, reject) => (settle = { resolve, reject }));
  return { promise, ...settle };
}

describe.each(testDialects)('liveness and readiness on %s', (dialect) => {
  // One database at a time: the migrations of a second PostgreSQL schema in the same process
  // would find the first one's migration tables.
  let db: TestDb | undefined;
  afterEach(async () => {
    await db?.cleanup();
    db = undefined;
  });

  async function healthOnly(work: () => Promise<void>) {
    db = await createTestDb(dialect);
    const app = Fastify({ logger: false });
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    registerErrorHandling(app);
    const readiness = createReadiness(work, () => {});
    const catalogIndex = () => ({ fullBuilds: 1, productsApplied: 0 });
    await app.register(healthRoutes, { db: db.db, readiness, catalogIndex });
    readiness.start();
    return app;
  }

  it('answers liveness at once and readiness with 503 until the start-up work is done', async () => {
    const work = heldWork();
    const app = await healthOnly(() => work.promise);
    const live = await app.inject('/api/health');
    expect(live.statusCode).toBe(200);
    expect(healthSchema.parse(live.json())).toEqual({ status: 'ok', database: dialect });
    const starting = await app.inject('/api/health/ready');
    expect(starting.statusCode).toBe(503);
    expect(apiError(starting).code).toBe('not_ready');
    expect(starting.headers['cache-control']).toBe('no-store');

    work.resolve();
    await work.promise;
    const ready = await app.inject('/api/health/ready');
    expect(ready.statusCode).toBe(200);
    expect(readinessSchema.parse(ready.json())).toEqual({
      status: 'ok',
      database: dialect,
      catalogIndex: { fullBuilds: 1, productsApplied: 0 },
    });
    await app.close();
  });

  it('starts failed start-up work again when asked, and is ready once it succeeds', async () => {
    const attempts = [heldWork(), heldWork()];
    let attempt = 0;
    const app = await healthOnly(() => attempts[attempt++]!.promise);
    attempts[0]!.reject(new Error('database not reachable yet'));
    await attempts[0]!.promise.catch(() => {});
    expect((await app.inject('/api/health/ready')).statusCode).toBe(503);
    expect(attempt).toBe(2);
    attempts[1]!.resolve();
    await attempts[1]!.promise;
    expect((await app.inject('/api/health/ready')).statusCode).toBe(200);
    await app.close();
  });

  it('becomes ready by itself once the catalog index is built, with no catalog request', async () => {
    const t = await createTestApp(dialect);
    try {
      await expect
        .poll(async () => (await t.app.inject('/api/health/ready')).statusCode, { timeout: 30_000 })
        .toBe(200);
    } finally {
      await t.close();
    }
  });
});
