import cors from '@fastify/cors';
import type { FastifyContextConfig, FastifyInstance, FastifyReply } from 'fastify';
import { RATE_LIMIT_HEADERS } from './rateLimitHeaders.js';
import { REQUEST_ID_HEADER } from './requestId.js';

export const MCP_HEADERS = ['Mcp-Session-Id', 'Mcp-Protocol-Version', 'Last-Event-ID'];
/** The response headers a browser script may read. */
export const EXPOSED_HEADERS = [...RATE_LIMIT_HEADERS, ...MCP_HEADERS, 'ETag', REQUEST_ID_HEADER];
const EXPOSED = EXPOSED_HEADERS.join(', ');

/**
 * Any origin may call the API: answers carry no cookies, and a key is sent by the caller's own
 * script. @fastify/cors answers preflights (and requests no route matched); every route that is not
 * a preflight's opts out of it, and the edge hook sets a simple request's two headers instead
 * (setCorsHeaders), the same on every answer, without the plugin's per-request option resolution.
 * Call before any route is added.
 */
export async function installCors(app: FastifyInstance): Promise<void> {
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (!methods.includes('OPTIONS')) route.config = { ...route.config, cors: false } as FastifyContextConfig;
  });
  await app.register(cors, {
    origin: '*',
    methods: ['GET', 'POST', 'DELETE', 'OPTIONS'],
    // If-None-Match for a script that revalidates by itself (a browser's own cache needs no preflight).
    allowedHeaders: ['Authorization', 'Content-Type', 'If-None-Match', ...MCP_HEADERS],
    exposedHeaders: EXPOSED,
    maxAge: 86400,
    strictPreflight: false,
  });
}

/** A simple request's CORS headers (the MCP endpoint copies them onto the raw response when it hijacks its reply). */
export function setCorsHeaders(reply: FastifyReply): void {
  reply.header('access-control-allow-origin', '*');
  reply.header('access-control-expose-headers', EXPOSED);
}
