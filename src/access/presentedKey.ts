import { TOKEN_PREFIX } from './accessTokens.js';
import { displayPrefix, hashKey, keyFromApiKeyHeader, keyFromAuthorization } from './keyFormat.js';

/**
 * What a request's `Authorization` header presents, read once per request (the edges keep it with
 * the request): nothing, something that is not `Bearer <key>`, a key with its hash and the prefix
 * an operator names it by, or an OAuth access token, whose key's hash is sealed inside it.
 */
export type PresentedKey =
  | { kind: 'missing' }
  | { kind: 'malformed' }
  | { kind: 'key'; key: string; keyHash: string; prefix: string }
  | { kind: 'token'; token: string; prefix: typeof TOKEN_PREFIX };

const MISSING: PresentedKey = Object.freeze({ kind: 'missing' });
const MALFORMED: PresentedKey = Object.freeze({ kind: 'malformed' });

/**
 * The header read and, for a key, hashed: the one place a request's key is parsed and hashed.
 * `apiKeyHeader` is `X-Api-Key` where it is read (pokemontcg.io's API at /v2); when sent, it is the key.
 */
export function readPresentedKey(authorization: string | undefined, apiKeyHeader?: string): PresentedKey {
  const parsed = apiKeyHeader !== undefined && apiKeyHeader.trim() !== '' ? keyFromApiKeyHeader(apiKeyHeader) : keyFromAuthorization(authorization);
  if (parsed === 'missing') return MISSING;
  if (parsed === 'malformed') return MALFORMED;
  // An access token is named by its prefix alone: a slice of it names nothing an operator can look up.
  if (parsed.key.startsWith(TOKEN_PREFIX)) return { kind: 'token', token: parsed.key, prefix: TOKEN_PREFIX };
  return { kind: 'key', key: parsed.key, keyHash: hashKey(parsed.key), prefix: displayPrefix(parsed.key) };
}
