import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { CatalogStore } from '../store/catalogStore.js';
import { ErrorBody } from '../schemas/common.js';

export const healthRoutes: FastifyPluginAsyncTypebox<{ store: CatalogStore }> = async (app, { store }) => {
  app.get('/healthz', {
    schema: {
      operationId: 'health',
      summary: 'Whether the service and its store answer',
      tags: ['service'],
      response: {
        200: Type.Object({ status: Type.Literal('ok') }, { description: 'The store answers.' }),
        503: { ...ErrorBody, description: 'The store does not answer.' },
      },
    },
  }, async (_request, reply) => {
    if (await store.ping()) return reply.send({ status: 'ok' });
    return reply.code(503).send({ error: 'the store does not answer; try again shortly' });
  });
};
