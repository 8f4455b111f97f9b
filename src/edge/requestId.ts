import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

export const REQUEST_ID_HEADER = 'X-Request-Id';
/** The same, as Fastify keeps header names (in lower case). */
export const REQUEST_ID_FIELD = 'x-request-id';

/** An id a client or a proxy may give its request: short, and nothing a log line or a header could be broken with. */
const GIVEN_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * The request's id (Fastify's genReqId): the X-Request-Id it came with when that is a valid one
 * (so a proxy's id follows the request through), otherwise a new UUID. Every log line of the
 * request carries it as reqId, and its response as X-Request-Id.
 */
export function requestIdOf(request: IncomingMessage): string {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && GIVEN_ID.test(given) ? given : randomUUID();
}

/** Every answer's X-Request-Id, in the first onRequest hook (the answers no hook sees take it from hooklessHeaders.ts). */
export function installRequestIds(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_FIELD, request.id);
    done();
  });
}
