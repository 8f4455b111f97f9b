import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AccessControl } from '../access/accessControl.js';
import { presentedKeyOf } from '../edge/presentedKey.js';
import { showAllowance } from '../edge/rateLimitHeaders.js';
import type { UnkeyedThrottle } from '../edge/unkeyedThrottle.js';
import type { ServiceMetrics } from '../metrics/serviceMetrics.js';
import { sendError } from './errors.js';

/**
 * The onRequest hook of every keyed route: it runs before the query is validated, so a request
 * is refused 401, then 429, before any 400 or 404, and every answer past it has been counted.
 * It shows the key's allowance on every answer of these routes (their route config says
 * `allowance: 'own'`, so the edge's hook leaves the address's out), so it is written once.
 * A refused key counts against the address's throttle on requests without a valid key.
 * With `counting` false the hook only checks the key and its month (AccessControl.authorize), for a
 * route that counts a request once it proved valid (the deck check).
 */
export function requireKey(access: AccessControl, throttle: UnkeyedThrottle, metrics: ServiceMetrics, counting = true) {
  return async function checkKeyAndQuota(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const presented = presentedKeyOf(request);
    // A key that cannot be checked (its store down) is a failure the error handler answers, with the address's allowance.
    const decision = await (counting ? access.authorizeAndCount(presented) : access.authorize(presented));
    request.keyPrefix = decision.keyPrefix;
    if (decision.allowed) {
      showAllowance(reply, decision.allowance);
      return;
    }
    showAllowance(reply, decision.allowance, decision.retryAfterSeconds);
    if (decision.status === 429) metrics.quotaRefused('rest');
    if (decision.status === 401) {
      reply.header('WWW-Authenticate', 'Bearer realm="tcg-catalog"');
      await throttle.keyRefused(request);
    }
    await sendError(reply, decision.status, decision.code, decision.message);
  };
}
