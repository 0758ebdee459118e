import http from 'node:http';
import type { Socket } from 'node:net';
import type { ErrorCode } from '@souq/contracts/error-codes';
import { errorBody } from './errors';

/**
 * How long a client may take to send a request. Node cuts off slow headers by itself, but
 * Fastify turns Node's request timeout off, so a body sent a byte at a time would hold a
 * connection (and its memory) open for ever. Uploads (a profile photo of a few megabytes) fit
 * easily in a minute on a slow line.
 */
export const REQUEST_TIMEOUTS = {
  /** From the first byte to the end of the headers. */
  headersMs: 20_000,
  /** From the first byte to the end of the body. */
  requestMs: 60_000,
  /** How often Node checks connections against the two limits above. */
  checkEveryMs: 5_000,
};
export type RequestTimeouts = typeof REQUEST_TIMEOUTS;

/**
 * Answers what Node refuses before a request reaches Fastify (a malformed request, headers too
 * large, a request that took too long) in the shop's error shape, then closes the connection:
 * after such an error the rest of the bytes on it cannot be trusted.
 */
export function answerClientError(error: Error & { code?: string }, socket: Socket) {
  // A reset connection, or one already answered and closed: nobody is listening.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const { status, code, message } = describeClientError(error.code);
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const body = JSON.stringify(errorBody(code, message));
  socket.end(
    `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\n` +
      'Content-Type: application/json; charset=utf-8\r\n' +
      `Content-Length: ${Buffer.byteLength(body)}\r\n` +
      'Connection: close\r\n\r\n' +
      // The answer to HEAD never has a body (RFC 9110, 9.3.2): a client would read it as the
      // start of the next response.
      (isHeadRequest(error) ? '' : body),
  );
}

/**
 * Whether the refused request is a HEAD. Node has not parsed it into a request, so the method
 * is read from the bytes it failed on, which begin with the request line when the request came
 * in one piece (as an oversized URL does).
 */
function isHeadRequest(error: Error): boolean {
  return (
    'rawPacket' in error &&
    Buffer.isBuffer(error.rawPacket) &&
    error.rawPacket.subarray(0, 5).toString('latin1') === 'HEAD '
  );
}

function describeClientError(nodeCode: string | undefined): {
  status: number;
  code: ErrorCode;
  message: string;
} {
  switch (nodeCode) {
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return {
        status: 408,
        code: 'request_timeout',
        message: 'The request took too long to arrive.',
      };
    case 'HPE_HEADER_OVERFLOW':
      return {
        status: 431,
        code: 'headers_too_large',
        message: 'The request headers are too large.',
      };
    default:
      return { status: 400, code: 'bad_request', message: 'The request is malformed.' };
  }
}
