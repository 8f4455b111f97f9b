import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Allowance } from '../access/allowance.js';
import { unkeyedAllowance } from '../access/monthlyQuota.js';

export const RATE_LIMIT_HEADERS = ['X-RateLimit-Limit', 'X-RateLimit-Used', 'X-RateLimit-Remaining', 'X-RateLimit-Reset', 'Retry-After'];

/**
 * Whose allowance a route's answers show, in its route config (`config: { allowance }`):
 * `address`, the default, the month of a request without a valid key (nothing used, as no such
 * request is counted against a month); `own`, an allowance the route's own access check decides
 * (a key's month, an address's daily key creations), shown with `showAllowance`.
 */
export type AllowanceShown = 'address' | 'own';

declare module 'fastify' {
  interface FastifyContextConfig {
    allowance?: AllowanceShown;
  }
}

/**
 * The four rate-limit headers, and Retry-After when the request was refused for its limit (429).
 * Named in lower case, as Fastify sends every header name: it lowercases each name it is given, on
 * every request, unless it is already.
 */
export function rateLimitHeaderPairs(allowance: Allowance, retryAfterSeconds?: number): Array<[string, number]> {
  const pairs: Array<[string, number]> = [
    ['x-ratelimit-limit', allowance.limit],
    ['x-ratelimit-used', allowance.used],
    ['x-ratelimit-remaining', Math.max(0, allowance.limit - allowance.used)],
    ['x-ratelimit-reset', allowance.reset],
  ];
  if (retryAfterSeconds !== undefined) pairs.push(['retry-after', retryAfterSeconds]);
  return pairs;
}

/** Shows this allowance on the answer, in place of any shown before: the last access decision is the one the answer reports. */
export function showAllowance(reply: FastifyReply, allowance: Allowance, retryAfterSeconds?: number): void {
  if (retryAfterSeconds === undefined && reply.hasHeader('retry-after')) reply.removeHeader('retry-after');
  for (const [name, value] of rateLimitHeaderPairs(allowance, retryAfterSeconds)) reply.header(name, value);
}

/** The allowance of a request without a valid key, at `now`. */
export function showAddressAllowance(reply: FastifyReply, now: Date): void {
  showAllowance(reply, unkeyedAllowance(now));
}

/**
 * Every answer's rate-limit headers, in one onRequest hook, before any route's work: the
 * address's allowance, unless the route shows its own (`config.allowance: 'own'`). Whatever refuses
 * a request later (the per-address throttle, a key check) shows the allowance it refused it for.
 */
export function installRateLimitHeaders(app: FastifyInstance, now: () => Date): void {
  app.addHook('onRequest', (request, reply, done) => {
    if (request.routeOptions.config.allowance !== 'own') showAddressAllowance(reply, now());
    done();
  });
}
