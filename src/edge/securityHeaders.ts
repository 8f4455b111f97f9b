import type { FastifyReply } from 'fastify';

/** A Content-Security-Policy from its directives, as browsers read it. */
function policy(directives: Record<string, readonly string[]>): string {
  return Object.entries(directives).map(([name, sources]) => `${name} ${sources.join(' ')}`).join(';');
}

/**
 * Every answer's security headers, the three that mean something for an API answer: a JSON answer
 * renders nothing, so its policy lets nothing load and, with frame-ancestors, nothing frame it; no
 * MIME sniffing; no referrer. Left out: X-Frame-Options (frame-ancestors supersedes it in every
 * browser that knows CSP; the pages, the things worth framing, still send it),
 * Cross-Origin-Resource-Policy (the API is public, and cross-origin, what it would say, is what its
 * absence means), the headers for browsers long gone, and HSTS (the TLS terminator's to send).
 * Constants, as none depends on the request. Lower-case names, as Fastify sends them.
 */
export const EVERY_ANSWER_HEADERS: ReadonlyArray<readonly [string, string]> = [
  ['content-security-policy', policy({ 'default-src': ["'none'"], 'frame-ancestors': ["'none'"] })],
  ['referrer-policy', 'no-referrer'],
  ['x-content-type-options', 'nosniff'],
];

/**
 * The pages' policy: their own scripts, styles and calls only (no inline script, no eval, no other
 * host), data: images for the reference's icons, and no framing, for older browsers too.
 */
const PAGE_HEADERS: ReadonlyArray<readonly [string, string]> = [
  ['content-security-policy', policy({
    'default-src': ["'none'"], 'script-src': ["'self'"], 'style-src': ["'self'"], 'img-src': ["'self'", 'data:'],
    'font-src': ["'self'"], 'connect-src': ["'self'"], 'form-action': ["'self'"], 'base-uri': ["'none'"],
    'object-src': ["'none'"], 'frame-ancestors': ["'none'"],
  })],
  ['x-frame-options', 'DENY'],
];

/** Where the catalog's images are: the TCGdex CDN (every image, logo and symbol URL of the source). */
export const CATALOG_IMAGE_ORIGIN = 'https://assets.tcgdex.net';

/** The catalog's pages (src/pages/): the pages' policy, and the card images of the CDN. */
const CATALOG_PAGE_HEADERS: ReadonlyArray<readonly [string, string]> = PAGE_HEADERS.map(([name, value]) =>
  [name, name === 'content-security-policy' ? value.replace("img-src 'self' data:", `img-src 'self' data: ${CATALOG_IMAGE_ORIGIN}`) : value]);

export function setSecurityHeaders(reply: FastifyReply): void {
  for (const [name, value] of EVERY_ANSWER_HEADERS) reply.header(name, value);
}

/** Replaces the Content-Security-Policy with the pages' own, and forbids framing them to older browsers too. */
export function setPagePolicy(reply: FastifyReply): void {
  for (const [name, value] of PAGE_HEADERS) reply.header(name, value);
}

/** The pages' policy with the CDN's images allowed. */
export function setCatalogPagePolicy(reply: FastifyReply): void {
  for (const [name, value] of CATALOG_PAGE_HEADERS) reply.header(name, value);
}
