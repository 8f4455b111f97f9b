import type { FastifyReply } from 'fastify';
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The home page's policy: its own scripts, styles and calls only (no inline script, no eval, no
 * other host), data: images for the reference's icons, and no framing.
 */
export const PAGE_DIRECTIVES = {
  defaultSrc: ["'none'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'"],
  imgSrc: ["'self'", 'data:'],
  fontSrc: ["'self'"],
  connectSrc: ["'self'"],
  formAction: ["'self'"],
  baseUri: ["'none'"],
  objectSrc: ["'none'"],
  frameAncestors: ["'none'"],
};

/** Every header helmet would set by default, turned off: each use below turns on only what it names. */
const NOTHING_UNLESS_NAMED: HelmetOptions = {
  contentSecurityPolicy: false, xContentTypeOptions: false, referrerPolicy: false, xFrameOptions: false,
  crossOriginResourcePolicy: false, crossOriginOpenerPolicy: false, originAgentCluster: false, strictTransportSecurity: false,
  xDnsPrefetchControl: false, xDownloadOptions: false, xPermittedCrossDomainPolicies: false, xXssProtection: false,
};

/**
 * Helmet's headers for every answer: the three that mean something for an API answer, as each
 * header costs every request. A JSON answer renders nothing, so its policy lets nothing load and,
 * with frame-ancestors, nothing frame it. Left out: X-Frame-Options (frame-ancestors supersedes it in
 * every browser that knows CSP; the home page, the one thing worth framing, still sends it),
 * Cross-Origin-Resource-Policy (the API is public, and cross-origin, what it would say, is what its
 * absence means), the headers for documents or for browsers long gone, and HSTS (the TLS
 * terminator's to send).
 */
const everyAnswer = helmet({
  ...NOTHING_UNLESS_NAMED,
  contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
  xContentTypeOptions: true,
  referrerPolicy: { policy: 'no-referrer' },
});

/** The home page's own: its policy, and no framing for browsers older than frame-ancestors. */
const pageHeaders = helmet({
  ...NOTHING_UNLESS_NAMED,
  contentSecurityPolicy: { useDefaults: false, directives: PAGE_DIRECTIVES },
  xFrameOptions: { action: 'deny' },
});

const ignore = () => undefined;

/** The headers a helmet middleware sets, read once: none of them depends on the request. */
function headersOf(middleware: (req: IncomingMessage, res: ServerResponse, next: () => void) => void): ReadonlyArray<readonly [string, string]> {
  const headers: Array<[string, string]> = [];
  // In lower case, as Fastify keeps them (it lowercases any other name on every request).
  const recorder = { setHeader: (name: string, value: string) => headers.push([name.toLowerCase(), value]), removeHeader: ignore };
  middleware({} as IncomingMessage, recorder as unknown as ServerResponse, ignore);
  return headers;
}

/** Every answer's security headers, as [lower-case name, value]: also written by hand where no reply exists (clientErrors.ts). */
export const EVERY_ANSWER_HEADERS = headersOf(everyAnswer);
const PAGE_HEADERS = headersOf(pageHeaders);

/**
 * Sets the security headers among the reply's own (so Node writes them with the rest in one pass;
 * the MCP endpoint copies them onto the raw response when it hijacks its reply).
 */
export function setSecurityHeaders(reply: FastifyReply): void {
  for (const header of EVERY_ANSWER_HEADERS) reply.header(header[0], header[1]);
}

/** Replaces the Content-Security-Policy with the home page's, and forbids framing it to older browsers too. */
export function setPagePolicy(reply: FastifyReply): void {
  for (const [name, value] of PAGE_HEADERS) reply.header(name, value);
}
