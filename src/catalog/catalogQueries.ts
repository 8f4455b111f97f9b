import type { Language } from '../schemas/common.js';
import { facetsOf, languageFacet, type CardFilters } from './cardFacets.js';
import type { CatalogStore, Page } from './catalogStore.js';
import { codePointLength, searchKey } from './searchKey.js';
import { ByteBoundedLru } from '../cache/byteBoundedLru.js';
import { AnswerContent } from './answerContent.js';
import { batchHead, listHead, singleHead, withRetrievedAt } from './servedJson.js';

/** What a catalog read answers: the JSON answer as sent (its content and when it was produced), or an expected failure as a value. */
export type QueryResult =
  | { ok: true; content: AnswerContent; retrievedAt: Date }
  | { ok: false; status: 400 | 404; message: string };

/** The whole body of an answer, `retrieved_at` included. */
export const answerBody = (answer: { content: AnswerContent; retrievedAt: Date }): string =>
  withRetrievedAt(answer.content.head, answer.retrievedAt);

/** What the contents of single documents, and of batches, served lately may each hold (AnswerContent.weight). */
const MADE_CONTENTS_BYTES = 16 * 1024 * 1024;

export interface Paging {
  limit?: number;
  offset?: number;
}

/** The 400 of a `q` too short or too long, as typed or once folded (the edges' validator says it too). */
export const SEARCH_TEXT_MESSAGE = 'q must be 2 to 60 characters long';

const DEFAULT_LIMIT = 50;
const CONTROL_CHARACTER = /\p{Cc}/u;
const fail = (status: 400 | 404, message: string): QueryResult => ({ ok: false, status, message });

/** The catalog's read operations, shared by REST and MCP so both answer alike. */
export class CatalogQueries {
  /**
   * The contents made for pages and documents, so one the store serves again from memory (the same
   * page object, the same document) is encoded and hashed once. Both are memos of pure functions:
   * a page or document that changed is another key, so nothing here outlives an import's changes.
   */
  private readonly pageContents = new WeakMap<Page<unknown>, { content: AnswerContent; pagination: string }>();
  private readonly singleContents = new ByteBoundedLru<AnswerContent>(MADE_CONTENTS_BYTES);
  /** By the ids asked, with the cards the content was made of: reused only for the very same cards. */
  private readonly batchContents = new ByteBoundedLru<{ cards: ReadonlyArray<string | null>; content: AnswerContent }>(MADE_CONTENTS_BYTES);

  constructor(private readonly store: CatalogStore, private readonly now: () => Date = () => new Date()) {}

  async listSets(params: Paging & { lang?: Language }): Promise<QueryResult> {
    const { limit, offset } = paging(params);
    const page = await this.store.listSets({ lang: params.lang, limit, offset });
    return this.list(page, limit, offset, false);
  }

  async getSet(id: string): Promise<QueryResult> {
    const set = await this.store.getSet(id);
    return set ? this.single(set) : fail(404, `no set with id ${id}; set ids look like en-base1 (list them with /v1/sets)`);
  }

  async listCardsInSet(setId: string, params: Paging & { filters?: CardFilters }): Promise<QueryResult> {
    const { limit, offset } = paging(params);
    const page = await this.store.listCardsInSet(setId, { limit, offset, facets: facetsOf(params.filters ?? {}) });
    if (!page) return fail(404, `no set with id ${setId}; set ids look like en-base1 (list them with /v1/sets)`);
    return this.list(page, limit, offset, false);
  }

  async getCard(id: string): Promise<QueryResult> {
    const card = await this.store.getCard(id);
    return card ? this.single(card) : fail(404, `no card with id ${id}; card ids look like en-base1-4`);
  }

  /**
   * Up to 50 card ids, as the edges validated them, in one answer: the cards found with their
   * variants in the order asked, each once (a repeated id is answered at its first place), and the
   * ids that matched none in `not_found`. Always 200. Its pagination describes the one page there
   * is: limit the distinct ids asked, offset 0, total the cards found, exact, has_more false.
   */
  async getCards(ids: readonly string[]): Promise<QueryResult> {
    const asked = [...new Set(ids)];
    const cards = await this.store.getCards(asked);
    const key = asked.join(',');
    const made = this.batchContents.get(key);
    if (made && made.cards.length === cards.length && made.cards.every((card, i) => card === cards[i])) {
      return { ok: true, content: made.content, retrievedAt: this.now() };
    }
    const found = cards.filter((card) => card !== null);
    const notFound = asked.filter((_, i) => cards[i] === null);
    const pagination = { limit: asked.length, offset: 0, total: found.length, total_is_estimate: false, has_more: false };
    const content = new AnswerContent(batchHead(found, pagination, notFound));
    this.batchContents.set(key, { cards, content }, content.weight);
    return { ok: true, content, retrievedAt: this.now() };
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
    // No name holds a control character, so such a query matches nothing; stores need not see it.
    if (CONTROL_CHARACTER.test(q)) return this.list({ items: [], total: offset > 0 ? null : 0, hasMore: false }, limit, offset, true);
    const page = await this.store.searchCards({ key, lang: params.lang, limit, offset, facets: facetsOf(params.filters ?? {}) });
    return this.list(page, limit, offset, true);
  }

  /**
   * The cards matching every filter (at least one, as the edges checked), in one language or all:
   * newest set first, then set, then number, with an exact total.
   */
  async listFilteredCards(params: Paging & { lang?: Language; filters: CardFilters }): Promise<QueryResult> {
    const { limit, offset } = paging(params);
    const facets = [...facetsOf(params.filters), ...(params.lang ? [languageFacet(params.lang)] : [])];
    return this.list(await this.store.listFilteredCards(facets, { limit, offset }), limit, offset, false);
  }

  private list(page: Page<unknown>, limit: number, offset: number, estimate: boolean): QueryResult {
    // The page's own items and counts are fixed; what this request adds to it is only its paging.
    const paging = `${limit}:${offset}:${estimate}`;
    let made = this.pageContents.get(page);
    if (made?.pagination !== paging) {
      const pagination = { limit, offset, total: page.total, total_is_estimate: estimate, has_more: page.hasMore };
      made = { content: new AnswerContent(listHead(page.items as readonly string[], pagination)), pagination: paging };
      this.pageContents.set(page, made);
    }
    return { ok: true, content: made.content, retrievedAt: this.now() };
  }

  private single(doc: string): QueryResult {
    let content = this.singleContents.get(doc);
    if (!content) {
      content = new AnswerContent(singleHead(doc));
      this.singleContents.set(doc, content, content.weight);
    }
    return { ok: true, content, retrievedAt: this.now() };
  }
}

function paging(params: Paging): { limit: number; offset: number } {
  return { limit: params.limit ?? DEFAULT_LIMIT, offset: params.offset ?? 0 };
}
