import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AccessControl } from '../access/accessControl.js';
import { showAllowance } from '../edge/rateLimitHeaders.js';
import { ErrorBody } from '../schemas/common.js';
import { CreatedKeyBody, KeyRequestBody } from '../schemas/keys.js';
import { sendError } from './errors.js';
import { acceptJsonOnly } from './jsonBody.js';
import { trimEmail } from '../edge/keyRequest.js';
import { keyCreationOutcome, type ServiceMetrics } from '../metrics/serviceMetrics.js';

export { NOT_JSON } from './jsonBody.js';

export const keyRoutes: FastifyPluginAsyncTypebox<{ access: AccessControl; metrics: ServiceMetrics }> = async (app, { access, metrics }) => {
  // Only JSON is read here: any other content type is a 400, as a body that is not JSON is.
  acceptJsonOnly(app, 'the request body is larger than 16 KiB');

  // Every answer here, a malformed or oversized body included, describes the address's daily key allowance.
  app.addHook('onRequest', async (request, reply) => {
    showAllowance(reply, await access.keyCreationAllowance(request.ip));
  });
  app.addHook('preValidation', async (request) => trimEmail(request.body));
  // Told by the status, so a body refused before the handler (400, 413, 415) counts as invalid too.
  app.addHook('onResponse', (_request, reply, done) => {
    const outcome = keyCreationOutcome(reply.statusCode);
    if (outcome) metrics.keyCreation('rest', outcome);
    done();
  });

  app.post('/v1/keys', {
    // Its answers show the address's daily key allowance, which the hook above reads.
    config: { allowance: 'own' },
    schema: {
      operationId: 'createKey',
      summary: 'Create a free API key',
      description: 'Returns a new key with 1,000 requests per calendar month (UTC), shown only this once. ' +
        'One active free key per email; at most 3 new keys per client address per UTC day. ' +
        'The rate-limit headers of this operation describe that daily allowance.',
      tags: ['keys'],
      security: [],
      body: KeyRequestBody,
      response: {
        201: { ...CreatedKeyBody, description: 'The new key; store it now, it is not shown again.' },
        400: { ...ErrorBody, description: 'The body is not a JSON object, or email is missing or invalid.' },
        409: { ...ErrorBody, description: 'That email already has an active free key.' },
        413: { ...ErrorBody, description: 'The body is larger than 16 KiB.' },
        429: { ...ErrorBody, description: 'This address has created 3 keys today, or sent too many requests without a valid key this minute; see Retry-After.' },
      },
    },
  }, async (request, reply) => {
    const result = await access.createKey(request.body, request.ip);
    if (!result.ok) {
      showAllowance(reply, result.allowance, result.retryAfterSeconds);
      return sendError(reply, result.status, result.code, result.message);
    }
    showAllowance(reply, result.allowance);
    return reply.code(201).send(result.created);
  });
};
