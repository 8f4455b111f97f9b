import type { components } from './schema.js';

type HeaderName = keyof components['headers'];
// Typed by the document's own header components: a renamed header fails to compile after regeneration.
const LIMIT: HeaderName = 'X-RateLimit-Limit';
const USED: HeaderName = 'X-RateLimit-Used';
const REMAINING: HeaderName = 'X-RateLimit-Remaining';
const RESET: HeaderName = 'X-RateLimit-Reset';
const RETRY_AFTER: HeaderName = 'Retry-After';

/**
 * The rate-limit headers every answer carries. For a keyed call they describe the key's calendar
 * month; for createKey, the caller address's daily allowance of new keys.
 */
export interface RateLimit {
  /** Requests allowed in the window (`X-RateLimit-Limit`); 2147483647 for an unlimited key. */
  limit: number;
  /** Requests counted in the window, this one included when it was counted (`X-RateLimit-Used`). */
  used: number;
  /** Requests left in the window (`X-RateLimit-Remaining`). */
  remaining: number;
  /** When the window resets (`X-RateLimit-Reset`, sent in Unix seconds). */
  resetAt: Date;
}

const integer = (headers: Headers, name: string): number | undefined => {
  const text = headers.get(name);
  return text !== null && /^\d+$/.test(text.trim()) ? Number(text) : undefined;
};

/** The rate-limit headers of an answer, or null when one is missing or malformed (a proxy dropped it). */
export function readRateLimit(headers: Headers): RateLimit | null {
  const [limit, used, remaining, reset] = [LIMIT, USED, REMAINING, RESET].map((name) => integer(headers, name));
  if (limit === undefined || used === undefined || remaining === undefined || reset === undefined) return null;
  return { limit, used, remaining, resetAt: new Date(reset * 1000) };
}

/** `Retry-After` in seconds (sent with 429), or null. */
export function readRetryAfter(headers: Headers): number | null {
  return integer(headers, RETRY_AFTER) ?? null;
}
