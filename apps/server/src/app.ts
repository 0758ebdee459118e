import compress from '@fastify/compress';
import etag from '@fastify/etag';
import helmet from '@fastify/helmet';
import swagger from '@fastify/swagger';
import Fastify from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Db } from './db/connection';
import type { Env } from './env';
import { errorBody, registerErrorHandling } from './http/errors';
import { registerWebApp } from './http/web-app';
import { decorateCurrentUser } from './modules/auth/current-user';
import { catalogRoutes } from './modules/catalog/catalog.routes';
import { healthRoutes } from './modules/health/health.routes';

export interface AppOptions {
  env: Env;
  db: Db;
}

const JSON_BODY_LIMIT = 1024 * 1024;

export async function buildApp({ env, db }: AppOptions) {
  const app = Fastify({
    logger: {
      level: env.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
    },
    bodyLimit: JSON_BODY_LIMIT,
    // Ids like "req-1" per process are not unique across several app servers.
    genReqId: () => crypto.randomUUID(),
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  decorateCurrentUser(app);

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
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
  // Before compress: its onSend hook must see the JSON text, not the compressed stream.
  await app.register(etag, { weak: true });
  await app.register(compress, { threshold: 1024 });
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Souq API', version: '0.1.0' },
    },
    transform: jsonSchemaTransform,
  });

  await app.register(healthRoutes, { db });
  await app.register(catalogRoutes, { db });
  app.get('/api/openapi.json', { schema: { hide: true } }, () => app.swagger());

  const web = await registerWebApp(app, {
    distDir: env.webDistDir,
    displayDelays: env.displayDelays,
  });
  // Deep links such as /productdetails/7 are the SPA's to resolve; /api and /assets are not.
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    const isPageRequest =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !pathname.startsWith('/api/') &&
      !pathname.startsWith('/assets/');
    if (web && isPageRequest) return web.sendIndex(reply);
    return reply
      .status(404)
      .send(errorBody('not_found', `No route for ${request.method} ${pathname}.`));
  });

  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
