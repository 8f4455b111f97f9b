import type {} from '@fastify/swagger';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { failureOf, logFailure } from '../edge/failures.js';
import { ERROR_CACHE_CONTROL } from '../edge/httpCaching.js';
import { isPtcgPath } from '../edge/ptcgPaths.js';
import { showAddressAllowance } from '../edge/rateLimitHeaders.js';
import type { ServiceMetrics } from '../metrics/serviceMetrics.js';
import type { ErrorCode } from '../vocabulary/errorCodes.js';

/**
 * An error body, `{"error": <message>, "code": <code>}` (`more` adds fields after them, a named
 * lookup's candidates); never stored by a cache (the next request may succeed), and never given an ETag.
 * At /v2 the body is pokemontcg.io's, `{"error": {"message": <message>, "code": <status>}}`, whatever refused it.
 */
export function sendError(reply: FastifyReply, statusCode: number, code: ErrorCode, message: string,
  more: Record<string, unknown> = {}): FastifyReply {
  reply.removeHeader('ETag');
  const body = isPtcgPath(reply.request.url) ? { error: { message, code: statusCode } } : { error: message, code, ...more };
  return reply.header('Cache-Control', ERROR_CACHE_CONTROL).code(statusCode).type('application/json; charset=utf-8')
    .send(JSON.stringify(body));
}

/** Every failure becomes `{"error": "...", "code": "..."}`; nothing internal reaches the client. */
export function installErrorHandling(app: FastifyInstance, metrics: ServiceMetrics, now: () => Date): void {
  app.setErrorHandler((error, request, reply) => {
    const failure = failureOf(error);
    if (failure.kind === 'unavailable') metrics.databaseUnavailable('rest');
    // The rate-limit headers already shown stay; a route that shows its own allowance and failed
    // before deciding it (its store down while the key was checked) shows the address's.
    if (!reply.hasHeader('x-ratelimit-limit')) showAddressAllowance(reply, now());
    logFailure(request.log, failure, error, 'request failed');
    return sendError(reply, failure.status, failure.code, failure.message);
  });

  app.setNotFoundHandler((request, reply) =>
    sendError(reply, 404, 'unknown_path', `no such path: ${request.method} ${request.url.split('?')[0]}; see /openapi.json`));
}

/**
 * The sentence for a request Fastify's router refuses before any route or hook runs: a path that
 * is not valid percent-encoding (400), or a path segment longer than the router takes (414).
 */
export function routerRefusal(error: FastifyError, request: FastifyRequest): { status: number; code: ErrorCode; message: string } {
  const path = (request.raw.url ?? '').split('?')[0];
  if (error.code === 'FST_ERR_BAD_URL') return { status: 400, code: 'malformed_path', message: `the path ${path} is not valid percent-encoding` };
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') return { status: 414, code: 'path_too_long', message: 'the path is too long' };
  return { status: error.statusCode ?? 400, code: 'bad_request', message: 'the request could not be routed; see /openapi.json' };
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
      return sendError(reply, 405, 'method_not_allowed', `${request.method} is not allowed on ${url}; use ${allowed.join(' or ')}`);
    },
  });
}
