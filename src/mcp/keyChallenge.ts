import type { PresentedKey } from '../access/presentedKey.js';
import { PROTECTED_RESOURCE_METADATA_PATH } from '../oauth/oauthService.js';
import { calledTool } from './refusals.js';
import type { McpToolbox } from './toolbox.js';

/**
 * A keyed tool called without a valid key is answered HTTP 401 (docs/mcp.md, "Keys and sign-in"):
 * the MCP authorization spec's challenge, so a client that speaks OAuth signs in and retries, and a
 * JSON-RPC error whose message tells one that does not how to get a key.
 */

/** JSON-RPC error code of the 401 (the implementation-defined server error range). */
export const UNAUTHORIZED_CODE = -32001;

export const CHALLENGE_MESSAGES = {
  keyMissing: 'this tool needs an API key: call get_api_key with your email for a free key, then send it as ' +
    '"Authorization: Bearer <key>" on every request to this endpoint (or sign in with OAuth)',
  keyInvalid: 'this API key or access token is not valid (unknown, expired or revoked): call get_api_key with ' +
    'your email for a free key, then send it as "Authorization: Bearer <key>" (or sign in with OAuth again)',
} as const;

/**
 * The id and tool of a tools/call of a keyed tool, and whether the call counts as its key is
 * checked (a tool counted when answered counts later), or undefined when the message calls none.
 */
export function keyedToolCall(body: unknown, toolbox: McpToolbox): { id: string | number | null; tool: string; counting: boolean } | undefined {
  const tool = calledTool(body);
  if (tool === undefined) return undefined;
  const keying = toolbox.keying(tool);
  if (keying === false) return undefined;
  const { id } = body as { id?: unknown };
  return { id: typeof id === 'string' || typeof id === 'number' ? id : null, tool, counting: keying === true };
}

/** The 401's WWW-Authenticate value and JSON-RPC message for the key the request presented. */
export function keyChallenge(presented: PresentedKey, publicBaseUrl: string): { header: string; message: string } {
  const metadata = `resource_metadata="${publicBaseUrl}${PROTECTED_RESOURCE_METADATA_PATH}"`;
  // RFC 6750: a request without credentials gets no error code; one with bad credentials gets invalid_token.
  if (presented.kind === 'missing') return { header: `Bearer ${metadata}`, message: CHALLENGE_MESSAGES.keyMissing };
  return {
    header: `Bearer ${metadata}, error="invalid_token", error_description="the key or token is not valid"`,
    message: CHALLENGE_MESSAGES.keyInvalid,
  };
}
