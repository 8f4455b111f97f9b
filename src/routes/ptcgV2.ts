import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { PtcgListRequest, PtcgQueries } from '../catalog/ptcg/ptcgQueries.js';
import { cached } from '../schemas/cachedResponses.js';
import { API_KEY_HEADER_SCHEME, BEARER_SCHEME } from '../schemas/keyedResponses.js';
import {
  PtcgCardList, PtcgError, PtcgIdParams, PtcgListQuery, PtcgRecordQuery, PtcgSetList, PtcgSingleCard, PtcgSingleSet, PtcgVocabulary,
} from '../schemas/pokemontcgIo.js';
import { sendResult } from './sendResult.js';

const TAG = 'pokemontcg.io v2';
const security: Array<Record<string, string[]>> = [{ [API_KEY_HEADER_SCHEME]: [] }, { [BEARER_SCHEME]: [] }];
const refusals = {
  401: { ...PtcgError, description: 'No key, or one that is malformed, unknown or revoked (X-Api-Key or Authorization: Bearer).' },
  429: { ...PtcgError, description: 'The key has used its monthly requests (see Retry-After).' },
};

/** A list's parameters as pokemontcg.io takes them: `pagesize` and `orderby` are the same as `pageSize` and `orderBy`. */
function listRequest(query: PtcgListQuery): PtcgListRequest {
  return {
    q: query.q,
    page: query.page ?? 1,
    pageSize: query.pageSize ?? query.pagesize ?? 250,
    orderBy: query.orderBy ?? query.orderby,
    select: query.select,
  };
}

/** pokemontcg.io's v2 API, read-only, from our English catalog (docs/pokemontcg-io.md). */
export const ptcgRoutes: FastifyPluginAsyncTypebox<{ ptcg: PtcgQueries }> = async (app, { ptcg }) => {
  for (const kind of ['cards', 'sets'] as const) {
    const one = kind === 'cards' ? 'card' : 'set';
    app.get(`/v2/${kind}`, {
      schema: {
        operationId: kind === 'cards' ? 'ptcgSearchCards' : 'ptcgSearchSets',
        summary: `Search ${kind} (pokemontcg.io v2)`,
        description: `pokemontcg.io's \`GET /v2/${kind}\`: the ${kind} that \`q\` matches, a page at a time, in \`orderBy\`'s order.`,
        security,
        tags: [TAG],
        querystring: PtcgListQuery,
        response: {
          200: kind === 'cards' ? PtcgCardList : PtcgSetList,
          ...cached.responses,
          400: { ...PtcgError, description: 'A parameter is malformed, `pageSize` is over 250, or `q` or `orderBy` cannot be read (the message says where).' },
          ...refusals,
        },
      },
    }, async (request, reply) => sendResult(reply, await ptcg.list(kind, listRequest(request.query))));

    app.get(`/v2/${kind}/:id`, {
      schema: {
        operationId: kind === 'cards' ? 'ptcgGetCard' : 'ptcgGetSet',
        summary: `Get a ${one} by pokemontcg.io's id (pokemontcg.io v2)`,
        security,
        tags: [TAG],
        params: PtcgIdParams,
        querystring: PtcgRecordQuery,
        response: {
          200: kind === 'cards' ? PtcgSingleCard : PtcgSingleSet,
          ...cached.responses,
          ...refusals,
          404: { ...PtcgError, description: `No ${one} has that pokemontcg.io id.` },
        },
      },
    }, async (request, reply) => sendResult(reply, await ptcg.record(kind, request.params.id, request.query.select)));
  }

  for (const name of ['types', 'subtypes', 'supertypes', 'rarities'] as const) {
    app.get(`/v2/${name}`, {
      schema: {
        operationId: `ptcg${name[0]!.toUpperCase()}${name.slice(1)}`,
        summary: `Every value of ${name} (pokemontcg.io v2)`,
        security,
        tags: [TAG],
        response: { 200: PtcgVocabulary, ...cached.responses, ...refusals },
      },
    }, async (_request, reply) => sendResult(reply, await ptcg.vocabulary(name)));
  }
};

export const PTCG_PATHS = ['/v2/cards', '/v2/cards/:id', '/v2/sets', '/v2/sets/:id', '/v2/types', '/v2/subtypes', '/v2/supertypes', '/v2/rarities'];
