import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { CatalogQueries } from '../catalog/catalogQueries.js';
import { cached } from '../schemas/cachedResponses.js';
import { ChangesPage, ChangesQuery } from '../schemas/changes.js';
import { ErrorBody } from '../schemas/common.js';
import { keyed } from '../schemas/keyedResponses.js';
import { sendResult } from './sendResult.js';

export const changeRoutes: FastifyPluginAsyncTypebox<{ queries: CatalogQueries }> = async (app, { queries }) => {
  app.get('/v1/changes', {
    schema: {
      operationId: 'listChanges',
      summary: 'The cards and sets whose answers changed since a cursor',
      description: 'Every card or set whose answer an import or sync added, changed or removed, in sequence order, after ' +
        'the cursor `since`: start from the `changes_cursor` of the bulk files (/v1/bulk), then pass each answer\'s ' +
        '`cursor`. Changes are kept for at least 90 days and the last 10 retrievals; an older cursor is answered 410.',
      security: keyed.security,
      tags: ['changes'],
      querystring: ChangesQuery,
      response: {
        200: ChangesPage,
        ...cached.responses,
        400: { ...ErrorBody, description: 'A parameter is malformed (`since` no cursor of ours, `limit` out of 1 to 1000); the message names it.' },
        ...keyed.responses,
        410: { ...ErrorBody, description: 'The cursor cannot be followed here (older than what is kept, or of another catalog database): start again from /v1/bulk.' },
      },
    },
  }, async (request, reply) => sendResult(reply, await queries.changes(request.query)));
};
