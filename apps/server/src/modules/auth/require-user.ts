import type { FastifyRequest } from 'fastify';
import { AppError } from '../../http/errors';
import type { CurrentUser } from './current-user';

/** The signed-in shopper, or a 401 for routes that need one. */
export function requireUser(request: FastifyRequest): CurrentUser {
  if (!request.currentUser) throw new AppError(401, 'unauthenticated', 'Please log in first.');
  return request.currentUser;
}
