import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type PresentedKey, readPresentedKey } from '../access/presentedKey.js';
import { isPtcgPath } from './ptcgPaths.js';

/**
 * The key a request presents, read from its `Authorization` header (at /v2 also `X-Api-Key`, as
 * pokemontcg.io's SDKs send it) and hashed by the first that asks (the throttle, the key check, an
 * MCP tool call, the log line) and kept with the request for the others.
 */
export function presentedKeyOf(request: FastifyRequest): PresentedKey {
  return (request.presentedKey ??= readPresentedKey(request.headers.authorization, isPtcgPath(request.url) ? apiKeyHeader(request) : undefined));
}

function apiKeyHeader(request: FastifyRequest): string | undefined {
  const value = request.headers['x-api-key'];
  return Array.isArray(value) ? value[0] : value;
}

/** Made a request decoration (undefined until first asked for), so every request has the same shape. */
export function declarePresentedKey(app: FastifyInstance): void {
  app.decorateRequest('presentedKey', undefined);
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Read by presentedKeyOf; undefined until then. */
    presentedKey: PresentedKey | undefined;
  }
}
