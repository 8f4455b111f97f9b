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

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Where @fastify/helmet keeps a route's `helmet` option (its onRoute hook puts it there). */
    helmet?: unknown;
  }
}

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
 * The security headers of every answer: API_SECURITY's, as helmet made them, on the reply in an
 * onRequest hook; @fastify/helmet for the routes that need another policy and say so in their route
 * option `helmet` (merged over API_SECURITY; the plugin keeps it as the route's `config.helmet`),
 * and for `showPagePolicy` where only some answers of a route are pages. Not @fastify/helmet's
 * global hook on every answer: it makes helmet's middleware again for each request, and helmet
 * writes on the raw response, which sends Node's writeHead down its slow path for every other
 * header of the answer; the bench showed both on every answer's time.
 */
export async function installSecurityHeaders(app: FastifyInstance): Promise<void> {
  app.addHook('onRequest', (request, reply, done) => {
    if (request.routeOptions.config.helmet === undefined) {
      for (const [name, value] of API_SECURITY_HEADERS) reply.header(name, value);
    }
    done();
  });
  await app.register(fastifyHelmet, { ...API_SECURITY, global: false });
}

/** An answer that is a page, of a route whose other answers are not: helmet's headers with this policy in place of API_SECURITY's. */
export function showPagePolicy(reply: FastifyReply, policy: SecurityOptions): void {
  for (const [name] of API_SECURITY_HEADERS) reply.removeHeader(name);
  reply.helmet(policy);
}
