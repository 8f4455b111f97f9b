import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { AccessControl } from '../access/accessControl.js';
import type { CatalogStore } from '../catalog/catalogStore.js';
import { ErrorBody, MalformedPathResponse } from '../schemas/common.js';

/** Healthy while both the catalog and the keys answer: an instance that cannot check keys serves nothing keyed. */
export const healthRoutes: FastifyPluginAsyncTypebox<{ store: CatalogStore; access: Pick<AccessControl, 'ping'> }> = async (app, { store, access }) => {
  app.get('/healthz', {
    schema: {
      operationId: 'health',
      summary: 'Whether the service and its store answer',
      description: 'For load balancers and uptime checks: 200 while both the catalog and the keys can be read, ' +
        '503 otherwise. Needs no key and counts against no quota.',
      tags: ['service'],
      security: [],
      response: {
        200: Type.Object({ status: Type.Literal('ok') }, { description: 'The store answers.' }),
        400: MalformedPathResponse,
        503: { ...ErrorBody, description: 'The store does not answer.' },
      },
    },
  }, async (_request, reply) => {
    const answers = await Promise.all([store.ping(), access.ping()]);
    if (answers.every(Boolean)) return reply.send({ status: 'ok' });
    return reply.code(503).send({ error: 'the store does not answer; try again shortly' });
  });
};
