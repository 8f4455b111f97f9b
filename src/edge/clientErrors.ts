import { randomUUID } from 'node:crypto';
import { STATUS_CODES, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { ServiceMetrics } from '../metrics/serviceMetrics.js';
import type { ErrorCode } from '../vocabulary/errorCodes.js';
import { MAX_HEADER_BYTES } from './connectionLimits.js';
import { hooklessHeaders } from './hooklessHeaders.js';
import { ERROR_CACHE_CONTROL } from './httpCaching.js';

/**
 * What the HTTP server answers a request that never reaches a route: one it cannot parse, one whose
 * request line and headers are too large, one that did not arrive in time. Node (and Fastify's
 * default handler) would answer those with a bare status or a body of another shape; these answers
 * keep the contract: `{"error": ..., "code": ...}` in JSON, the rate-limit headers (the unkeyed defaults, as on
 * any answer without a valid key), CORS, the security headers and a request id (a new one: what the
 * request may have sent could not be read), which the log line of the answer carries too.
 */
export const HTTP_LEVEL_MESSAGES = {
  malformed: 'the request is not valid HTTP/1.1: check its request line, header names and values',
  headersTooLarge: `the request line and headers are larger than ${MAX_HEADER_BYTES / 1024} KiB`,
  timeout: 'the request did not arrive in time: send it whole, without pausing',
} as const;

/** How long an answered connection may still drain before it is closed for good. */
const CLOSE_GRACE_MS = 500;

function answerFor(code: string | undefined): { status: number; code: ErrorCode; message: string } | null {
  if (code === 'HPE_HEADER_OVERFLOW') return { status: 431, code: 'headers_too_large', message: HTTP_LEVEL_MESSAGES.headersTooLarge };
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return { status: 408, code: 'request_timeout', message: HTTP_LEVEL_MESSAGES.timeout };
  if (code?.startsWith('HPE_')) return { status: 400, code: 'malformed_request', message: HTTP_LEVEL_MESSAGES.malformed };
  // A connection reset or another socket failure: nobody is left to answer.
  return null;
}

/**
 * Fastify's clientErrorHandler (`handler`): the contract's error on the socket when one can be
 * written, then the connection closed; `track` follows the server's responses, to know that.
 */
export function clientErrorHandling(options: { now: () => Date; metrics: ServiceMetrics }) {
  /** Each connection's latest response (node:http's 'request' event). */
  const responses = new WeakMap<Socket, ServerResponse>();
  const track = (server: Server) => server.on('request', (request: { socket: Socket }, response: ServerResponse) => {
    responses.set(request.socket, response);
  });
  const handler = function answerClientError(this: FastifyInstance, error: Error & { code?: string }, socket: Socket): void {
    // Answered already (the parser reports the same error again as more bytes arrive).
    if (socket.writableEnded) return;
    const answer = answerFor(error.code);
    // As Node itself does: an answer goes out unless a response on this connection has started (its
    // headers sent) and not ended, which the bytes of another would corrupt. A request timed out
    // while its body arrives has a response object that nothing was written to yet.
    const inFlight = responses.get(socket);
    if (!answer || !socket.writable || (inFlight?.headersSent && !inFlight.writableEnded)) {
      socket.destroy();
      return;
    }
    const requestId = randomUUID();
    // A line like a request's (no method or route: neither could be read), so the id a client quotes is found.
    this.log.info({ reqId: requestId, status: answer.status, code: error.code }, `request not read: answered ${answer.status}`);
    options.metrics.requestUnread(answer.status);
    const body = JSON.stringify({ error: answer.message, code: answer.code });
    socket.end([
      `HTTP/1.1 ${answer.status} ${STATUS_CODES[answer.status]}`,
      ...hooklessHeaders(requestId, options.now()).map(([name, value]) => `${name}: ${value}`),
      'Content-Type: application/json; charset=utf-8',
      `Content-Length: ${Buffer.byteLength(body)}`,
      `Cache-Control: ${ERROR_CACHE_CONTROL}`,
      'Connection: close',
      '',
      body,
    ].join('\r\n'));
    // Closing at once, with the client's unread bytes still arriving, would reset the connection and
    // could discard the answer before the client read it; whatever it still sends is not read.
    setTimeout(() => socket.destroy(), CLOSE_GRACE_MS).unref();
  };
  return { handler, track };
}
