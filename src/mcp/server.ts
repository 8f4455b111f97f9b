import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import type { McpToolbox, ToolCallContext } from './toolbox.js';
import { unknownToolMessage } from './jsonRpcEnvelope.js';

export const SERVER_INFO = { name: 'tcg-catalog', title: 'Pokémon TCG Catalog', version: '1.0.0' };

const INSTRUCTIONS = 'Every Pokémon TCG set and card in 16 languages, with every printing. ' +
  'Every tool but get_api_key needs an API key, sent by the MCP connection as the header `Authorization: Bearer <key>` ' +
  '(not as an argument); each call counts once against the key\'s monthly quota (1,000 calls on the free tier, reset ' +
  'on the 1st, UTC). Without a key, call get_api_key with the user\'s email and ask the user to add the header to this ' +
  'server\'s entry in their MCP client configuration and reconnect; then search_cards by name (in the language searched), ' +
  'get_card for a card\'s printings, list_sets, get_set and list_cards_in_set to browse. The card lists answer ' +
  'compact rows (detail "full" for every field); get_card tells what a card does (abilities, attacks, rules_text), ' +
  'and legalities, in every row, whether it is legal in Standard and Expanded. To check a whole deck list, ' +
  'call check_deck once with the list as pasted. A failed call returns isError with a sentence saying what to fix.';

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
    capabilities: { tools: { listChanged: false } },
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
