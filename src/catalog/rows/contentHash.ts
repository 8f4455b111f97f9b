import { hash } from 'node:crypto';

/**
 * What an import compares to find what changed: a SHA-256 of the text, base64url. Two texts with
 * the same hash are taken to be the same text. One-shot (crypto.hash): an import hashes two short
 * texts per card, where a Hash object per text costs more than the digest.
 */
export function contentHash(text: string): string {
  return hash('sha256', text, 'base64url');
}
