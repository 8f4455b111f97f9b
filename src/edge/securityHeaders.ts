import { createRequire } from 'node:module';
import type { IncomingMessage } from 'node:http';
import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance, FastifyReply } from 'fastify';

/** helmet's options, as @fastify/helmet takes them (registered, in a route's `helmet` option, or to `reply.helmet`). */
type SecurityOptions = NonNullable<Parameters<FastifyReply['helmet']>[0]>;
interface HeaderTarget { setHeader(name: string, value: string): unknown; removeHeader(name: string): void }
type HelmetMiddleware = (request: IncomingMessage | undefined, response: HeaderTarget, next: (error?: Error) => void) => void;
/** helmet's CommonJS build, the one @fastify/helmet runs (its types are the ones @fastify/helmet's options use). */
const helmet = createRequire(import.meta.url)('helmet') as (options: SecurityOptions) => HelmetMiddleware;
type Directives = Record<string, string[]>;

/**
 * Every answer's security headers, as @fastify/helmet sends them (registered in app.ts), the three
 * that mean something for an API answer: a JSON answer renders nothing, so its policy lets nothing
 * load and, with frame-ancestors, nothing frame it; no MIME sniffing; no referrer. Turned off:
 * X-Frame-Options (frame-ancestors supersedes it in every browser that knows CSP; the pages, the
 * things worth framing, still send it), Cross-Origin-Resource-Policy (the API is public, and
 * cross-origin, what it would say, is what its absence means), the headers for browsers long gone,
 * and HSTS (the TLS terminator's to send).
 */
export const API_SECURITY: SecurityOptions = {
  contentSecurityPolicy: { useDefaults: false, directives: { 'default-src': ["'none'"], 'frame-ancestors': ["'none'"] } },
  referrerPolicy: { policy: 'no-referrer' },
  crossOriginEmbedderPolicy: false,
  crossOriginOpenerPolicy: false,
  crossOriginResourcePolicy: false,
  originAgentCluster: false,
  strictTransportSecurity: false,
  xDnsPrefetchControl: false,
  xDownloadOptions: false,
  xFrameOptions: false,
  xPermittedCrossDomainPolicies: false,
  xPoweredBy: false,
  xXssProtection: false,
};

/** Where the catalog's images are: the TCGdex CDN (every image, logo and symbol URL of the source). */
export const CATALOG_IMAGE_ORIGIN = 'https://assets.tcgdex.net';

/**
 * The pages' policy: their own scripts, styles and calls only (no inline script, no eval, no other
 * host), data: images for the reference's icons, and no framing, for older browsers too.
 */
const PAGE_DIRECTIVES: Directives = {
  'default-src': ["'none'"], 'script-src': ["'self'"], 'style-src': ["'self'"], 'img-src': ["'self'", 'data:'],
  'font-src': ["'self'"], 'connect-src': ["'self'"], 'form-action': ["'self'"], 'base-uri': ["'none'"],
  'object-src': ["'none'"], 'frame-ancestors': ["'none'"],
};

function pagePolicy(directives: Directives): SecurityOptions {
  return { contentSecurityPolicy: { useDefaults: false, directives }, xFrameOptions: { action: 'deny' } };
}

/** The home page and Swagger UI's files: a route's `helmet` option, or `reply.helmet()` where only some answers are pages. */
export const PAGE_SECURITY = pagePolicy(PAGE_DIRECTIVES);

/** The catalog's pages (src/pages/): the pages' policy, and the card images of the CDN. */
export const CATALOG_PAGE_SECURITY = pagePolicy({ ...PAGE_DIRECTIVES, 'img-src': ["'self'", 'data:', CATALOG_IMAGE_ORIGIN] });

/**
 * OAuth's sign-in page: no script at all, and its forms may send the browser to our own paths and,
 * once the client's redirect URI is known (`formAction`), on to it only.
 */
export function signInPageSecurity(formAction: readonly string[] = []): SecurityOptions {
  return pagePolicy({
    'default-src': ["'none'"], 'style-src': ["'self'"], 'img-src': ["'self'", 'data:'], 'form-action': ["'self'", ...formAction],
    'base-uri': ["'none'"], 'frame-ancestors': ["'none'"],
  });
}

/** API_SECURITY as helmet's middleware, made once (@fastify/helmet's global hook makes it again for every request). */
const apiSecurity = helmet(API_SECURITY);

/**
 * API_SECURITY's headers as helmet writes them, for the answers no hook sees (the router's
 * refusals, what node:http refuses): helmet run once on a response that only records.
 */
export const API_SECURITY_HEADERS: ReadonlyArray<readonly [string, string]> = (() => {
  const headers: Array<[string, string]> = [];
  apiSecurity(undefined, { setHeader: (name, value) => headers.push([name.toLowerCase(), value]), removeHeader: () => undefined }, () => undefined);
  return headers;
})();

/**
 * The security headers of every answer: API_SECURITY by helmet's middleware made once, in an
 * onRequest hook; then @fastify/helmet, registered for the routes that need another policy and say
 * so in their route option `helmet` (merged over API_SECURITY), and for `reply.helmet()` where only
 * some answers of a route are pages. Not @fastify/helmet's global hook: it makes helmet's middleware
 * again for every request, which the bench showed on every answer's time.
 */
export async function installSecurityHeaders(app: FastifyInstance): Promise<void> {
  // Before the plugin's hooks, so a route's own policy is written over this one.
  app.addHook('onRequest', (request, reply, done) => apiSecurity(request.raw, reply.raw, done));
  await app.register(fastifyHelmet, { ...API_SECURITY, global: false });
}
