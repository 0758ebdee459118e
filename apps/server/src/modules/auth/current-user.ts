import type { FastifyInstance } from 'fastify';

/** The signed-in shopper behind a request, as every module outside auth sees it. */
export interface CurrentUser {
  id: string;
  email: string;
  name: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Filled from the session cookie by the auth module before any /api handler runs. */
    currentUser: CurrentUser | null;
  }
}

export function decorateCurrentUser(app: FastifyInstance) {
  app.decorateRequest('currentUser', null);
}
