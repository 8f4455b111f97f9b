import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CatalogQueries, QueryResult } from '../catalog/catalogQueries.js';
import type { DeckChecker } from '../decks/deckCheck.js';
import { contentTag } from '../edge/httpCaching.js';
import type { CardWithLanguages } from '../schemas/card.js';
import { CardPageParams } from '../schemas/pages.js';
import type { SetWithCount } from '../schemas/set.js';
import { renderCardPage } from '../pages/cardPage.js';
import { renderErrorPage } from '../pages/errorPage.js';
import { languageOfId } from '../pages/layout.js';
import { LegalityReasoner } from '../pages/legalityReasons.js';
import { PageCache, sendUncachedPage } from './sendPage.js';

export interface PageRouteOptions {
  queries: CatalogQueries;
  decks: DeckChecker;
}

type Single<T> = { data: T; retrieved_at: string };
const dataOf = <T>(result: QueryResult & { ok: true }) => JSON.parse(result.answer.json) as Single<T>;

/** A refusal as a page: the status and the message the API gives for the same request. */
export function sendRefusal(reply: FastifyReply, result: QueryResult & { ok: false }): FastifyReply {
  return sendUncachedPage(reply, result.status, renderErrorPage(result.status, result.message));
}

/** A parameter the page's schema refused: a 400 page with the validator's sentence. */
function sendInvalid(request: FastifyRequest, reply: FastifyReply): FastifyReply | undefined {
  if (!request.validationError) return undefined;
  return sendUncachedPage(reply, 400, renderErrorPage(400, request.validationError.message));
}

/**
 * The pages for people (docs/reference.md, "Pages"): HTML rendered from the answers the API gives
 * (the same CatalogQueries calls, never an HTTP call of our own), public, and limited per address
 * by the throttle every request without a key meets (app.ts). Nothing here runs for /v1.
 */
export const pageRoutes: FastifyPluginAsyncTypebox<PageRouteOptions> = async (app, { queries }) => {
  const pages = new PageCache();
  const reasoner = new LegalityReasoner(queries);

  app.get('/cards/:id', { schema: { hide: true, params: CardPageParams }, attachValidation: true }, async (request, reply) => {
    const invalid = sendInvalid(request, reply);
    if (invalid) return invalid;
    const result = await queries.getCard(request.params.id);
    if (!result.ok) return sendRefusal(reply, result);
    return pages.send(reply, pages.tag(request.url, [result.answer.tag(contentTag)]), async () => {
      const { data: card, retrieved_at: retrievedAt } = dataOf<CardWithLanguages>(result);
      const set = await queries.getSet(card.set_id);
      const reasons = await reasoner.reasons(card, languageOfId(card.id), retrievedAt);
      return renderCardPage({ card, set: set.ok ? dataOf<SetWithCount>(set).data : null, reasons });
    });
  });
};
