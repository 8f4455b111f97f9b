import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { AccessControl } from '../access/accessControl.js';
import type { CatalogStore } from '../catalog/catalogStore.js';
import { ErrorBody, MalformedPathResponse, Nullable } from '../schemas/common.js';

/** Healthy while both the catalog and the keys answer: an instance that cannot check keys serves nothing keyed. */
export const healthRoutes: FastifyPluginAsyncTypebox<{ store: CatalogStore; access: Pick<AccessControl, 'ping'> }> = async (app, { store, access }) => {
  app.get('/healthz', {
    schema: {
      operationId: 'health',
      summary: 'Whether the service and its store answer',
      description: 'For load balancers and uptime checks: 200 while both the catalog and the keys can be read, with ' +
        'the catalog version served and its retrieved_at; 503 otherwise. Needs no key and counts against no quota.',
      tags: ['service'],
      security: [],
      response: {
        200: Type.Object({
          status: Type.Literal('ok'),
          catalog_version: Type.String({ description: 'The catalog version served (a stamp each import or sync that changes the catalog changes); empty before the first.' }),
          retrieved_at: Nullable(Type.String({ format: 'date-time', description: 'When that catalog was last retrieved from its source (every answer\'s retrieved_at); null before the first import.' })),
        }, { description: 'The store answers.' }),
        400: MalformedPathResponse,
        503: { ...ErrorBody, description: 'The store does not answer.' },
      },
    },
  }, async (_request, reply) => {
    const [catalog, keys, retrieval] = await Promise.all([store.ping(), access.ping(), store.retrieval().catch(() => null)]);
    if (catalog && keys && retrieval) {
      return reply.send({ status: 'ok', catalog_version: retrieval.version, retrieved_at: retrieval.importedAt });
    }
    return reply.code(503).send({ error: 'the store does not answer; try again shortly', code: 'unavailable' });
  });
};
