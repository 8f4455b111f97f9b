import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { CatalogQueries } from '../catalog/answers/catalogQueries.js';
import { cached } from '../schemas/cachedResponses.js';
import { ChangesLimit, ChangesPage, ChangesQuery } from '../schemas/changes.js';
import { ErrorBody } from '../schemas/common.js';
import { keyed } from '../schemas/keyedResponses.js';
import { sendError } from './errors.js';
import { sendResult } from './sendResult.js';

const CHANGES_LIMIT_MESSAGE = `limit must be an integer from 1 to ${ChangesLimit.maximum}`;

export const changeRoutes: FastifyPluginAsyncTypebox<{ queries: CatalogQueries }> = async (app, { queries }) => {
  app.get('/v1/changes', {
    // The shared sentence for `limit` is the lists' (1 to 200): this route says its own.
    attachValidation: true,
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
  }, async (request, reply) => {
    if (request.validationError) {
      const message = request.validationError.message;
      return sendError(reply, 400, 'invalid_parameter', message.startsWith('limit ') ? CHANGES_LIMIT_MESSAGE : message);
    }
    return sendResult(reply, await queries.changes(request.query));
  });
};
