import type { FastifyReply } from 'fastify';

export const FREE_MONTHLY_LIMIT = 1000;
export const RATE_LIMIT_HEADERS = ['X-RateLimit-Limit', 'X-RateLimit-Used', 'X-RateLimit-Remaining', 'X-RateLimit-Reset', 'Retry-After'];

/** 00:00 UTC on the 1st of the month after `now`, in Unix seconds. */
export function nextMonthStart(now: Date): number {
  return Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1) / 1000;
}

export interface Allowance {
  limit: number;
  used: number;
  /** Unix seconds of the next reset. */
  reset: number;
}

/** Sets the four rate-limit headers, and Retry-After when the request was refused for its limit (429). */
export function setRateLimitHeaders(reply: FastifyReply, allowance: Allowance, retryAfterSeconds?: number): void {
  reply.header('X-RateLimit-Limit', allowance.limit);
  reply.header('X-RateLimit-Used', allowance.used);
  reply.header('X-RateLimit-Remaining', Math.max(0, allowance.limit - allowance.used));
  reply.header('X-RateLimit-Reset', allowance.reset);
  if (retryAfterSeconds !== undefined) reply.header('Retry-After', retryAfterSeconds);
}

/** What a response without a valid key says: the free tier's month, nothing used by this caller. */
export function unkeyedAllowance(now: Date): Allowance {
  return { limit: FREE_MONTHLY_LIMIT, used: 0, reset: nextMonthStart(now) };
}
