import cors from '@fastify/cors';
import swagger from '@fastify/swagger';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { AccessControl } from './access/accessControl.js';
import { RATE_LIMIT_HEADERS, setRateLimitHeaders } from './edge/rateLimitHeaders.js';
import { REQUEST_ID_HEADER, requestIdOf } from './edge/requestId.js';
import { RequestLog } from './edge/requestLog.js';
import { schemaErrorFormatter, validatorCompiler } from './edge/validation.js';
import { unkeyedAllowance } from './access/monthlyQuota.js';
import { CatalogQueries } from './catalog/catalogQueries.js';
import type { Config } from './config.js';
import { openApiOptions } from './openapi/document.js';
import { cardRoutes } from './routes/cards.js';
import { installErrorHandling, methodNotAllowed } from './routes/errors.js';
import { healthRoutes } from './routes/health.js';
import { keyRoutes } from './routes/keys.js';
import { mcpRoutes } from './mcp/endpoint.js';
import { openApiRoute } from './routes/openapi.js';
import { requireKey } from './routes/requireKey.js';
import { setRoutes } from './routes/sets.js';
import type { CatalogStore } from './catalog/catalogStore.js';
import { NO_METRICS, UNMATCHED_ROUTE, type ServiceMetrics } from './metrics/serviceMetrics.js';

export interface AppDeps {
  config: Pick<Config, 'publicBaseUrl' | 'trustProxy'>;
  store: CatalogStore;
  /** Keys and quotas, shared with the MCP endpoint. */
  access: AccessControl;
  /** The clock; tests inject one to cross month boundaries. */
  now?: () => Date;
  logger?: FastifyServerOptions['logger'];
  /** A log line per request (edge/requestLog.ts): off unless asked, as the line costs a share of the request. */
  logRequests?: boolean;
  /** Where the edges report requests, refusals and failures; NO_METRICS (nothing) unless given. */
  metrics?: ServiceMetrics;
}

export const MCP_HEADERS = ['Mcp-Session-Id', 'Mcp-Protocol-Version', 'Last-Event-ID'];

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const now = deps.now ?? (() => new Date());
  const metrics = deps.metrics ?? NO_METRICS;
  const app = Fastify({
    logger: deps.logger ?? false,
    logController: new RequestLog(deps.logRequests ?? false),
    genReqId: requestIdOf,
    trustProxy: deps.config.trustProxy,
    // While stopping, a request that still arrives on an open connection is answered in full (with
    // Connection: close) rather than with Fastify's own 503 body, which is not our error shape.
    return503OnClosing: false,
    bodyLimit: 16 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<TypeBoxTypeProvider>();

  // The validator MCP tools use too: query strings coerced, JSON bodies as sent, one wording.
  app.setValidatorCompiler(validatorCompiler);
  app.setSchemaErrorFormatter(schemaErrorFormatter);
  installErrorHandling(app, metrics);
  // Every response carries its request id and rate-limit headers, CORS preflights included (so this
  // hook runs before the CORS plugin's, which answers them); keyed routes replace the rate-limit
  // headers with the key's month.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    setRateLimitHeaders(reply, unkeyedAllowance(now()));
    done();
  });
  if (metrics !== NO_METRICS) {
    app.addHook('onResponse', (request, reply, done) => {
      metrics.requestServed(request.method, request.routeOptions.url ?? UNMATCHED_ROUTE, reply.statusCode, reply.elapsedTime / 1000);
      done();
    });
  }
  await app.register(cors, {
    origin: '*',
    methods: ['GET', 'POST', 'DELETE', 'OPTIONS'],
    // If-None-Match for a script that revalidates by itself (a browser's own cache needs no preflight).
    allowedHeaders: ['Authorization', 'Content-Type', 'If-None-Match', ...MCP_HEADERS],
    exposedHeaders: [...RATE_LIMIT_HEADERS, ...MCP_HEADERS, 'ETag', REQUEST_ID_HEADER],
    maxAge: 86400,
    strictPreflight: false,
  });
  await app.register(swagger, openApiOptions(deps.config.publicBaseUrl));

  const queries = new CatalogQueries(deps.store, now);
  // The catalog's read routes need a key, checked and counted before anything else of the request.
  await app.register(async (keyed) => {
    keyed.addHook('onRequest', requireKey(deps.access, metrics));
    await keyed.register(setRoutes, { queries });
    await keyed.register(cardRoutes, { queries });
  });
  await app.register(keyRoutes, { access: deps.access, metrics });
  await app.register(healthRoutes, { store: deps.store, access: deps.access });
  await app.register(openApiRoute);
  // MCP checks keys per tool call, not per HTTP request: initialize and tools/list need none.
  await app.register(mcpRoutes, { queries, access: deps.access, metrics });
  for (const url of ['/v1/sets', '/v1/cards', '/healthz', '/openapi.json']) methodNotAllowed(app, url, ['GET']);
  methodNotAllowed(app, '/v1/keys', ['POST']);
  return app;
}
