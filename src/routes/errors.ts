import type {} from '@fastify/swagger';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { isStoreUnavailable, UNAVAILABLE_MESSAGE } from '../storeUnavailable.js';

/** An expected failure, turned into `{"error": message}` with its status at the HTTP edge. */
export class HttpError extends Error {
  constructor(readonly statusCode: number, message: string) {
    super(message);
  }
}

export const notFound = (message: string) => new HttpError(404, message);
export const badRequest = (message: string) => new HttpError(400, message);

export function sendError(reply: FastifyReply, statusCode: number, message: string): FastifyReply {
  return reply.code(statusCode).type('application/json; charset=utf-8').send(JSON.stringify({ error: message }));
}

/** Every failure becomes `{"error": "..."}`; nothing internal reaches the client. */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) return sendError(reply, error.statusCode, error.message);
    if (isStoreUnavailable(error)) {
      // The rate-limit headers already set (the unkeyed defaults when the key could not be checked) stay.
      request.log.warn({ err: error }, 'the database does not answer');
      return sendError(reply, 503, UNAVAILABLE_MESSAGE);
    }
    const fastifyError = error as FastifyError;
    if (fastifyError.validation) return sendError(reply, 400, fastifyError.message);
    const status = fastifyError.statusCode ?? 500;
    if (status === 413) return sendError(reply, 413, 'the request body is larger than 16 KiB');
    if (status === 415) return sendError(reply, 415, 'send the request body as application/json');
    if (status >= 400 && status < 500) {
      const message = fastifyError.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || fastifyError.code === 'FST_ERR_CTP_INVALID_JSON_BODY'
        || error instanceof SyntaxError
        ? 'the request body must be valid JSON'
        : 'the request could not be understood';
      return sendError(reply, 400, message);
    }
    request.log.error({ err: error }, 'request failed');
    return sendError(reply, status >= 500 && status <= 599 && status !== 500 ? status : 500,
      status === 503 ? UNAVAILABLE_MESSAGE : 'internal error');
  });

  app.setNotFoundHandler((request, reply) =>
    sendError(reply, 404, `no such path: ${request.method} ${request.url.split('?')[0]}; see /openapi.json`));
}

/** Answers 405 with an Allow header for the methods a path does not serve. */
export function methodNotAllowed(app: FastifyInstance, url: string, allowed: string[]): void {
  const all = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];
  const allow = [...allowed, ...(allowed.includes('GET') ? ['HEAD'] : []), 'OPTIONS'];
  app.route({
    method: all.filter((m) => !allowed.includes(m)),
    url,
    schema: { hide: true },
    handler: (request, reply) => {
      reply.header('Allow', allow.join(', '));
      return sendError(reply, 405, `${request.method} is not allowed on ${url}; use ${allowed.join(' or ')}`);
    },
  });
}
