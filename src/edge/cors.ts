import cors from '@fastify/cors';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { RATE_LIMIT_HEADERS } from './rateLimitHeaders.js';
import { REQUEST_ID_HEADER } from './requestId.js';

export const MCP_HEADERS = ['Mcp-Session-Id', 'Mcp-Protocol-Version', 'Last-Event-ID'];
/** What MCP revision 2026-07-28 mirrors from a request's body into its headers, for gateways to route on (sent, never answered). */
const MCP_ROUTING_HEADERS = ['Mcp-Method', 'Mcp-Name'];
/** The response headers a browser script may read. */
export const EXPOSED_HEADERS = [...RATE_LIMIT_HEADERS, ...MCP_HEADERS, 'ETag', REQUEST_ID_HEADER, 'WWW-Authenticate'];
const EXPOSED = EXPOSED_HEADERS.join(', ');

/**
 * Any origin may call the API: answers carry no cookies, and a key is sent by the caller's own
 * script. @fastify/cors answers preflights only: registered in a context of its own, its hook runs
 * on its own OPTIONS route and costs no other request anything. Every other answer gets a simple
 * request's two headers from the edge hook instead (setCorsHeaders), the same on every answer,
 * without the plugin's per-request option resolution.
 */
export async function installCors(app: FastifyInstance): Promise<void> {
  await app.register(async (preflights) => {
    await preflights.register(cors, {
      origin: '*',
      methods: ['GET', 'POST', 'DELETE', 'OPTIONS'],
      // If-None-Match for a script that revalidates by itself (a browser's own cache needs no preflight).
      allowedHeaders: ['Authorization', 'Content-Type', 'If-None-Match', ...MCP_HEADERS, ...MCP_ROUTING_HEADERS],
      exposedHeaders: EXPOSED,
      maxAge: 86400,
      strictPreflight: false,
    });
  });
}

/** A simple request's CORS headers (the MCP endpoint copies them onto the raw response when it hijacks its reply). */
export function setCorsHeaders(reply: FastifyReply): void {
  reply.header('access-control-allow-origin', '*');
  reply.header('access-control-expose-headers', EXPOSED);
}
