import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import { RATE_LIMIT_HEADERS } from './rateLimitHeaders.js';
import { REQUEST_ID_HEADER } from './requestId.js';

export const MCP_HEADERS = ['Mcp-Session-Id', 'Mcp-Protocol-Version', 'Last-Event-ID'];
/** What MCP revision 2026-07-28 mirrors from a request's body into its headers, for gateways to route on (sent, never answered). */
const MCP_ROUTING_HEADERS = ['Mcp-Method', 'Mcp-Name'];
/** The response headers a browser script may read. */
export const EXPOSED_HEADERS = [...RATE_LIMIT_HEADERS, ...MCP_HEADERS, 'ETag', REQUEST_ID_HEADER, 'WWW-Authenticate'];

/**
 * Any origin may call the API: answers carry no cookies, and a key is sent by the caller's own
 * script.
 */
const ANY_ORIGIN = '*';

/**
 * @fastify/cors, registered for the whole app, answers preflights and gives every answer its
 * headers.
 */
export async function installCors(app: FastifyInstance): Promise<void> {
  await app.register(cors, {
    origin: ANY_ORIGIN,
    methods: ['GET', 'POST', 'DELETE', 'OPTIONS'],
    // If-None-Match for a script that revalidates by itself (a browser's own cache needs no preflight).
    // X-Api-Key: how pokemontcg.io's SDKs send a key to /v2.
    allowedHeaders: ['Authorization', 'X-Api-Key', 'Content-Type', 'If-None-Match', ...MCP_HEADERS, ...MCP_ROUTING_HEADERS],
    exposedHeaders: EXPOSED_HEADERS,
    maxAge: 86400,
    strictPreflight: false,
  });
}

/** A simple request's CORS headers as the plugin sends them, for the answers no hook sees (edge/hooklessHeaders.ts). */
export const SIMPLE_CORS_HEADERS: ReadonlyArray<readonly [string, string]> = [
  ['access-control-allow-origin', ANY_ORIGIN],
  ['access-control-expose-headers', EXPOSED_HEADERS.join(', ')],
];
