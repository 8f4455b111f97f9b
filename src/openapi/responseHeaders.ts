type JsonNode = Record<string, unknown>;

const integerHeader = (description: string) => ({ description, required: true, schema: { type: 'integer', minimum: 0 } });

/** The rate-limit headers every response carries, as OpenAPI components. */
export const RATE_LIMIT_HEADER_COMPONENTS = {
  'X-RateLimit-Limit': integerHeader(
    'Requests allowed in the window: the key\'s month (2147483647 for an unlimited key); on createKey, the caller ' +
    'address\'s 3 new keys a day; without a valid key, the free tier\'s 1000.'),
  'X-RateLimit-Used': integerHeader('Requests counted in the window, this one included when it was counted.'),
  'X-RateLimit-Remaining': integerHeader('Requests left in the window.'),
  'X-RateLimit-Reset': integerHeader(
    'When the window resets, in Unix seconds: 00:00 UTC on the 1st of next month, or on createKey the next 00:00 UTC.'),
  'Retry-After': { ...integerHeader('Seconds until the window resets (on 429 only).'), required: false },
};

/** The request id every response carries (edge/requestId.ts). */
export const REQUEST_ID_HEADER_COMPONENTS = {
  'X-Request-Id': {
    description: 'The request\'s id: the X-Request-Id the request came with when that is 1 to 128 characters of ' +
      'A-Z a-z 0-9 . _ : -, otherwise a new UUID. Every log line of the request carries it: quote it when reporting a problem.',
    required: true, schema: { type: 'string', minLength: 1, maxLength: 128 },
  },
};

/** The headers of a catalog read's 200 and 304 (the operations that answer 304). */
export const CACHING_HEADER_COMPONENTS = {
  ETag: {
    description: 'A strong tag of the answer\'s body (the same body, the same tag, until the catalog is retrieved again), ' +
      'suffixed -gzip or -br for a compressed body; ' +
      'send it back in If-None-Match to get a 304.',
    required: true, schema: { type: 'string' },
  },
  'Cache-Control': { description: 'private, max-age=300.', required: true, schema: { type: 'string' } },
  Vary: { description: 'Authorization, Accept-Encoding.', required: true, schema: { type: 'string' } },
};

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];
const ref = (name: string) => ({ $ref: `#/components/headers/${name}` });

/**
 * Adds the request id and the rate-limit headers to every response of every operation, Retry-After
 * to every 429, and ETag, Cache-Control and Vary to the 200 and 304 of an operation that answers 304.
 */
export function documentResponseHeaders<T>(document: T): T {
  const doc = document as JsonNode;
  const components = (doc.components ??= {}) as JsonNode;
  components.headers = {
    ...(components.headers as JsonNode | undefined), ...REQUEST_ID_HEADER_COMPONENTS, ...RATE_LIMIT_HEADER_COMPONENTS, ...CACHING_HEADER_COMPONENTS,
  };
  for (const pathItem of Object.values((doc.paths ?? {}) as Record<string, JsonNode>)) {
    for (const method of HTTP_METHODS) {
      const operation = pathItem[method] as JsonNode | undefined;
      const responses = (operation?.responses ?? {}) as Record<string, JsonNode>;
      const revalidated = '304' in responses;
      for (const [status, response] of Object.entries(responses)) {
        const names = [...Object.keys(REQUEST_ID_HEADER_COMPONENTS),
          ...Object.keys(RATE_LIMIT_HEADER_COMPONENTS).filter((name) => name !== 'Retry-After' || status === '429')];
        if (revalidated && (status === '200' || status === '304')) names.push(...Object.keys(CACHING_HEADER_COMPONENTS));
        response.headers = { ...(response.headers as JsonNode | undefined), ...Object.fromEntries(names.map((n) => [n, ref(n)])) };
      }
    }
  }
  return document;
}
