/**
 * Whether a request is to pokemontcg.io's API at /v2, which reads a key from `X-Api-Key` too and
 * words every error as pokemontcg.io did, whatever refuses the request (the key check, the schema,
 * the router).
 */
export function isPtcgPath(url: string): boolean {
  return url === '/v2' || url.startsWith('/v2/') || url.startsWith('/v2?');
}
