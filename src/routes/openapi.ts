import type { FastifyInstance } from 'fastify';
import { Type } from '@sinclair/typebox';
import { MalformedPathResponse } from '../schemas/common.js';

/** Serves the OpenAPI 3.1 document that @fastify/swagger builds from the route schemas. */
export async function openApiRoute(app: FastifyInstance): Promise<void> {
  app.get('/openapi.json', {
    schema: {
      operationId: 'getOpenApi',
      summary: 'This OpenAPI 3.1 document',
      description: 'The machine-readable description of every operation, built from the same schemas that ' +
        'validate requests, for client generators and linters. Needs no key and counts against no quota.',
      tags: ['service'],
      security: [],
      response: {
        200: Type.Object({}, { additionalProperties: true, description: 'The OpenAPI document.' }),
        400: MalformedPathResponse,
      },
    },
  }, async (_request, reply) => reply.type('application/json; charset=utf-8').send(JSON.stringify(app.swagger())));
}
