import {
  createMcpHandler, isLegacyRequest, ProtocolError, ProtocolErrorCode, Server, WebStandardStreamableHTTPServerTransport,
  type AuthInfo, type CacheHint,
} from '@modelcontextprotocol/server';
import type { McpToolbox, ToolCallContext } from './toolbox.js';

/** Who the MCP server is and what it tells a model, for both revisions (initialize, server/discover). */
export const SERVER_INFO = { name: 'tcg-catalog', title: 'Pokémon TCG Catalog', version: '1.0.0' };

export const INSTRUCTIONS = 'Every Pokémon TCG set and card in 16 languages, with every printing. ' +
  'Every tool but get_api_key needs an API key, sent by the MCP connection as the header `Authorization: Bearer <key>` ' +
  '(not as an argument); each call counts once against the key\'s monthly quota (1,000 calls on the free tier, reset ' +
  'on the 1st, UTC). Without a key, call get_api_key with the user\'s email and ask the user to add the header to this ' +
  'server\'s entry in their MCP client configuration and reconnect; then search_cards by name (in the language searched), ' +
  'get_card for a card\'s printings, list_sets, get_set and list_cards_in_set to browse. The card lists answer ' +
  'compact rows (detail "full" for every field); get_card tells what a card does (abilities, attacks, rules_text), ' +
  'and legalities, in every row, whether it is legal in Standard and Expanded. To check a whole deck list, ' +
  'call check_deck once with the list as pasted. A failed call returns isError with a sentence saying what to fix.';

/**
 * How revision 2026-07-28's clients may keep tools/list and server/discover: both change only when the
 * service is deployed anew, and are the same for every caller, key or none.
 */
export const LIST_CACHE_HINT: CacheHint = { ttlMs: 3_600_000, cacheScope: 'public' };

export function unknownToolMessage(name: string, toolNames: readonly string[]): string {
  return `unknown tool ${name}; the tools are ${toolNames.join(', ')}`;
}

/**
 * The SDK's server for one request (the endpoint is stateless: a fresh one each time, the SDK's
 * pattern), answering tools/list and tools/call from the toolbox, which lives once per process.
 */
function serverFor(toolbox: McpToolbox, context: ToolCallContext): Server {
  const server = new Server(SERVER_INFO, {
    capabilities: { tools: { listChanged: false } },
    instructions: INSTRUCTIONS,
    cacheHints: { 'tools/list': LIST_CACHE_HINT, 'server/discover': LIST_CACHE_HINT },
  });
  server.setRequestHandler('tools/list', () => ({ tools: toolbox.listing }));
  server.setRequestHandler('tools/call', async ({ params }) => {
    const result = await toolbox.call(params.name, params.arguments, context);
    if (result === undefined) throw new ProtocolError(ProtocolErrorCode.InvalidParams, unknownToolMessage(params.name, toolbox.names));
    return result;
  });
  return server;
}

/**
 * Whether the SDK will answer this POST 406 before any tool runs: its 2025-era transport takes only a
 * client that accepts both application/json and text/event-stream. The endpoint checks the key of a
 * keyed call before the SDK, and a call refused so is neither checked nor counted (only a 200, 400
 * or 404 counts).
 */
export async function refusedAsNotAcceptable(request: Request, body: unknown): Promise<boolean> {
  const accept = request.headers.get('accept') ?? '';
  if (accept.includes('application/json') && accept.includes('text/event-stream')) return false;
  return isLegacyRequest(request, body);
}

/**
 * Serves one POST to /mcp with the SDK: a 2026-07-28 request (its revision in params._meta) by
 * createMcpHandler, every 2025-era one by the SDK's stateless transport answering JSON (the pattern
 * the SDK documents with isLegacyRequest: the entry's own fallback would answer them as event streams).
 * The request's context reaches the modern leg's server as its authInfo, the handler's pass-through.
 */
export function mcpService(toolbox: McpToolbox): (request: Request, body: unknown, context: ToolCallContext) => Promise<Response> {
  const contextOf = (authInfo: AuthInfo | undefined) => authInfo?.extra?.context as ToolCallContext;
  const modern = createMcpHandler(({ authInfo }) => serverFor(toolbox, contextOf(authInfo)), { legacy: 'reject' });
  return async (request, body, context) => {
    if (await isLegacyRequest(request, body)) {
      const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
      await serverFor(toolbox, context).connect(transport);
      return transport.handleRequest(request, { parsedBody: body });
    }
    const authInfo: AuthInfo = { token: context.authorization ?? '', clientId: 'mcp', scopes: [], extra: { context } };
    return modern.fetch(request, { parsedBody: body, authInfo });
  };
}
