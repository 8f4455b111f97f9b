import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import type { McpToolbox, ToolCallContext } from './toolbox.js';
import { unknownToolMessage } from './jsonRpcEnvelope.js';
import { CAPABILITIES, INSTRUCTIONS, SERVER_INFO } from './serverIdentity.js';

/*
 * A Server builds its own Ajv instance unless given a validator, which costs about a
 * millisecond; one per process keeps a fresh server per request cheap. (The server only
 * uses it for elicitation, which these tools never ask for.)
 */
const sharedValidator = new AjvJsonSchemaValidator();

/**
 * A server for one HTTP request: the endpoint is stateless, so each POST gets a fresh server
 * and transport (the SDK's pattern), while the toolbox, its schemas and validators live once.
 */
export function createMcpServer(toolbox: McpToolbox, context: ToolCallContext): Server {
  const server = new Server(SERVER_INFO, {
    capabilities: CAPABILITIES,
    instructions: INSTRUCTIONS,
    jsonSchemaValidator: sharedValidator,
  });
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: toolbox.listing }));
  server.setRequestHandler(CallToolRequestSchema, (request) => {
    const { name } = request.params;
    // The endpoint refuses an unknown tool first (jsonRpcEnvelope.ts); this is the same answer. Not an
    // McpError, whose message starts "MCP error -32602:", which the SDK client then adds again.
    if (!toolbox.has(name)) throw Object.assign(new Error(unknownToolMessage(name, toolbox.names)), { code: ErrorCode.InvalidParams });
    return toolbox.call(name, request.params.arguments, context);
  });
  return server;
}
