import type { Allowance } from '../access/allowance.js';

/** Where headers go: a Fastify reply, or a raw response through `rawHeaders`. */
export interface HeaderTarget {
  header(name: string, value: number): unknown;
}

/** A raw response as a HeaderTarget, for answers written by someone else (the MCP transport). */
export const rawHeaders = (response: { setHeader(name: string, value: number): unknown }): HeaderTarget => ({
  header: (name, value) => response.setHeader(name, value),
});

export const RATE_LIMIT_HEADERS = ['X-RateLimit-Limit', 'X-RateLimit-Used', 'X-RateLimit-Remaining', 'X-RateLimit-Reset', 'Retry-After'];

/**
 * Sets the four rate-limit headers, and Retry-After when the request was refused for its limit (429).
 * Named in lower case, as Fastify sends every header name: it lowercases each name it is given, on
 * every request, unless it is already.
 */
export function setRateLimitHeaders(reply: HeaderTarget, allowance: Allowance, retryAfterSeconds?: number): void {
  reply.header('x-ratelimit-limit', allowance.limit);
  reply.header('x-ratelimit-used', allowance.used);
  reply.header('x-ratelimit-remaining', Math.max(0, allowance.limit - allowance.used));
  reply.header('x-ratelimit-reset', allowance.reset);
  if (retryAfterSeconds !== undefined) reply.header('retry-after', retryAfterSeconds);
}
