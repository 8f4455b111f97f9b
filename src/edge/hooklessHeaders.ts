import { unkeyedAllowance } from '../access/monthlyQuota.js';
import { SIMPLE_CORS_HEADERS } from './cors.js';
import { rateLimitHeaderPairs } from './rateLimitHeaders.js';
import { REQUEST_ID_FIELD } from './requestId.js';
import { API_SECURITY_HEADERS } from './securityHeaders.js';

/**
 * The headers every answer carries, for the answers that no hook sees: what Fastify's router
 * refuses before any hook runs (app.ts's frameworkErrors) and what node:http refuses before any
 * route (clientErrors.ts). Each part comes from the module that owns it, as the hooks' do: the
 * request id, the security headers, CORS's and the rate-limit headers of a request without a valid
 * key (none of these requests could show one).
 */
export function hooklessHeaders(requestId: string, now: Date): Array<readonly [string, string | number]> {
  return [
    [REQUEST_ID_FIELD, requestId],
    ...API_SECURITY_HEADERS,
    ...SIMPLE_CORS_HEADERS,
    ...rateLimitHeaderPairs(unkeyedAllowance(now)),
  ];
}
