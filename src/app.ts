import accepts from '@fastify/accepts';
import swagger from '@fastify/swagger';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyInstance, type FastifyServerOptions, type RouteOptions } from 'fastify';
import type { AccessControl } from './access/accessControl.js';
import { installRateLimitHeaders, showAllowance } from './edge/rateLimitHeaders.js';
import { installCors } from './edge/cors.js';
import { hooklessHeaders } from './edge/hooklessHeaders.js';
import { installRequestIds, requestIdOf } from './edge/requestId.js';
import { declareKeyPrefix, RequestLog } from './edge/requestLog.js';
import { declarePresentedKey } from './edge/presentedKey.js';
import { installSecurityHeaders } from './edge/securityHeaders.js';
import { schemaErrorFormatter, validatorCompiler } from './edge/validation.js';
import { clientErrorHandling } from './edge/clientErrors.js';
import { lazySerializers } from './edge/lazySerializers.js';
import { connectionOptions, DEFAULT_CONNECTION_LIMITS, type ConnectionLimits } from './edge/connectionLimits.js';
import { AnswerCache } from './catalog/answers/answerCache.js';
import { CatalogQueries } from './catalog/answers/catalogQueries.js';
import { DEFAULT_CATALOG_CACHE_MB, DEFAULT_UNKEYED_REQUESTS_PER_MINUTE, type Config } from './config.js';
import { UnkeyedThrottle } from './edge/unkeyedThrottle.js';
import { openApiOptions } from './openapi/document.js';
import { cardRoutes } from './routes/cards.js';
import { cardNameRoutes } from './routes/cardNames.js';
import { changeRoutes } from './routes/changes.js';
import { bulkRoutes } from './routes/bulk.js';
import type { BulkFiles } from './bulk/bulkFiles.js';
import { installErrorHandling, methodNotAllowed, routerRefusal, sendError } from './routes/errors.js';
import { healthRoutes } from './routes/health.js';
import { homeRoutes } from './routes/home.js';
import { isPageRoute, pageRoutes, sendPageError } from './routes/pages.js';
import { keyRoutes } from './routes/keys.js';
import { deckRoutes } from './routes/decks.js';
import { DeckChecker } from './decks/deckCheck.js';
import { mcpRoutes } from './mcp/endpoint.js';
import { oauthRoutes } from './routes/oauth.js';
import { oauthMetadataRoutes } from './routes/oauthMetadata.js';
import { openApiRoute } from './routes/openapi.js';
import { requireKey } from './routes/requireKey.js';
import { setRoutes } from './routes/sets.js';
import { PTCG_PATHS, ptcgRoutes } from './routes/ptcgV2.js';
import { PtcgQueries } from './catalog/ptcg/ptcgQueries.js';
import type { CatalogStore } from './catalog/catalogStore.js';
import { NO_METRICS, UNMATCHED_ROUTE, type ServiceMetrics } from './metrics/serviceMetrics.js';

export interface AppDeps {
  /** Without unkeyedRequestsPerMinute, the default limit applies (DEFAULT_UNKEYED_REQUESTS_PER_MINUTE). */
  config: Pick<Config, 'publicBaseUrl' | 'trustProxy'> & Partial<Pick<Config, 'unkeyedRequestsPerMinute' | 'mcpAllowedOrigins' | 'oauthClientMetadataPrivateAddresses'>>;
  store: CatalogStore;
  /**
   * The cache of the catalog's answers, which also tells their retrieved_at; without it, one of
   * DEFAULT_CATALOG_CACHE_MB, closed with the app.
   */
  answers?: AnswerCache;
  /** Keys and quotas, shared with the MCP endpoint. */
  access: AccessControl;
  /** The bulk files (started by the caller); without them /v1/bulk lists none. */
  bulk?: BulkFiles;
  /** The clock; tests inject one to cross month boundaries. */
  now?: () => Date;
  logger?: FastifyServerOptions['logger'];
  /** A log line per request (edge/requestLog.ts): off unless asked, as the line costs a share of the request. */
  logRequests?: boolean;
  /** How long the server waits on slow clients; DEFAULT_CONNECTION_LIMITS unless a test shortens them. */
  connectionLimits?: Partial<ConnectionLimits>;
  /** Where the edges report requests, refusals and failures; NO_METRICS (nothing) unless given. */
  metrics?: ServiceMetrics;
}

/** The keyed routes' answers show their key's allowance, which their key check decides (requireKey). */
function showsOwnAllowance(route: RouteOptions): void {
  route.config = { ...route.config, allowance: 'own' };
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const now = deps.now ?? (() => new Date());
  const metrics = deps.metrics ?? NO_METRICS;
  const clientErrors = clientErrorHandling({ now, metrics });
  const app = Fastify({
    logger: deps.logger ?? false,
    logController: new RequestLog(deps.logRequests ?? false),
    genReqId: requestIdOf,
    trustProxy: deps.config.trustProxy,
    // While stopping, a request that still arrives on an open connection is answered in full (with
    // Connection: close) rather than with Fastify's own 503 body, which is not our error shape.
    return503OnClosing: false,
    ...connectionOptions({ ...DEFAULT_CONNECTION_LIMITS, ...deps.connectionLimits }),
    clientErrorHandler: clientErrors.handler,
    routerOptions: { ignoreTrailingSlash: true },
    schemaController: { compilersFactory: lazySerializers },
    // What the router refuses before any hook runs gets the headers and the error shape of every other answer.
    frameworkErrors: (error, request, reply) => {
      for (const [name, value] of hooklessHeaders(request.id, now())) reply.header(name, value);
      const refusal = routerRefusal(error, request);
      return sendError(reply, refusal.status, refusal.code, refusal.message);
    },
  }).withTypeProvider<TypeBoxTypeProvider>();

  clientErrors.track(app.server);
  // The validator MCP tools use too: query strings coerced, JSON bodies as sent, one wording.
  app.setValidatorCompiler(validatorCompiler);
  app.setSchemaErrorFormatter(schemaErrorFormatter);
  installErrorHandling(app, metrics, now);
  declareKeyPrefix(app);
  declarePresentedKey(app);
  // Every answer's headers, each kind from one place, in hooks that run before any route's work:
  // its request id, its rate-limit headers, its security headers (helmet's, API_SECURITY unless a
  // route's `helmet` option says otherwise) and CORS's (@fastify/cors, which answers preflights).
  installRequestIds(app);
  installRateLimitHeaders(app, now);
  await installSecurityHeaders(app);
  if (metrics !== NO_METRICS) {
    app.addHook('onResponse', (request, reply, done) => {
      metrics.requestServed(request.method, request.routeOptions.url ?? UNMATCHED_ROUTE, reply.statusCode, reply.elapsedTime / 1000);
      done();
    });
  }
  // Before the throttle's hook: every answer, a preflight or a throttled one included, carries
  // these headers; a preflight is never throttled (check() passes OPTIONS).
  await installCors(app);
  await app.register(accepts);
  await app.register(swagger, openApiOptions(deps.config.publicBaseUrl));
  // Before every route's own work.
  const throttle = await UnkeyedThrottle.install(app, {
    perMinute: deps.config.unkeyedRequestsPerMinute ?? DEFAULT_UNKEYED_REQUESTS_PER_MINUTE,
    isValidKey: (presented) => deps.access.isValidKey(presented),
  });
  app.addHook('onRequest', (request, reply, done) => {
    const checking = throttle.check(request);
    if (checking === undefined) return done();
    checking.then((refused) => {
      if (!refused) return done();
      showAllowance(reply, refused.allowance, refused.retryAfterSeconds);
      // A person at a page reads the refusal as a page.
      if (isPageRoute(request.routeOptions.url)) return sendPageError(reply, 429, refused.message);
      return sendError(reply, 429, 'rate_limited', refused.message);
    }, done);
  });

  const answers = deps.answers ?? new AnswerCache(deps.store, { maxBytes: DEFAULT_CATALOG_CACHE_MB * 2 ** 20 });
  if (!deps.answers) app.addHook('onClose', async () => answers.close());
  const queries = new CatalogQueries(deps.store, answers);
  // The catalog's read routes need a key, checked and counted before anything else of the request.
  await app.register(async (keyed) => {
    keyed.addHook('onRoute', showsOwnAllowance);
    keyed.addHook('onRequest', requireKey(deps.access, throttle, metrics));
    await keyed.register(setRoutes, { queries });
    await keyed.register(cardRoutes, { queries });
    await keyed.register(cardNameRoutes, { queries });
    await keyed.register(changeRoutes, { queries });
    await keyed.register(bulkRoutes, { bulk: deps.bulk ?? null, answers, publicBaseUrl: deps.config.publicBaseUrl });
    await keyed.register(ptcgRoutes, { ptcg: new PtcgQueries(deps.store, answers) });
  });
  // The deck check counts a request only once its body proved valid: its key hook counts nothing.
  const decks = new DeckChecker(deps.store, answers, queries.sets);
  await app.register(async (keyed) => {
    keyed.addHook('onRoute', showsOwnAllowance);
    keyed.addHook('onRequest', requireKey(deps.access, throttle, metrics, false));
    await keyed.register(deckRoutes, { decks, access: deps.access, metrics });
  });
  await app.register(keyRoutes, { access: deps.access, metrics });
  await app.register(oauthMetadataRoutes, { publicBaseUrl: deps.config.publicBaseUrl });
  await app.register(oauthRoutes, { access: deps.access, metrics, publicBaseUrl: deps.config.publicBaseUrl, now,
    clientMetadataPrivateAddresses: deps.config.oauthClientMetadataPrivateAddresses ?? false });
  await app.register(healthRoutes, { store: deps.store, access: deps.access });
  await app.register(openApiRoute);
  await app.register(homeRoutes, { queries, publicBaseUrl: deps.config.publicBaseUrl });
  await app.register(pageRoutes, { queries, decks, metrics });
  // MCP checks keys per tool call, not per HTTP request: initialize and tools/list need none.
  await app.register(mcpRoutes, {
    queries, decks, access: deps.access, throttle, metrics,
    publicBaseUrl: deps.config.publicBaseUrl, allowedOrigins: deps.config.mcpAllowedOrigins ?? null,
  });
  for (const url of [...PTCG_PATHS, '/', '/docs', '/v1/sets', '/v1/cards', '/v1/cards/named', '/v1/cards/autocomplete', '/healthz', '/openapi.json']) methodNotAllowed(app, url, ['GET']);
  methodNotAllowed(app, '/v1/keys', ['POST']);
  methodNotAllowed(app, '/v1/decks/check', ['POST']);
  for (const url of ['/search', '/search/names', '/search/syntax', '/cards/:id', '/sets/:id']) methodNotAllowed(app, url, ['GET']);
  methodNotAllowed(app, '/decks', ['GET', 'POST']);
  return app;
}
