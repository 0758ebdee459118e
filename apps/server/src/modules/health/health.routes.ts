import { sql } from 'kysely';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  healthSchema,
  readinessSchema,
  type Readiness as ReadinessAnswer,
} from '@souq/contracts/health';
import type { Db } from '../../db/connection';
import { AppError } from '../../http/errors';
import type { Readiness } from './readiness';

export const healthRoutes: FastifyPluginAsyncZod<{
  db: Db;
  readiness: Readiness;
  catalogIndex: () => ReadinessAnswer['catalogIndex'];
}> = async (app, { db, readiness, catalogIndex }) => {
  async function databaseHealth(request: FastifyRequest) {
    try {
      await sql`select 1`.execute(db.reads);
    } catch (error) {
      request.log.error({ err: error }, 'health check: database unreachable');
      throw new AppError(503, 'database_unavailable', 'The database is not reachable.');
    }
    return { status: 'ok' as const, database: db.dialect };
  }

  app.get(
    '/api/health',
    { schema: { summary: 'Liveness and database reachability', response: { 200: healthSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return databaseHealth(request);
    },
  );

  app.get(
    '/api/health/ready',
    {
      schema: {
        summary:
          'Readiness: 503 until the catalog index is built, for load balancers; then how the index keeps up with edits',
        response: { 200: readinessSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      if (!readiness.isReady())
        throw new AppError(503, 'not_ready', 'The shop is starting: its catalog is being loaded.');
      return { ...(await databaseHealth(request)), catalogIndex: catalogIndex() };
    },
  );
};
