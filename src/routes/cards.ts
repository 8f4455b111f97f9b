import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { FILTER_NAMES, filtersOf } from '../catalog/rows/cardFacets.js';
import type { CatalogQueries } from '../catalog/answers/catalogQueries.js';
import { CardBatch, CardList, SingleCard } from '../schemas/card.js';
import { cached } from '../schemas/cachedResponses.js';
import { ErrorBody } from '../schemas/common.js';
import { keyed } from '../schemas/keyedResponses.js';
import { CardsQuery } from '../schemas/queries.js';
import { sendError } from './errors.js';
import { sendResult } from './sendResult.js';

export const EXACTLY_ONE = 'exactly one of id, set, q is required';
/** `ids` beside id, set or q. (Without ids the message stays the one above, which clients may already match.) */
export const EXACTLY_ONE_WITH_IDS = 'exactly one of id, ids, set, q is required';
/** `query` beside another way of choosing cards. */
export const QUERY_ALONE = 'query goes alone (with lang, order, limit and offset), not with id, ids, set, q or the filters: ' +
  'write them into the query (set.id:en-base1, types:fire, legal:standard)';
export const ORDER_WITH_QUERY = 'order goes with query';
export const FILTERS_NOT_WITH_ID = `the filters (${FILTER_NAMES.join(', ')}) go with q, with set or alone, not with id or ids`;

export const cardRoutes: FastifyPluginAsyncTypebox<{ queries: CatalogQueries }> = async (app, { queries }) => {
  app.get('/v1/cards', {
    schema: {
      operationId: 'getCards',
      summary: 'Get one card, list the cards of a set, search cards by name, or query them',
      description: 'Give exactly one of `id` (one card with its variants and `other_languages`), `ids` (up to 50 cards ' +
        'with their variants in one request, and `not_found`), `set` (its cards in number order) or `q` (a name ' +
        'search across languages, or in `lang`). The filters (`supertype`, `subtype`, `type`, `rarity`, ' +
        '`regulation_mark`, `legal`, `artist`, `number`, `set_code`) narrow `set` or `q`, or stand alone: then the ' +
        'cards of every language (or `lang`) come newest set first, then set, then number, with an exact total. ' +
        'Filters combine with AND. Search totals are estimates; stop paging when `has_more` is false. ' +
        'With `id` or `ids`, `lang`, `limit` and `offset` are validated but ignored. `query` takes the query language ' +
        '(`types:fire hp:[100 TO *] legal:standard`, docs/reference.md "Query language") alone, with `lang`, `order`, ' +
        '`limit` and `offset`: the cards it matches in every language (or `lang`), newest first unless `order` says, ' +
        'with an exact total.',
      security: keyed.security,
      tags: ['cards'],
      querystring: CardsQuery,
      response: {
        200: Type.Union([CardList, SingleCard, CardBatch], {
          description: 'A list of cards, one card when id is given, or the cards of ids (missing ones in not_found).',
        }),
        ...cached.responses,
        400: {
          ...ErrorBody,
          description: 'A parameter is malformed, or not exactly one of id, ids, set, q was given; or q holds fewer than 2 ' +
            'characters once spaces, apostrophes, hyphens and dots are left out; or set_code is no set\'s printed ' +
            'abbreviation (the message names the nearest known codes); or query cannot be read (code `invalid_query`, the ' +
            'message names the position, the nearest field or the limit passed).',
        },
        ...keyed.responses,
        404: {
          ...ErrorBody,
          description: 'No card or set has that id. When the id differs from a card\'s only by the zeros of its number ' +
            '(`en-sv01-86` for `en-sv01-086`), the message names the id that exists.',
        },
      },
    },
  }, async (request, reply) => {
    const { id, ids, set, q, query, order, lang, limit, offset } = request.query;
    const filters = filtersOf(request.query);
    const filtered = Object.keys(filters).length > 0;
    const given = Number(id !== undefined) + Number(set !== undefined) + Number(q !== undefined);
    if (query !== undefined) {
      if (given > 0 || ids !== undefined || filtered) return sendError(reply, 400, 'invalid_parameter', QUERY_ALONE);
      return sendResult(reply, await queries.queryCards({ query, order, lang, limit, offset }));
    }
    if (order !== undefined) return sendError(reply, 400, 'invalid_parameter', ORDER_WITH_QUERY);
    if (ids !== undefined) {
      if (given > 0) return sendError(reply, 400, 'invalid_parameter', EXACTLY_ONE_WITH_IDS);
      if (filtered) return sendError(reply, 400, 'invalid_parameter', FILTERS_NOT_WITH_ID);
      return sendResult(reply, await queries.getCards(ids.split(',')));
    }
    if (given === 0 && filtered) return sendResult(reply, await queries.listFilteredCards({ filters, lang, limit, offset }));
    if (given !== 1) return sendError(reply, 400, 'invalid_parameter', EXACTLY_ONE);
    if (id !== undefined) {
      return filtered ? sendError(reply, 400, 'invalid_parameter', FILTERS_NOT_WITH_ID) : sendResult(reply, await queries.getCard(id));
    }
    if (set !== undefined) return sendResult(reply, await queries.listCardsInSet(set, { limit, offset, filters }));
    return sendResult(reply, await queries.searchCards({ q: q!, lang, limit, offset, filters }));
  });
};
