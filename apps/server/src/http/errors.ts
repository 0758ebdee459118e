import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ApiError, ErrorCode } from '@souq/contracts/errors';
import { isDatabaseBusy } from '../db/connection';

/** An error a client caused or may act on; its code and message are safe to show. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
}

export class NotFoundError extends AppError {
  constructor(message = 'Not found.') {
    super(404, 'not_found', message);
  }
}

export function errorBody(
  code: ErrorCode,
  message: string,
  fields?: Record<string, string>,
): ApiError {
  return { error: fields ? { code, message, fields } : { code, message } };
}

/** Maps every error to the one JSON shape; internals of 5xx never reach the client. */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      return reply
        .status(error.statusCode)
        .send(errorBody(error.code, error.message, error.fields));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const where =
          issue.instancePath.replace(/^\//, '').replaceAll('/', '.') ||
          (error.validationContext ?? 'request');
        fields[where] ??= issue.message ?? 'is invalid';
      }
      return reply
        .status(400)
        .send(
          errorBody('invalid_request', `Invalid ${error.validationContext ?? 'request'}.`, fields),
        );
    }
    // Fastify's own client errors: bad JSON, body too large, wrong content type, …
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.status(status).send(errorBody(clientErrorCode(error), error.message));
    }
    if (isDatabaseBusy(error)) {
      request.log.warn('every database connection stayed busy: answered 503');
      return reply
        .status(503)
        .header('retry-after', '2')
        .send(errorBody('busy', 'The shop is very busy right now. Please try again in a moment.'));
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send(errorBody('internal_error', 'Something went wrong on our side.'));
  });
}

function clientErrorCode(error: FastifyError): ErrorCode {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'payload_too_large';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'unsupported_media_type';
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return 'invalid_json';
    default:
      return 'bad_request';
  }
}
