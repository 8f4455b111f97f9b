import { ErrorBody } from './common.js';

/** The name of the bearer security scheme in the OpenAPI document. */
export const BEARER_SCHEME = 'bearerAuth';

/** What every keyed operation adds to its schema: the bearer scheme and its refusals. */
export const keyed = {
  security: [{ [BEARER_SCHEME]: [] }],
  responses: {
    401: { ...ErrorBody, description: 'The API key is missing, malformed, unknown or revoked.' },
    429: { ...ErrorBody, description: 'The key has used its monthly requests; the quota resets at 00:00 UTC on the 1st (see Retry-After).' },
  },
};

/** The name of the X-Api-Key security scheme: how pokemontcg.io's SDKs send a key (/v2 only). */
export const API_KEY_HEADER_SCHEME = 'apiKeyHeader';
