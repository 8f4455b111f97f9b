import type { IncomingHttpHeaders } from 'node:http';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { createMcpServer } from './server.js';
import type { McpToolbox, ToolCallContext } from './toolbox.js';

export { SUPPORTED_PROTOCOL_VERSIONS } from '@modelcontextprotocol/sdk/types.js';

/** The SDK's answer to one POST: what the endpoint sends (compressed when the client accepts it). */
export interface SdkAnswer {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/**
 * The part of the endpoint that needs the MCP SDK's server and transport (a fifth of a second of
 * loading): endpoint.ts imports it on the first /mcp request, so the service starts without it.
 * A fresh server and transport per request, the SDK's pattern for a stateless endpoint. The SDK's
 * web-standard transport answers with a Response (JSON, never a stream: enableJsonResponse), which
 * the endpoint sends as it sends the direct path's answers, so both are compressed alike.
 */
export async function answerWithSdk(toolbox: McpToolbox, context: ToolCallContext, headers: IncomingHttpHeaders,
  body: unknown): Promise<SdkAnswer> {
  const server = createMcpServer(toolbox, context);
  const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  await server.connect(transport);
  const request = new Request('http://mcp.invalid/mcp', { method: 'POST', headers: webHeaders(headers) });
  const response = await transport.handleRequest(request, { parsedBody: body });
  // Not closed: with JSON responses nothing of the server outlives the request, and close()
  // builds a "connection closed" error (and its stack trace) for every request.
  return { status: response.status, headers: Object.fromEntries(response.headers), body: Buffer.from(await response.arrayBuffer()) };
}

/** The request's headers the transport reads (Accept, Content-Type, Mcp-Protocol-Version...), as a web Headers. */
function webHeaders(headers: IncomingHttpHeaders): Headers {
  const web = new Headers();
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || name.startsWith(':')) continue;
    for (const one of Array.isArray(value) ? value : [value]) web.append(name, one);
  }
  return web;
}
