import { createHash } from 'node:crypto';

/**
 * What an import compares to find what changed: a SHA-256 of the text, base64url. Two texts with
 * the same hash are taken to be the same text.
 */
export function contentHash(text: string): string {
  return createHash('sha256').update(text).digest('base64url');
}
