import accepts from '@fastify/accepts';
import fastifyStatic from '@fastify/static';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { CatalogQueries } from '../catalog/answers/catalogQueries.js';
import type { CatalogSummary } from '../catalog/catalogShapes.js';
import { failureOf, logFailure } from '../edge/failures.js';
import { PAGE_SECURITY, showPagePolicy } from '../edge/securityHeaders.js';
import { ASSETS_PATH, REFERENCE_PATH, renderHomePage } from '../home/homePage.js';

/** The page's own script, style and icon: public/ at the project's root (from dist/src/routes/ or src/routes/). */
const PUBLIC_DIR = [new URL('../../../public/', import.meta.url), new URL('../../public/', import.meta.url)]
  .map((url) => fileURLToPath(url)).find((dir) => existsSync(`${dir}home.js`));

export interface HomeRouteOptions {
  queries: Pick<CatalogQueries, 'summary'>;
  publicBaseUrl: string;
}

/** What `GET /` tells a client that did not ask for HTML: where everything is. */
export function homeIndex(publicBaseUrl: string) {
  return {
    name: 'Pokémon TCG Catalog API',
    description: 'Every Pokémon TCG set and card in 16 languages as JSON, over REST and MCP. ' +
      'A free key (POST /v1/keys) allows 1,000 requests per calendar month.',
    links: {
      docs: `${publicBaseUrl}/docs`,
      openapi: `${publicBaseUrl}/openapi.json`,
      sets: `${publicBaseUrl}/v1/sets`,
      cards: `${publicBaseUrl}/v1/cards`,
      keys: `${publicBaseUrl}/v1/keys`,
      mcp: `${publicBaseUrl}/mcp`,
      health: `${publicBaseUrl}/healthz`,
      search: `${publicBaseUrl}/search`,
      decks: `${publicBaseUrl}/decks`,
    },
    data_licence: 'Card data from TCGdex (https://github.com/tcgdex/cards-database), MIT licence.',
  };
}

/**
 * `GET /` and `GET /docs`: the home page for browsers (HTML preferred in Accept), the JSON index for
 * everyone else; the page's assets and the reference's (Swagger UI, served from node_modules).
 */
export async function homeRoutes(app: FastifyInstance, { queries, publicBaseUrl }: HomeRouteOptions): Promise<void> {
  if (!PUBLIC_DIR) throw new Error('the home page\'s files (public/home.js) are missing beside the build');
  await app.register(accepts);
  const index = JSON.stringify(homeIndex(publicBaseUrl));

  const home = async (request: FastifyRequest, reply: FastifyReply) => {
    reply.header('Vary', 'Accept').header('Cache-Control', 'no-cache');
    if (request.accepts().type(['json', 'html']) !== 'html') {
      return reply.type('application/json; charset=utf-8').send(index);
    }
    // Only the HTML answer is a page: helmet's headers again, with the pages' policy.
    showPagePolicy(reply, PAGE_SECURITY);
    const summary = await readSummary(queries, request);
    return reply.type('text/html; charset=utf-8').send(renderHomePage({ publicBaseUrl, summary }));
  };
  for (const url of ['/', '/docs']) app.get(url, { schema: { hide: true } }, home);

  await app.register(fastifyStatic, {
    root: PUBLIC_DIR, prefix: `${ASSETS_PATH}/`, decorateReply: false, index: false, cacheControl: true, maxAge: 0,
  });
  // Swagger UI's files. One reference page: the plugin's own (whose standalone layout applies inline
  // styles the page's policy refuses) sends browsers to /docs; its other routes keep the page's policy.
  await app.register(swaggerUi, {
    routePrefix: REFERENCE_PATH,
    uiConfig: { validatorUrl: null },
    uiHooks: {
      onRequest: async (request, reply) => {
        if (request.routeOptions.url?.replace(/\/$/, '') === REFERENCE_PATH) return reply.redirect('/docs');
        showPagePolicy(reply, PAGE_SECURITY);
      },
    },
  });
}

/** The page without figures while the store does not answer: the reference and the sign-up still work. */
async function readSummary(queries: Pick<CatalogQueries, 'summary'>, request: FastifyRequest): Promise<CatalogSummary | null> {
  try {
    return await queries.summary();
  } catch (error) {
    const failure = failureOf(error);
    if (failure.kind !== 'unavailable') throw error;
    logFailure(request.log, failure, error, 'home page without the catalog\'s figures');
    return null;
  }
}
