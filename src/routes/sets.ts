import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { CatalogQueries } from '../catalog/answers/catalogQueries.js';
import { cached } from '../schemas/cachedResponses.js';
import { ErrorBody } from '../schemas/common.js';
import { keyed } from '../schemas/keyedResponses.js';
import { SetsQuery } from '../schemas/queries.js';
import { SetList, SingleSet } from '../schemas/set.js';
import { Type } from '@sinclair/typebox';
import { sendResult } from './sendResult.js';

export const setRoutes: FastifyPluginAsyncTypebox<{ queries: CatalogQueries }> = async (app, { queries }) => {
  app.get('/v1/sets', {
    schema: {
      operationId: 'listSets',
      summary: 'List sets, newest first, or get one set by id',
      description: 'Without `id`: a page of sets, newest first, optionally of one language; with `q`, the sets whose ' +
        'name (in their own language or English) holds it. ' +
        'With `id`: that set with `card_count` and `other_languages` (the same set code in the other languages); ' +
        'q, lang, limit and offset are then validated but ignored.',
      security: keyed.security,
      tags: ['sets'],
      querystring: SetsQuery,
      response: {
        200: Type.Union([SetList, SingleSet], { description: 'A list of sets, or one set when id is given.' }),
        ...cached.responses,
        400: { ...ErrorBody, description: 'A parameter is malformed; the message names it.' },
        ...keyed.responses,
        404: { ...ErrorBody, description: 'No set has that id.' },
      },
    },
  }, async (request, reply) => {
    const { id, q, lang, limit, offset } = request.query;
    return sendResult(reply, id !== undefined ? await queries.getSet(id) : await queries.listSets({ q, lang, limit, offset }));
  });
};
