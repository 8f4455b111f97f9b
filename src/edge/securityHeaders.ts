import type { FastifyReply } from 'fastify';
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { contentSecurityPolicy } from 'helmet';

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

/**
 * Helmet's headers for every answer. A JSON answer renders nothing, so its policy lets nothing
 * load and nothing frame it; Cross-Origin-Resource-Policy is cross-origin because the API is
 * public (CORS answers any origin), where helmet's same-origin would refuse embedders. Only the
 * five that mean something for an API answer: each header costs every request (the rest are for
 * documents or for browsers long gone, and HSTS is the TLS terminator's to send).
 */
const everyAnswer = helmet({
  contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
  crossOriginResourcePolicy: { policy: 'cross-origin' },
  xFrameOptions: { action: 'deny' },
  referrerPolicy: { policy: 'no-referrer' },
  crossOriginOpenerPolicy: false,
  originAgentCluster: false,
  strictTransportSecurity: false,
  xDnsPrefetchControl: false,
  xDownloadOptions: false,
  xPermittedCrossDomainPolicies: false,
  xXssProtection: false,
});
const pagePolicy = contentSecurityPolicy({ useDefaults: false, directives: PAGE_DIRECTIVES });

const ignore = () => undefined;

/**
 * The headers helmet sets on every answer, read once: none of them depends on the request, so
 * each response only copies them (helmet's chain of five middlewares ran per request before).
 */
const EVERY_ANSWER_HEADERS: ReadonlyArray<readonly [string, string]> = (() => {
  const headers: Array<[string, string]> = [];
  const recorder = { setHeader: (name: string, value: string) => headers.push([name, value]), removeHeader: ignore };
  everyAnswer({} as IncomingMessage, recorder as unknown as ServerResponse, ignore);
  return headers;
})();

/**
 * Sets the security headers on the raw response, so they go out however the answer is written
 * (a hijacked MCP reply included).
 */
export function setSecurityHeaders(reply: FastifyReply): void {
  for (const [name, value] of EVERY_ANSWER_HEADERS) reply.raw.setHeader(name, value);
}

/** Replaces the Content-Security-Policy with the home page's. */
export function setPagePolicy(reply: FastifyReply): void {
  pagePolicy(reply.request.raw, reply.raw, ignore);
}
