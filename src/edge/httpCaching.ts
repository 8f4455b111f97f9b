import { hash } from 'node:crypto';

/**
 * HTTP validators and freshness for the catalog's 200 answers (REST only: MCP answers are POSTs and
 * carry none of this).
 */

/**
 * Private: the answer carries the key's rate-limit headers, so a shared cache must not hand it to
 * another key. Five minutes: the catalog changes only on an import (hours or days apart), so a
 * client may reuse an answer without asking for that long, and an import is seen at most five
 * minutes late. After that the client revalidates with If-None-Match, a 304 without a body, which
 * still counts against its quota like any request.
 */
export const CATALOG_MAX_AGE_SECONDS = 300;
export const CATALOG_CACHE_CONTROL = `private, max-age=${CATALOG_MAX_AGE_SECONDS}`;
/** Errors are never stored: the next request may well succeed. */
export const ERROR_CACHE_CONTROL = 'no-store';
/** The answer differs per key (its rate-limit headers) and per content coding. */
export const CATALOG_VARY = ['Authorization', 'Accept-Encoding'];

/**
 * The entity tag of a catalog answer, without quotes or content coding: a hash of its whole body, or
 * of what the body is a function of (Answer.tagSource: the request and the catalog's retrieval), so
 * the same request against the same catalog retrieval gets the same tag (retrieved_at is the
 * catalog's, the same in every answer of it), and an import changes it. 27 base64url characters (162
 * bits) of SHA-256.
 */
export function contentTag(source: Buffer | string): string {
  return hash('sha256', source, 'base64url').slice(0, 27);
}

/**
 * The strong ETag of one representation. A gzip or brotli body is another representation than the
 * identity one, so its strong tag differs (`"<tag>-br"`); revalidation compares the tag part only.
 */
export function entityTag(tag: string, encoding: string): string {
  return encoding === 'identity' ? `"${tag}"` : `"${tag}-${encoding}"`;
}

const CODING_SUFFIX = /-(br|gzip)$/;

/**
 * Whether If-None-Match names the answer whose tag is `tag`: a list of entity tags compared weakly
 * (RFC 9110 §13.1.2: `W/` ignored), whatever content coding each was sent with, or `*`.
 */
export function ifNoneMatchMatches(header: string | undefined, tag: string): boolean {
  if (header === undefined) return false;
  for (const raw of header.split(',')) {
    const candidate = raw.trim();
    if (candidate === '*') return true;
    const opaque = candidate.replace(/^W\//, '');
    if (opaque.length < 2 || !opaque.startsWith('"') || !opaque.endsWith('"')) continue;
    if (opaque.slice(1, -1).replace(CODING_SUFFIX, '') === tag) return true;
  }
  return false;
}
