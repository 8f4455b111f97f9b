import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { CatalogQueries } from '../catalog/answers/catalogQueries.js';
import { cached } from '../schemas/cachedResponses.js';
import { ErrorBody } from '../schemas/common.js';
import { keyed } from '../schemas/keyedResponses.js';
import { AutocompleteQuery, NameList, NameNotFound, NamedCard, NamedCardQuery } from '../schemas/names.js';
import { sendError } from './errors.js';
import { sendResult } from './sendResult.js';

export const EXACTLY_ONE_NAME = 'exactly one of exact, fuzzy is required';

/** Card names as people type them: one card by name, and the names that complete what has been typed. */
export const cardNameRoutes: FastifyPluginAsyncTypebox<{ queries: CatalogQueries }> = async (app, { queries }) => {
  app.get('/v1/cards/named', {
    schema: {
      operationId: 'getNamedCard',
      summary: 'Get the card of a name as someone typed it',
      description: 'Give exactly one of `exact` (the name, folded as a search folds it, and nothing else) or `fuzzy` ' +
        '(also forgives a typo or two, a missing possessive, a spaced suffix, a trailing qualifier in parentheses, ' +
        'the start of the one name it begins, or of a later word of one name; an exact match always wins). Answers ' +
        'the newest printing of the name in `lang` (default en) from a main expansion (a promo, trainer kit or ' +
        'McDonald\'s card only when the name has no other): newest set, then set, then number; or its printing in ' +
        '`set_code`. When several ' +
        'names fit equally, or none is close, a 404 lists `candidates`, best first. For a list of matches use ' +
        '`GET /v1/cards?q=`; for names as they are typed, `/v1/cards/autocomplete`.',
      security: keyed.security,
      tags: ['cards'],
      querystring: NamedCardQuery,
      response: {
        200: NamedCard,
        ...cached.responses,
        400: { ...ErrorBody, description: 'A parameter is malformed, or not exactly one of exact, fuzzy was given.' },
        ...keyed.responses,
        404: { ...NameNotFound, description: 'No name fits, or several fit equally (then candidates lists them), or the name has no printing in set_code.' },
      },
    },
  }, async (request, reply) => {
    const { exact, fuzzy, lang, set_code: setCode } = request.query;
    if ((exact === undefined) === (fuzzy === undefined)) return sendError(reply, 400, 'invalid_parameter', EXACTLY_ONE_NAME);
    const [name, mode] = exact !== undefined ? [exact, 'exact' as const] : [fuzzy!, 'fuzzy' as const];
    return sendResult(reply, await queries.namedCard({ name, mode, parameter: mode, lang, setCode }));
  });

  app.get('/v1/cards/autocomplete', {
    schema: {
      operationId: 'autocompleteCardNames',
      summary: 'Complete a card name being typed',
      description: 'Up to 20 distinct card names in `lang` (default en) holding `q` (folded as a search folds it): the ' +
        'name itself, then names that start with it, then names a later word of which starts with it, then the rest, ' +
        'each group by how many printings the name has (most first).',
      security: keyed.security,
      tags: ['cards'],
      querystring: AutocompleteQuery,
      response: {
        200: NameList,
        ...cached.responses,
        400: { ...ErrorBody, description: 'A parameter is malformed.' },
        ...keyed.responses,
      },
    },
  }, async (request, reply) => sendResult(reply, await queries.autocomplete(request.query)));
};
