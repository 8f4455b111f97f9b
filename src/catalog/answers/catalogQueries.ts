import type { Language } from '../../schemas/common.js';
import type { ErrorCode } from '../../vocabulary/errorCodes.js';
import { Answer } from './answer.js';
import type { AnswerCache, QueryResult } from './answerCache.js';
import { canonicalSetCode } from '../../vocabulary/setCodeAliases.js';
import { facetsOf, languageFacet, type CardFilters } from '../rows/cardFacets.js';
import type { CatalogStore } from '../catalogStore.js';
import { CatalogChanged, type CatalogViews } from '../catalogViews.js';
import type { CatalogSummary, Page, SearchPage } from '../catalogShapes.js';
import { codePointLength, searchKey } from '../names/searchKey.js';
import { cursorRefusal, decodeCursor, encodeCursor } from '../changes/changesFeed.js';
import { batchBody, countOf, listParts, namesBody, parsedItems, singleBody } from '../rows/servedJson.js';
import { nearestCodes } from './setCodes.js';
import { SetTables } from './setTable.js';
import { isMainExpansionCard } from '../names/mainExpansions.js';
import type { NameLookup } from '../names/nameLookup.js';
import { SetNameIndex } from './setNames.js';
import { completeName, findName, suggestNames, typedKeys } from '../names/typedNames.js';
import { CardQuerySearch, type CardQueryRequest } from '../cardQuery/cardQuerySearch.js';
import { QuerySyntaxError } from '../query/queryNode.js';

export type { QueryResult } from './answerCache.js';

export interface Paging {
  limit?: number;
  offset?: number;
}

/** The 400 of a `q` too short or too long as typed (the edges' validator says it). */
export const SEARCH_TEXT_MESSAGE = 'q must be 2 to 60 characters long';

/** The 400 of a set_code no set has (after the aliases of setCodeAliases.ts), naming the nearest known codes. */
export function unknownSetCodeMessage(code: string, nearest: readonly string[]): string {
  const hint = nearest.length > 0 ? `; the nearest known codes are ${nearest.join(', ')}` : '';
  return `set_code ${code} is not the printed abbreviation of any set${hint}`;
}

/** The 404 of a card id, naming the id that exists when only the zeros of its number differ (`en-sv01-86`). */
export function noCardMessage(id: string, existing: string | null): string {
  return existing === null
    ? `no card with id ${id}; card ids look like en-base1-4`
    : `no card with id ${id}; did you mean ${existing}? (ids keep the number as printed, zeros included)`;
}

/** The 400 of a typed name (exact, fuzzy, a tool's name, autocomplete's q) that folds to nothing (`'.`). */
export const foldedToNothing = (parameter: string) =>
  `${parameter} must keep a character once spaces, apostrophes, hyphens and dots are left out`;
/** The 400 of a search's `q` of valid length that folds to fewer than 2 code points (`'%`, `a-`): searchKey() drops what it names. */
export const FOLDED_SEARCH_TEXT_MESSAGE = 'q must keep at least 2 characters once spaces, apostrophes, hyphens and dots are left out';

/** How many names an empty search suggests, and autocomplete answers. */
const MAX_SUGGESTIONS = 5;
const MAX_COMPLETIONS = 20;
const DEFAULT_LOOKUP_LANGUAGE: Language = 'en';

/** A named lookup as both edges ask it: the typed name, how it must match, where. */
export interface NamedCardRequest {
  name: string;
  mode: 'exact' | 'fuzzy';
  /** The parameter that carried the name, for the 400 of one that folds to nothing. */
  parameter: string;
  lang?: Language;
  setCode?: string;
}

const DEFAULT_LIMIT = 50;
/** How many of a name's printings (newest first) are read for one from a main expansion. */
const PRINTINGS_PAGE = 50;
const DEFAULT_CHANGES_LIMIT = 200;
/** The 400 of a `since` that no answer of ours gave. */
export const SINCE_MESSAGE = 'since must be a cursor this service gave: the changes_cursor of a bulk file (/v1/bulk) ' +
  'or the cursor of a previous /v1/changes answer';
const CONTROL_CHARACTER = /\p{Cc}/u;
/** A failure's code unless told: what each status means for a catalog read. */
const CODE_OF_STATUS = { 400: 'invalid_parameter', 404: 'not_found', 410: 'cursor_gone' } as const satisfies Record<number, ErrorCode>;
const fail = (status: 400 | 404 | 410, message: string, code: ErrorCode = CODE_OF_STATUS[status]): QueryResult =>
  ({ ok: false, status, code, message });
const finished = (json: string): QueryResult => ({ ok: true, answer: Answer.ofJson(json) });

/**
 * The catalog's read operations, shared by REST and MCP so both answer alike. Each request is
 * normalized (defaults applied, a search folded, filters in one order) into the key of its answer
 * in the one answer cache, which builds it from the store on a miss.
 */
export class CatalogQueries {
  /** The catalog's sets, read once per catalog version: the set_code check's, the set search's and the deck check's. */
  readonly sets: SetTables;
  private readonly setNames: SetNameIndex;
  private readonly cardQuery: CardQuerySearch;
  /** The catalog's views, where what the edges keep of it (rendered pages) registers to be emptied too. */
  readonly views: CatalogViews;

  constructor(private readonly store: CatalogStore, private readonly answers: AnswerCache) {
    this.views = store.views;
    this.sets = new SetTables(store, store.views, () => answers.retrieval());
    this.setNames = new SetNameIndex(this.sets, store.views);
    this.cardQuery = new CardQuerySearch(store);
  }

  /** A page of sets, newest first; with q, the sets whose name (or English name) holds it, folded as card search folds. */
  listSets(params: Paging & { lang?: Language; q?: string }): Promise<QueryResult> {
    const { limit, offset } = paging(params);
    const lang = params.lang;
    if (params.q !== undefined) {
      const key = searchKey(params.q);
      if (codePointLength(key) < 2) return Promise.resolve(fail(400, FOLDED_SEARCH_TEXT_MESSAGE));
      return this.answers.answer(`setsNamed ${JSON.stringify([key, lang ?? '*', limit, offset])}`, async (retrievedAt) => {
        const found = await this.setNames.find(key, lang);
        const page = { items: found.slice(offset, offset + limit), total: found.length, hasMore: offset + limit < found.length };
        return list(page, limit, offset, false, retrievedAt);
      });
    }
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
      const unknownCode = await this.unknownSetCode(params.filters);
      if (unknownCode) return unknownCode;
      const page = await this.store.listCardsInSet(setId, { limit, offset, facets });
      if (!page) return fail(404, `no set with id ${setId}; set ids look like en-base1 (list them with /v1/sets)`);
      return list(page, limit, offset, false, retrievedAt);
    });
  }

  getCard(id: string): Promise<QueryResult> {
    return this.answers.answer(`card ${id}`, async (retrievedAt) => {
      const card = await this.store.getCard(id);
      return card ? finished(singleBody(card, retrievedAt)) : fail(404, noCardMessage(id, await this.sameCardPadded(id)));
    });
  }

  /**
   * The id of the card that `id` names but for the zeros of its number (`en-sv01-086` for
   * `en-sv01-86`, `en-swsh9tg-TG05` for `en-swsh9tg-TG5`): the card of its set with that number as
   * the number filter reads it. Null when its set or such a card does not exist.
   */
  private async sameCardPadded(id: string): Promise<string | null> {
    const dash = id.lastIndexOf('-');
    if (dash <= 0 || dash === id.length - 1) return null;
    const page = await this.store.listCardsInSet(id.slice(0, dash), { limit: 2, offset: 0, facets: facetsOf({ number: id.slice(dash + 1) }) });
    const ids = (page?.items ?? []).map((json) => (JSON.parse(json) as { id: string }).id).filter((other) => other !== id);
    return ids.length === 1 ? ids[0]! : null;
  }

  /** The 400 of a set_code filter no set has, or null (no set_code, or a known one). */
  private async unknownSetCode(filters: CardFilters | undefined): Promise<QueryResult | null> {
    if (filters?.set_code === undefined) return null;
    const code = canonicalSetCode(filters.set_code);
    const table = await this.sets.table();
    return table.hasCode(code) ? null : fail(400, unknownSetCodeMessage(code, nearestCodes(code, table.codes)), 'unknown_set_code');
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
   * (`a-` folds to `a`, `'%` to `%`): a shorter key would match nearly every name, and the 400 says so.
   */
  async searchCards(params: Paging & { q: string; lang?: Language; filters?: CardFilters }): Promise<QueryResult> {
    const q = params.q.trim();
    const key = searchKey(q);
    if (codePointLength(key) < 2) return fail(400, FOLDED_SEARCH_TEXT_MESSAGE);
    const { limit, offset } = paging(params);
    const { lang } = params;
    const facets = facetsOf(params.filters ?? {});
    // No name holds a control character, so such a query matches nothing; stores need not see it.
    const matchesNothing = CONTROL_CHARACTER.test(q);
    return this.answers.answer(`search ${JSON.stringify([matchesNothing ? null : key, lang ?? null, limit, offset, facets])}`,
      async (retrievedAt, version) => {
        const unknownCode = await this.unknownSetCode(params.filters);
        if (unknownCode) return unknownCode;
        const page = matchesNothing
          ? { items: [], total: offset > 0 ? null : 0, hasMore: false }
          : await this.store.searchCards({ key, lang, limit, offset, facets });
        if (offset > 0 || countOf(page.items) > 0) return list(page, limit, offset, true, retrievedAt);
        const suggestions = matchesNothing ? [] : suggestNames(await this.store.nameLookup(version), q, lang, MAX_SUGGESTIONS);
        return list(page, limit, offset, true, retrievedAt, suggestions);
      });
  }

  /**
   * The card of a typed name (typedNames.ts: findName) as a Single response of a CardWithVariants:
   * the name's newest printing in `lang` (default en), or its newest printing in the set of
   * `setCode`. A 404 carries the candidates, best first ([] when none is close).
   */
  async namedCard({ name, mode, parameter, lang = DEFAULT_LOOKUP_LANGUAGE, setCode }: NamedCardRequest): Promise<QueryResult> {
    const typed = name.trim();
    const keys = typedKeys(typed);
    if (codePointLength(keys[0]!) < 1) return fail(400, foldedToNothing(parameter));
    const code = setCode?.toUpperCase();
    // Everything the answer depends on: the folded name (typedKeys derives the rest from it), how, where.
    return this.answers.answer(`named ${JSON.stringify([mode, keys[0], lang, code ?? null])}`, async (retrievedAt, version) => {
      const lookup = await this.store.nameLookup(version);
      const found = findName(lookup, typed, lang, mode);
      if (found.entry === undefined) {
        const candidates = found.candidates.map((entry) => lookup.names[entry]!);
        // The folded name, not the typed one: the answer is shared by every spelling that folds alike.
        return {
          ok: false, status: 404, code: found.ambiguous ? 'ambiguous_name' : 'not_found',
          message: notFoundMessage(keys[0]!, lang, mode, found.ambiguous, candidates.length > 0), candidates,
        };
      }
      const foundName = lookup.names[found.entry]!;
      const id = code === undefined
        ? await this.meantPrinting(lookup, found.entry, lang)
        : await this.printingInSet(searchKey(foundName), lang, setCode!);
      if (id === undefined) {
        return { ok: false, status: 404, code: 'not_found', message: `${foundName} has no printing in ${lang} in a set with set_code ${code}`, candidates: [] };
      }
      const [card] = await this.store.getCards([id]);
      // The lookup named a card the catalog no longer has: it was imported anew meanwhile (the answer cache builds again).
      if (!card) throw new CatalogChanged();
      return finished(singleBody(card, retrievedAt));
    });
  }

  /** Up to 20 names of `lang` (default en) holding `q` folded: those starting with it first, each group by printings. */
  async autocomplete({ q, lang = DEFAULT_LOOKUP_LANGUAGE }: { q: string; lang?: Language }): Promise<QueryResult> {
    const typed = q.trim();
    const key = searchKey(typed);
    if (codePointLength(key) < 1) return fail(400, foldedToNothing('q'));
    return this.answers.answer(`autocomplete ${JSON.stringify([key, lang])}`, async (retrievedAt, version) =>
      finished(namesBody(completeName(await this.store.nameLookup(version), typed, lang, MAX_COMPLETIONS), retrievedAt)));
  }

  /**
   * The id of the printing a name means: its newest, unless that is a promo, trainer kit or
   * McDonald's card (mainExpansions.ts) and the name has a printing in a main expansion among its
   * 50 newest, then the newest of those.
   */
  private async meantPrinting(lookup: NameLookup, entry: number, lang: Language): Promise<string> {
    const newest = lookup.newestIds[entry]!;
    if (isMainExpansionCard(newest)) return newest;
    const ids = await this.store.printingIds(searchKey(lookup.names[entry]!), lang, PRINTINGS_PAGE);
    return ids.find(isMainExpansionCard) ?? newest;
  }

  /** The id of the newest printing of the folded name `nameKey` in `lang` among the sets of `setCode`. */
  private async printingInSet(nameKey: string, lang: Language, setCode: string): Promise<string | undefined> {
    // A search ranks the exact name first, so its first row is that name's newest printing there, if there is one.
    const page = await this.store.searchCards({ key: nameKey, lang, limit: 1, offset: 0, facets: facetsOf({ set_code: setCode }) });
    const card = parsedItems(page.items)[0];
    return card && searchKey(card.name) === nameKey ? card.id : undefined;
  }

  /**
   * The cards matching every filter (at least one, as the edges checked), in one language or all:
   * newest set first, then set, then number, with an exact total.
   */
  listFilteredCards(params: Paging & { lang?: Language; filters: CardFilters }): Promise<QueryResult> {
    const { limit, offset } = paging(params);
    const facets = [...facetsOf(params.filters), ...(params.lang ? [languageFacet(params.lang)] : [])];
    return this.answers.answer(`filtered ${JSON.stringify([facets, limit, offset])}`, async (retrievedAt) =>
      (await this.unknownSetCode(params.filters)) ?? list(await this.store.listFilteredCards(facets, { limit, offset }), limit, offset, false, retrievedAt));
  }

  /**
   * The cards `query` matches (the query language, docs/reference.md), in one language or all, in
   * `order` (newest first unless told), with an exact total. A query that cannot be read is a 400
   * `invalid_query` naming where, before any index is built.
   */
  queryCards(params: Paging & Omit<CardQueryRequest, 'limit' | 'offset'> & { lang?: Language }): Promise<QueryResult> {
    const { limit, offset } = paging(params);
    const order = params.order ?? 'release';
    let node;
    try {
      node = CardQuerySearch.parse(params.query, params.lang);
    } catch (error) {
      if (error instanceof QuerySyntaxError) return Promise.resolve(fail(400, `query: ${error.message}`, 'invalid_query'));
      throw error;
    }
    return this.answers.answer(`query ${JSON.stringify([node, order, limit, offset])}`, async (retrievedAt) =>
      list(await this.store.views.afresh(() => this.cardQuery.page(node, { order, limit, offset })), limit, offset, false, retrievedAt));
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
function list(page: Page<unknown> | SearchPage<unknown>, limit: number, offset: number, estimate: boolean, retrievedAt: string,
  suggestions?: readonly string[]): QueryResult {
  const pagination = { limit, offset, total: page.total, total_is_estimate: estimate, has_more: page.hasMore };
  return { ok: true, answer: Answer.ofParts(listParts(page.items, pagination, retrievedAt, suggestions)) };
}

/** The 404 of a named lookup: what was not found (the folded name), and whether the candidates hold anything. */
function notFoundMessage(typed: string, lang: string, mode: 'exact' | 'fuzzy', ambiguous: boolean, anyCandidates: boolean): string {
  if (ambiguous) return `${JSON.stringify(typed)} fits several card names in ${lang} equally: give one of the candidates`;
  const what = mode === 'exact' ? `no card in ${lang} is named ${JSON.stringify(typed)}` : `no card name in ${lang} is close to ${JSON.stringify(typed)}`;
  return anyCandidates ? `${what}; the candidates are the nearest names` : what;
}

function paging(params: Paging): { limit: number; offset: number } {
  return { limit: params.limit ?? DEFAULT_LIMIT, offset: params.offset ?? 0 };
}
