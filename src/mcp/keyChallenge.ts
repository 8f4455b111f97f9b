import { keyFromAuthorization } from '../access/keyFormat.js';
import type { McpToolbox } from './toolbox.js';

/**
 * A keyed tool called without a valid key is answered HTTP 401 (docs/mcp.md, "Keys and sign-in"):
 * the MCP authorization spec's challenge, so a client that speaks OAuth signs in and retries, and a
 * JSON-RPC error whose message tells one that does not how to get a key.
 */

/** Where the protected resource metadata of /mcp is published (RFC 9728, path-suffixed form). */
export const PROTECTED_RESOURCE_METADATA_PATH = '/.well-known/oauth-protected-resource/mcp';

/** JSON-RPC error code of the 401 (the implementation-defined server error range). */
export const UNAUTHORIZED_CODE = -32001;

export const CHALLENGE_MESSAGES = {
  keyMissing: 'this tool needs an API key: call get_api_key with your email for a free key, then send it as ' +
    '"Authorization: Bearer <key>" on every request to this endpoint (or sign in with OAuth)',
  keyInvalid: 'this API key or access token is not valid (unknown, expired or revoked): call get_api_key with ' +
    'your email for a free key, then send it as "Authorization: Bearer <key>" (or sign in with OAuth again)',
} as const;

/** The id of the message's keyed tools/call (null in a batch), or undefined when it calls none. */
export function keyedToolCall(body: unknown, toolbox: McpToolbox): { id: string | number | null; tool: string | null } | undefined {
  if (Array.isArray(body)) return body.some((message) => callsKeyedTool(message, toolbox)) ? { id: null, tool: null } : undefined;
  if (!callsKeyedTool(body, toolbox)) return undefined;
  const { id, params } = body as { id?: unknown; params: { name: string } };
  return { id: typeof id === 'string' || Number.isInteger(id) ? id as string | number : null, tool: params.name };
}

function callsKeyedTool(message: unknown, toolbox: McpToolbox): boolean {
  if (typeof message !== 'object' || message === null) return false;
  const { method, params } = message as { method?: unknown; params?: unknown };
  if (method !== 'tools/call' || typeof params !== 'object' || params === null) return false;
  const { name } = params as { name?: unknown };
  return typeof name === 'string' && toolbox.needsKey(name);
}

/** The 401's WWW-Authenticate value and JSON-RPC message for this Authorization header. */
export function keyChallenge(authorization: string | undefined, publicBaseUrl: string): { header: string; message: string } {
  const metadata = `resource_metadata="${publicBaseUrl}${PROTECTED_RESOURCE_METADATA_PATH}"`;
  // RFC 6750: a request without credentials gets no error code; one with bad credentials gets invalid_token.
  if (keyFromAuthorization(authorization) === 'missing') return { header: `Bearer ${metadata}`, message: CHALLENGE_MESSAGES.keyMissing };
  return {
    header: `Bearer ${metadata}, error="invalid_token", error_description="the key or token is not valid"`,
    message: CHALLENGE_MESSAGES.keyInvalid,
  };
}
