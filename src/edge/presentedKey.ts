import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type PresentedKey, readPresentedKey } from '../access/presentedKey.js';

/**
 * The key a request presents, read from its `Authorization` header and hashed by the first that
 * asks (the throttle, the key check, an MCP tool call, the log line) and kept with the request for
 * the others.
 */
export function presentedKeyOf(request: FastifyRequest): PresentedKey {
  return (request.presentedKey ??= readPresentedKey(request.headers.authorization));
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
