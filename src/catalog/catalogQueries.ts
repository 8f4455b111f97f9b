import type { Language } from '../schemas/common.js';
import { Answer } from './answer.js';
import type { AnswerCache, QueryResult } from './answerCache.js';
import { facetsOf, languageFacet, type CardFilters } from './cardFacets.js';
import type { CatalogStore, CatalogSummary, Page } from './catalogStore.js';
import { codePointLength, searchKey } from './searchKey.js';
import { cursorRefusal, decodeCursor, encodeCursor } from './changesFeed.js';
import { batchBody, listBody, singleBody } from './servedJson.js';

export type { QueryResult } from './answerCache.js';

export interface Paging {
  limit?: number;
  offset?: number;
}

/** The 400 of a `q` too short or too long, as typed or once folded (the edges' validator says it too). */
export const SEARCH_TEXT_MESSAGE = 'q must be 2 to 60 characters long';

const DEFAULT_LIMIT = 50;
const DEFAULT_CHANGES_LIMIT = 200;
/** The 400 of a `since` that no answer of ours gave. */
export const SINCE_MESSAGE = 'since must be a cursor this service gave: the changes_cursor of a bulk file (/v1/bulk) ' +
  'or the cursor of a previous /v1/changes answer';
const CONTROL_CHARACTER = /\p{Cc}/u;
const fail = (status: 400 | 404 | 410, message: string): QueryResult => ({ ok: false, status, message });
const finished = (json: string): QueryResult => ({ ok: true, answer: Answer.ofJson(json) });

/**
 * The catalog's read operations, shared by REST and MCP so both answer alike. Each request is
 * normalized (defaults applied, a search folded, filters in one order) into the key of its answer
 * in the one answer cache, which builds it from the store on a miss.
 */
export class CatalogQueries {
  constructor(private readonly store: CatalogStore, private readonly answers: AnswerCache) {}

  listSets(params: Paging & { lang?: Language }): Promise<QueryResult> {
    const { limit, offset } = paging(params);
    const lang = params.lang;
    return this.answers.answer(`sets ${lang ?? '*'} ${limit} ${offset}`, async (retrievedAt) =>
      list(await this.store.listSets({ lang, limit, offset }), limit, offset, false, retrievedAt));
  }

  getSet(id: string): Promise<QueryResult> {
    return this.answers.answer(`set ${id}`, async (retrievedAt) => {
      const set = await this.store.getSet(id);
      return set ? finished(singleBody(set, retrievedAt)) : fail(404, `no set with id ${id}; set ids look like en-base1 (list them with /v1/sets)`);
    });
  }

  listCardsInSet(setId: string, params: Paging & { filters?: CardFilters }): Promise<QueryResult> {
    const { limit, offset } = paging(params);
    const facets = facetsOf(params.filters ?? {});
    return this.answers.answer(`cardsInSet ${JSON.stringify([setId, limit, offset, facets])}`, async (retrievedAt) => {
      const page = await this.store.listCardsInSet(setId, { limit, offset, facets });
      if (!page) return fail(404, `no set with id ${setId}; set ids look like en-base1 (list them with /v1/sets)`);
      return list(page, limit, offset, false, retrievedAt);
    });
  }

  getCard(id: string): Promise<QueryResult> {
    return this.answers.answer(`card ${id}`, async (retrievedAt) => {
      const card = await this.store.getCard(id);
      return card ? finished(singleBody(card, retrievedAt)) : fail(404, `no card with id ${id}; card ids look like en-base1-4`);
    });
  }

  /**
   * Up to 50 card ids, as the edges validated them, in one answer: the cards found with their
   * variants in the order asked, each once (a repeated id is answered at its first place), and the
   * ids that matched none in `not_found`. Always 200. Its pagination describes the one page there
   * is: limit the distinct ids asked, offset 0, total the cards found, exact, has_more false.
   */
  getCards(ids: readonly string[]): Promise<QueryResult> {
    const asked = [...new Set(ids)];
    // Ids never hold a comma: the edges split on it.
    return this.answers.answer(`cards ${asked.join(',')}`, async (retrievedAt) => {
      const cards = await this.store.getCards(asked);
      const found = cards.filter((card) => card !== null);
      const notFound = asked.filter((_, i) => cards[i] === null);
      const pagination = { limit: asked.length, offset: 0, total: found.length, total_is_estimate: false, has_more: false };
      return finished(batchBody(found, pagination, notFound, retrievedAt));
    });
  }

  /**
   * `q` as the edges validated it: 2 to 60 code points once trimmed. Folded, it must still hold 2
   * (`a-` folds to `a`): a shorter key would match nearly every name.
   */
  async searchCards(params: Paging & { q: string; lang?: Language; filters?: CardFilters }): Promise<QueryResult> {
    const q = params.q.trim();
    const key = searchKey(q);
    if (codePointLength(key) < 2) return fail(400, SEARCH_TEXT_MESSAGE);
    const { limit, offset } = paging(params);
    const { lang } = params;
    const facets = facetsOf(params.filters ?? {});
    // No name holds a control character, so such a query matches nothing; stores need not see it.
    const matchesNothing = CONTROL_CHARACTER.test(q);
    return this.answers.answer(`search ${JSON.stringify([matchesNothing ? null : key, lang ?? null, limit, offset, facets])}`,
      async (retrievedAt) => {
        const page = matchesNothing
          ? { items: [], total: offset > 0 ? null : 0, hasMore: false }
          : await this.store.searchCards({ key, lang, limit, offset, facets });
        return list(page, limit, offset, true, retrievedAt);
      });
  }

  /**
   * The cards matching every filter (at least one, as the edges checked), in one language or all:
   * newest set first, then set, then number, with an exact total.
   */
  listFilteredCards(params: Paging & { lang?: Language; filters: CardFilters }): Promise<QueryResult> {
    const { limit, offset } = paging(params);
    const facets = [...facetsOf(params.filters), ...(params.lang ? [languageFacet(params.lang)] : [])];
    return this.answers.answer(`filtered ${JSON.stringify([facets, limit, offset])}`, async (retrievedAt) =>
      list(await this.store.listFilteredCards(facets, { limit, offset }), limit, offset, false, retrievedAt));
  }

  /**
   * The changes after the cursor `since` (changesFeed.ts), up to `limit`, in sequence order: 400 for
   * a text that is no cursor of ours, 410 for one this catalog cannot follow (another database's,
   * older than what is kept, ahead of it), whose client starts again from the bulk files.
   */
  async changes(params: { since: string; limit?: number }): Promise<QueryResult> {
    const cursor = decodeCursor(params.since);
    if (!cursor) return fail(400, SINCE_MESSAGE);
    const limit = params.limit ?? DEFAULT_CHANGES_LIMIT;
    return this.answers.answer(`changes ${params.since} ${limit}`, async (retrievedAt) => {
      const feed = await this.store.changesSince(cursor.seq, limit + 1);
      const refusal = cursorRefusal(cursor, feed);
      if (refusal) return fail(410, refusal);
      const data = feed.changes.slice(0, limit).map(({ seq, type, id, change, at }) => ({ seq, type, id, change, at }));
      const next = encodeCursor({ epoch: feed.epoch, seq: data.at(-1)?.seq ?? cursor.seq });
      return finished(JSON.stringify({ data, cursor: next, has_more: feed.changes.length > limit, retrieved_at: retrievedAt }));
    });
  }

  /** What the catalog holds, for the home page: kept with the answers, as it changes only with the catalog. */
  async summary(): Promise<CatalogSummary> {
    const result = await this.answers.answer('summary', async () => finished(JSON.stringify(await this.store.summary())));
    if (!result.ok) throw new Error(result.message);
    return JSON.parse(result.answer.json) as CatalogSummary;
  }
}

/** A page as a List response. */
function list(page: Page<unknown>, limit: number, offset: number, estimate: boolean, retrievedAt: string): QueryResult {
  const pagination = { limit, offset, total: page.total, total_is_estimate: estimate, has_more: page.hasMore };
  return finished(listBody(page.items as readonly string[], pagination, retrievedAt));
}

function paging(params: Paging): { limit: number; offset: number } {
  return { limit: params.limit ?? DEFAULT_LIMIT, offset: params.offset ?? 0 };
}
