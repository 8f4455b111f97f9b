import { MAX_BODY_BYTES } from '../edge/connectionLimits.js';
import { DECK_CHECK_BODY_LIMIT } from '../schemas/deck.js';

/**
 * How large a POST /mcp body may be. Every message but one fits in MAX_BODY_BYTES (16 KiB); a
 * check_deck call carries a deck list of up to 20,000 characters, as POST /v1/decks/check does, so
 * the route reads up to REST's deck limit and a body over 16 KiB is kept only when it is that call.
 */
export const MCP_ROUTE_BODY_LIMIT = DECK_CHECK_BODY_LIMIT;

/** Whether a parsed body of `bytes` bytes is within its limit: 16 KiB, or REST's deck limit for one check_deck call. */
export function withinBodyLimit(body: unknown, bytes: number): boolean {
  return bytes <= MAX_BODY_BYTES || isDeckCheckCall(body);
}

function isDeckCheckCall(body: unknown): boolean {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return false;
  const { method, params } = body as { method?: unknown; params?: unknown };
  return method === 'tools/call' && typeof params === 'object' && params !== null && (params as { name?: unknown }).name === 'check_deck';
}

/** The error a body over its limit is refused with: failureOf words a 413 as REST's body limit. */
export function bodyTooLarge(): Error {
  return Object.assign(new Error('request body is too large'), { statusCode: 413 });
}
