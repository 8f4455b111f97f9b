import { hash, randomBytes } from 'node:crypto';

/**
 * An API key is the service prefix and 32 base64url characters (192 random bits). Only its
 * SHA-256 hash is stored and looked up: a lookup by hash gives an attacker nothing to learn from
 * timing, since no chosen input lets them steer the hash it is compared with.
 */
export const KEY_PREFIX = 'tcgk_';
const RANDOM_BYTES = 24;
const KEY_PATTERN = /^tcgk_[A-Za-z0-9_-]{32}$/;
/** Characters of a key kept in the clear to name it in the operator CLI (48 of its 192 bits). */
const DISPLAY_PREFIX_LENGTH = KEY_PREFIX.length + 8;

export function generateKey(): string {
  return KEY_PREFIX + randomBytes(RANDOM_BYTES).toString('base64url');
}

export function isWellFormedKey(text: string): boolean {
  return KEY_PATTERN.test(text);
}

/** An OAuth access token (accessTokens.ts): its prefix and a sealed grant in base64url. */
const TOKEN_PATTERN = /^tcgo_[A-Za-z0-9_-]{40,1000}$/;

export function isWellFormedToken(text: string): boolean {
  return TOKEN_PATTERN.test(text);
}

/** SHA-256 in hex, one-shot (crypto.hash): no Hash object is made for each keyed request. */
export function hashKey(key: string): string {
  return hash('sha256', key, 'hex');
}

/** The start of a key that identifies it to an operator, e.g. `tcgk_Ab3dE-9x`. */
export function displayPrefix(key: string): string {
  return key.slice(0, DISPLAY_PREFIX_LENGTH);
}

/**
 * The key (or OAuth access token, which stands for one) from an `Authorization` header value:
 * `Bearer <key>`, the scheme name in any case. 'missing' without a header, 'malformed' for any other shape.
 */
/** The key in an `X-Api-Key` header (how pokemontcg.io's SDKs send one): the value itself, not `Bearer <key>`. */
export function keyFromApiKeyHeader(header: string): { key: string } | 'missing' | 'malformed' {
  const value = header.trim();
  if (value === '') return 'missing';
  return isWellFormedKey(value) || isWellFormedToken(value) ? { key: value } : 'malformed';
}

export function keyFromAuthorization(header: string | undefined): { key: string } | 'missing' | 'malformed' {
  if (header === undefined || header.trim() === '') return 'missing';
  const match = /^bearer +(\S+) *$/i.exec(header.trim());
  if (!match || !(isWellFormedKey(match[1]!) || isWellFormedToken(match[1]!))) return 'malformed';
  return { key: match[1]! };
}
