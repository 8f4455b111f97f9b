import type { FastifyInstance } from 'fastify';
import { Type } from '@sinclair/typebox';

/** Serves the OpenAPI 3.1 document that @fastify/swagger builds from the route schemas. */
export async function openApiRoute(app: FastifyInstance): Promise<void> {
  app.get('/openapi.json', {
    schema: {
      operationId: 'getOpenApi',
      summary: 'This OpenAPI 3.1 document',
      tags: ['service'],
      response: { 200: Type.Object({}, { additionalProperties: true, description: 'The OpenAPI document.' }) },
    },
  }, async (_request, reply) => reply.type('application/json; charset=utf-8').send(JSON.stringify(app.swagger())));
}
