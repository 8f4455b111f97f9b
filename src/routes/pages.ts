import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { SEARCH_TEXT_MESSAGE, type CatalogQueries, type QueryResult } from '../catalog/answers/catalogQueries.js';
import { codePointLength } from '../catalog/names/searchKey.js';
import type { DeckChecker } from '../decks/deckCheck.js';
import { failureOf, logFailure, type FailureKind } from '../edge/failures.js';
import { CATALOG_PAGE_SECURITY } from '../edge/securityHeaders.js';
import { contentTag } from '../edge/httpCaching.js';
import type { ServiceMetrics } from '../metrics/serviceMetrics.js';
import type { CardWithLanguages } from '../schemas/card.js';
import { CardPageParams, DeckPageInput, NameSuggestionsQuery, SearchPageQuery, SetPageParams } from '../schemas/pages.js';
import { renderDeckPage, type DeckCheckData } from '../pages/deckPage.js';
import { DECK_CHECK_BODY_LIMIT, MAX_DECK_LIST_LENGTH } from '../schemas/deck.js';
import { renderSetPage } from '../pages/setPage.js';
import type { Card } from '../schemas/card.js';
import { hasFilters, isQuery, queryWithFilters, renderSearchPage, searchUrl, SEARCH_PAGE_SIZE, type SearchPageData } from '../pages/searchPage.js';
import { renderQuerySyntaxPage } from '../pages/querySyntaxPage.js';
import { sendResult } from './sendResult.js';
import type { SetWithCount } from '../schemas/set.js';
import { renderCardPage } from '../pages/cardPage.js';
import { renderErrorPage } from '../pages/errorPage.js';
import { languageOfId, NAME_SUGGESTIONS_PATH } from '../pages/layout.js';
import { LegalityReasoner } from '../pages/legalityReasons.js';
import { PageCache, sendUncachedPage } from './sendPage.js';

export interface PageRouteOptions {
  queries: CatalogQueries;
  decks: DeckChecker;
  metrics: ServiceMetrics;
}

type Single<T> = { data: T; retrieved_at: string };
const dataOf = <T>(result: QueryResult & { ok: true }) => JSON.parse(result.answer.json) as Single<T>;

/** A form-encoded list may take up to 9 bytes a character (`%E2%80%A6`) where JSON takes at most 6. */
const DECK_FORM_BODY_LIMIT = 2 * DECK_CHECK_BODY_LIMIT;
/** The deck form's refusals in the words of a form; any other failure a page meets is worded as REST's. */
const DECK_FORM_REFUSALS: Partial<Record<FailureKind, string>> = {
  'too-large': `the form is larger than ${DECK_FORM_BODY_LIMIT / 1024} KiB; a list holds at most ` +
    `${MAX_DECK_LIST_LENGTH.toLocaleString('en')} characters`,
  'unsupported-media-type': 'send the deck form as a browser does (application/x-www-form-urlencoded)',
};

/** The API's largest page. */
const SET_PAGE_LIMIT = 200;

type ListAnswer = {
  data: Card[];
  pagination: { total: number | null; total_is_estimate: boolean; has_more: boolean };
  suggestions?: string[];
};

/** The API call of the same search, for the page's footer. */
function apiSearchUrl(params: Record<string, string | number | undefined>): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) if (value !== undefined) query.set(name, String(value));
  return `/v1/cards?${query.toString()}`;
}

/** The pages' routes: what the per-address throttle answers with a page rather than JSON. */
const PAGE_ROUTES = new Set(['/search', '/search/syntax', '/cards/:id', '/sets/:id', '/decks']);
export const isPageRoute = (url: string | undefined) => url !== undefined && PAGE_ROUTES.has(url);

/** An error as a page, in the words the API uses. */
export function sendPageError(reply: FastifyReply, status: number, message: string): FastifyReply {
  return sendUncachedPage(reply, status, renderErrorPage(status, message));
}

/** A refusal as a page: the status and the message the API gives for the same request. */
function sendRefusal(reply: FastifyReply, result: QueryResult & { ok: false }): FastifyReply {
  return sendPageError(reply, result.status, result.message);
}

/**
 * A failure while a page is made (the database not answering, a deck form too large): logged and
 * counted as REST's, and answered with REST's status and sentence as a page a person can go on from.
 */
function pageFailureHandler(metrics: ServiceMetrics) {
  return function answerAsPage(error: FastifyError, request: FastifyRequest, reply: FastifyReply): FastifyReply {
    const failure = failureOf(error);
    if (failure.kind === 'unavailable') metrics.databaseUnavailable('rest');
    logFailure(request.log, failure, error, 'request failed');
    return sendPageError(reply, failure.status, DECK_FORM_REFUSALS[failure.kind] ?? failure.message);
  };
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
export const pageRoutes: FastifyPluginAsyncTypebox<PageRouteOptions> = async (app, { queries, decks, metrics }) => {
  const pages = new PageCache(queries.views);
  const errorHandler = pageFailureHandler(metrics);
  const reasoner = new LegalityReasoner(queries);

  // A form's empty field means "any": left out before the schema checks what is there.
  app.addHook('preValidation', async (request) => {
    const query = request.query as Record<string, unknown> | undefined;
    if (!query) return;
    for (const [name, value] of Object.entries(query)) if (value === '') delete query[name];
  });

  app.get('/search', { schema: { hide: true, querystring: SearchPageQuery }, attachValidation: true, errorHandler, helmet: CATALOG_PAGE_SECURITY }, async (request, reply) => {
    const invalid = sendInvalid(request, reply);
    if (invalid) return invalid;
    const query = request.query;
    const { q, lang } = { q: query.q?.trim() || undefined, lang: query.lang };
    const filters = {
      ...(query.type ? { type: query.type } : {}), ...(query.supertype ? { supertype: query.supertype } : {}),
      ...(query.legal ? { legal: query.legal } : {}), ...(query.set ? { set_code: query.set } : {}),
    };
    const paging = { limit: SEARCH_PAGE_SIZE, offset: ((query.page ?? 1) - 1) * SEARCH_PAGE_SIZE };
    const filtered = Object.keys(filters).length > 0;
    // A query (anything naming a field) takes the filters into the box as clauses: the page of the
    // whole query, which the box then shows and one edits; a name goes to the API's q with its filters.
    if (q !== undefined && isQuery(q) && hasFilters(query)) return reply.redirect(searchUrl({ q: queryWithFilters(q, query), lang }), 303);
    const cardQuery = q !== undefined && isQuery(q) ? q : undefined;
    if (q !== undefined && cardQuery === undefined && codePointLength(q) > 60) return sendPageError(reply, 400, SEARCH_TEXT_MESSAGE);
    const result = cardQuery !== undefined ? await queries.queryCards({ query: cardQuery, lang, ...paging })
      : q !== undefined ? await queries.searchCards({ q, lang, ...paging, filters })
      : filtered ? await queries.listFilteredCards({ lang, ...paging, filters }) : null;
    const apiCall = result === null ? null : {
      method: 'GET' as const,
      url: cardQuery !== undefined ? apiSearchUrl({ query: cardQuery, lang, ...paging }) : apiSearchUrl({ q, lang, ...filters, ...paging }),
    };
    const data: SearchPageData = { query: { ...query, q }, result: null, refusal: null, apiCall };
    if (result !== null && !result.ok) {
      return sendUncachedPage(reply, result.status, renderSearchPage({ ...data, refusal: result.message }));
    }
    return pages.send(reply, pages.tag(request.url, result ? [result.answer.tag(contentTag)] : []), () => {
      if (result === null) return renderSearchPage(data);
      const body = JSON.parse(result.answer.json) as ListAnswer;
      return renderSearchPage({
        ...data,
        result: {
          cards: body.data, total: body.pagination.total, estimate: body.pagination.total_is_estimate,
          hasMore: body.pagination.has_more, suggestions: body.suggestions ?? [],
        },
      });
    });
  });

  // The query language's fields and operators, each example a link to its results.
  app.get('/search/syntax', { schema: { hide: true }, helmet: CATALOG_PAGE_SECURITY }, async (request, reply) =>
    pages.send(reply, pages.tag(request.url, []), () => renderQuerySyntaxPage()));

  // The names that complete what is typed in the search box: the API's autocomplete answer, for the pages' script.
  app.get(NAME_SUGGESTIONS_PATH, { schema: { hide: true, querystring: NameSuggestionsQuery } }, async (request, reply) =>
    sendResult(reply, await queries.autocomplete({ q: request.query.q, lang: request.query.lang })));

  app.get('/sets/:id', { schema: { hide: true, params: SetPageParams }, attachValidation: true, errorHandler, helmet: CATALOG_PAGE_SECURITY }, async (request, reply) => {
    const invalid = sendInvalid(request, reply);
    if (invalid) return invalid;
    const { id } = request.params;
    const set = await queries.getSet(id);
    if (!set.ok) return sendRefusal(reply, set);
    return pages.send(reply, pages.tag(request.url, [set.answer.tag(contentTag)]), async () => {
      const cards: Card[] = [];
      // Every card, a page of the API's largest size at a time (a set holds at most a few hundred).
      for (let offset = 0; ; offset += SET_PAGE_LIMIT) {
        const page = await queries.listCardsInSet(id, { limit: SET_PAGE_LIMIT, offset });
        if (!page.ok) break;
        const body = JSON.parse(page.answer.json) as ListAnswer;
        cards.push(...body.data);
        if (!body.pagination.has_more) break;
      }
      return renderSetPage({ set: dataOf<SetWithCount>(set).data, cards });
    });
  });

  // The deck form's body, as browsers send a form (here only: the API reads JSON).
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: DECK_FORM_BODY_LIMIT },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))));

  const deckPage = async (request: FastifyRequest, reply: FastifyReply, input: DeckPageInput) => {
    const invalid = sendInvalid(request, reply);
    if (invalid) return invalid;
    const { list = '', format = 'standard', lang = 'en' } = input;
    const page = { list, format, lang, check: null, refusal: null };
    if (list.trim() === '') return sendUncachedPage(reply, 200, renderDeckPage(page));
    const reading = decks.read(list);
    if (!reading.ok) return sendUncachedPage(reply, reading.status, renderDeckPage({ ...page, refusal: reading.message }));
    const answer = await decks.check(reading, format, lang);
    const check = (JSON.parse(answer.json) as { data: DeckCheckData }).data;
    return sendUncachedPage(reply, 200, renderDeckPage({ ...page, check }));
  };
  app.get('/decks', { schema: { hide: true, querystring: DeckPageInput }, attachValidation: true, errorHandler, helmet: CATALOG_PAGE_SECURITY },
    (request, reply) => deckPage(request, reply, request.query));
  app.post('/decks', { schema: { hide: true, body: DeckPageInput }, attachValidation: true, bodyLimit: DECK_FORM_BODY_LIMIT, errorHandler, helmet: CATALOG_PAGE_SECURITY },
    (request, reply) => deckPage(request, reply, request.body ?? {}));

  app.get('/cards/:id', { schema: { hide: true, params: CardPageParams }, attachValidation: true, errorHandler, helmet: CATALOG_PAGE_SECURITY }, async (request, reply) => {
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
