import type { IncomingMessage, ServerResponse } from 'node:http';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { createMcpServer } from './server.js';
import type { McpToolbox, ToolCallContext } from './toolbox.js';

export { SUPPORTED_PROTOCOL_VERSIONS } from '@modelcontextprotocol/sdk/types.js';

/**
 * The part of the endpoint that needs the MCP SDK's server and transport (a fifth of a second of
 * loading): endpoint.ts imports it on the first /mcp request, so the service starts without it.
 * A fresh server and transport per request, the SDK's pattern for a stateless endpoint; the
 * transport writes the response itself.
 */
export async function answerWithSdk(toolbox: McpToolbox, context: ToolCallContext, request: IncomingMessage,
  response: ServerResponse, body: unknown): Promise<void> {
  const server = createMcpServer(toolbox, context);
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  await server.connect(transport);
  await transport.handleRequest(request, response, body);
  // Not closed: with JSON responses nothing of the server outlives the request, and close()
  // builds a "connection closed" error (and its stack trace) for every request.
}
