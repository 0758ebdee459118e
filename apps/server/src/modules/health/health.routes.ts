import { sql } from 'kysely';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthSchema } from '@souq/contracts/health';
import type { Db } from '../../db/connection';
import { AppError } from '../../http/errors';

export const healthRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/api/health',
    { schema: { summary: 'Liveness and database reachability', response: { 200: healthSchema } } },
    async (request, reply) => {
      try {
        await sql`select 1`.execute(db.kysely);
      } catch (error) {
        request.log.error({ err: error }, 'health check: database unreachable');
        throw new AppError(503, 'database_unavailable', 'The database is not reachable.');
      }
      reply.header('cache-control', 'no-store');
      return { status: 'ok' as const, database: db.dialect };
    },
  );
};
