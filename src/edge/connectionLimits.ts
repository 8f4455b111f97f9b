import type { FastifyServerOptions } from 'fastify';
import type { ServerOptions } from 'node:http';

/**
 * How long the HTTP server waits on a client, so that slow or stalled clients (a request dribbled
 * a byte at a time, a connection left idle) cannot hold connections and memory indefinitely.
 * docs/deploy.md states the values; tests shorten them.
 */
export interface ConnectionLimits {
  /** The request line and headers must have arrived this long after the request's first byte (else 408). */
  headersTimeoutMs: number;
  /** The whole request, body included, must have arrived this long after its first byte (else 408). */
  requestTimeoutMs: number;
  /** A kept-alive connection with no request in flight is closed after this long. */
  keepAliveTimeoutMs: number;
  /** A connection on which nothing moves either way this long (a client that stopped reading, say) is closed. */
  idleTimeoutMs: number;
  /** How often the server looks for requests past their headers or request timeout. */
  checkIntervalMs: number;
}

export const DEFAULT_CONNECTION_LIMITS: ConnectionLimits = {
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  // Longer than the 60 s idle timeout of common load balancers (AWS ALB, nginx), so that the
  // balancer, not the instance, closes an idle connection and never sends on one being closed.
  keepAliveTimeoutMs: 72_000,
  idleTimeoutMs: 60_000,
  checkIntervalMs: 1_000,
};

/** The request line and headers together (Node's default, set here so the 431 message can state it). */
export const MAX_HEADER_BYTES = 16 * 1024;
/** A request body (POST /v1/keys, POST /mcp); a larger one gets 413. */
export const MAX_BODY_BYTES = 16 * 1024;

/** The Fastify options (and, through `http`, Node's server options) that enforce the limits. */
export function connectionOptions(limits: ConnectionLimits): Pick<FastifyServerOptions,
  'connectionTimeout' | 'keepAliveTimeout' | 'requestTimeout' | 'bodyLimit'> & { http: ServerOptions } {
  return {
    connectionTimeout: limits.idleTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    requestTimeout: limits.requestTimeoutMs,
    bodyLimit: MAX_BODY_BYTES,
    http: {
      headersTimeout: limits.headersTimeoutMs,
      requestTimeout: limits.requestTimeoutMs,
      connectionsCheckingInterval: limits.checkIntervalMs,
      maxHeaderSize: MAX_HEADER_BYTES,
      // Node would answer a request without Host with a bare 400 of its own, outside the contract's
      // JSON and headers; nothing here depends on Host, so such a request is simply served.
      requireHostHeader: false,
    },
  };
}
