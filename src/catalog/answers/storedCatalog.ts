import { LANGUAGES, type Language } from '../../schemas/common.js';
import type { Card, CardRecord, CardWithLanguages, CardWithVariants } from '../../schemas/card.js';
import type { CardSet, SetWithCount } from '../../schemas/set.js';
import type { CatalogBackend, StoredRows } from '../catalogBackend.js';
import type { SyncLock } from '../catalogShapes.js';
import { catalogRows, ROWS_VERSION } from '../rows/catalogRows.js';
import type { CatalogStore } from '../catalogStore.js';
import type { AnswerOf, AnswerSnapshot, CardSearch, JoinedJson, Catalog, FilteredPageRequest, CatalogCounts, CatalogReplaced, CatalogRetrieval, CatalogSummary, JsonText, Page, PageRequest, SearchPage, SourceStamp } from '../catalogShapes.js';
import { FilterIndex } from './filterIndex.js';
import { NameSearch } from '../names/nameIndex.js';
import { HeldNameLookup } from '../names/heldNameLookup.js';
import type { NameLookup } from '../names/nameLookup.js';
import type { ImportProgress } from '../importProgress.js';
import type { StoredChanges } from '../changes/changesFeed.js';
import { cardWithVariants, parseStoredCard, parseStoredSet, singleCard, singleSet } from '../rows/servedJson.js';
import { CatalogViews } from '../catalogViews.js';
import type { GameTextRequest } from '../gameText/gameTextMatch.js';

/**
 * The catalog over a database backend: rows are built here once and the backend stores them;
 * what the backend reads back is spliced into served documents and cut into pages here.
 */
export class StoredCatalog implements CatalogStore {
  readonly views = new CatalogViews();
  private readonly filters: FilterIndex;
  private readonly names: NameSearch;
  private readonly lookup: HeldNameLookup;

  constructor(private readonly backend: CatalogBackend) {
    this.filters = new FilterIndex(backend, this.views);
    this.names = new NameSearch(backend, this.views);
    this.lookup = new HeldNameLookup(backend, this.views);
  }

  async listSets({ lang, limit, offset }: PageRequest & { lang?: Language }): Promise<Page<CardSet>> {
    return pageOf(await this.backend.sets({ lang, limit: limit + 1, offset }), limit, offset);
  }

  async getSet(id: string): Promise<JsonText<SetWithCount> | null> {
    const set = await this.backend.set(id);
    return set && singleSet(set.doc, set.cardCount, set.otherLanguages);
  }

  async listCardsInSet(setId: string, { limit, offset, facets }: FilteredPageRequest): Promise<Page<Card> | null> {
    const rows = await this.backend.cardsInSet(setId, { limit: limit + 1, offset, facets });
    return rows && pageOf(rows, limit, offset);
  }

  async listFilteredCards(facets: readonly string[], { limit, offset }: PageRequest): Promise<Page<Card>> {
    if (facets.length === 0) return { items: [], total: 0, hasMore: false };
    return pageOf(await this.views.afresh(() => this.filters.page(facets, { limit: limit + 1, offset })), limit, offset);
  }

  async getCard(id: string): Promise<JsonText<CardWithLanguages> | null> {
    const card = await this.backend.card(id);
    return card && singleCard(card);
  }

  printingIds(nameKey: string, lang: string, limit: number): Promise<string[]> {
    return this.backend.printingIds(nameKey, lang, limit);
  }

  async getCards(ids: readonly string[]): Promise<Array<JsonText<CardWithVariants> | null>> {
    if (ids.length === 0) return [];
    const found = new Map((await this.backend.cards(ids)).map((card) => [card.id, cardWithVariants(card)]));
    return ids.map((id) => found.get(id) ?? null);
  }

  async searchCards(search: CardSearch): Promise<SearchPage<Card>> {
    if (NameSearch.answers(search)) return this.views.afresh(() => this.names.page(search));
    return pageOf(await this.backend.searchCards({ ...search, limit: search.limit + 1 }), search.limit, search.offset);
  }

  cardsInSearchOrder(orders: readonly number[]): Promise<{ version: string; docs: JoinedJson<Card> }> {
    return this.backend.cardsInSearchOrder(orders);
  }

  gameTextOrders(request: GameTextRequest): Promise<{ version: string; orders: number[] }> {
    return this.backend.gameTextOrders(request);
  }

  prepareNameSearch(): Promise<number> {
    return this.names.prepare();
  }

  nameLookup(version?: string): Promise<NameLookup> {
    return this.lookup.current(version);
  }

  async replaceCatalog(catalog: Catalog, progress?: ImportProgress, source?: SourceStamp): Promise<CatalogReplaced> {
    // Built before the backend's transaction begins: a record that cannot be stored fails the import with nothing written.
    const rows = catalogRows(catalog);
    try {
      return { ...await this.backend.writeCatalog(rows, progress, source), printingLinks: rows.printingLinks };
    } finally {
      this.views.drop();
    }
  }

  sourceStamp(): Promise<SourceStamp | null> {
    return this.backend.sourceStamp();
  }

  recordRetrieval(source: SourceStamp): Promise<boolean> {
    return this.backend.recordRetrieval(source, new Date().toISOString());
  }

  async rebuildStaleRows(progress?: ImportProgress): Promise<CatalogCounts | null> {
    const version = await this.backend.rowsVersion();
    // An empty catalog has no rows to rebuild (and no version recorded yet).
    if (version === ROWS_VERSION || (await this.backend.counts()).sets === 0) return null;
    const catalog: Catalog = { sets: [], cards: [] };
    for await (const set of this.exportSets()) catalog.sets.push(set);
    for await (const card of this.exportCards()) catalog.cards.push(card);
    try {
      return await this.backend.rewriteCatalog(catalogRows(catalog), version, progress);
    } finally {
      this.views.drop();
    }
  }

  catalogVersion(): Promise<string> {
    return this.backend.catalogVersion();
  }

  importedAt(): Promise<string | null> {
    return this.backend.importedAt();
  }

  retrieval(): Promise<CatalogRetrieval> {
    return this.backend.retrieval();
  }

  counts(): Promise<CatalogCounts> {
    return this.backend.counts();
  }

  async summary(): Promise<CatalogSummary> {
    const stored = await this.backend.summary();
    return { ...stored, languages: LANGUAGES.filter((language) => stored.languages.includes(language)) };
  }

  changesSince(afterSeq: number, limit: number): Promise<StoredChanges> {
    return this.backend.changesSince(afterSeq, limit);
  }

  readSnapshot<T>(read: (snapshot: AnswerSnapshot) => Promise<T>): Promise<T> {
    return this.backend.readSnapshot((snapshot) => read({
      version: snapshot.version, importedAt: snapshot.importedAt, epoch: snapshot.epoch, lastSeq: snapshot.lastSeq,
      sets: () => mapPages(snapshot.sets(), (set) => ({ lang: set.lang, json: singleSet(set.doc, set.cardCount, set.otherLanguages) })),
      cards: (lang) => mapPages(snapshot.cards(lang), (card) => ({ lang: card.lang, json: singleCard(card) })),
    }));
  }

  trySyncLock(): Promise<SyncLock | null> {
    return this.backend.trySyncLock();
  }

  async *exportSets(): AsyncIterable<CardSet> {
    for await (const doc of this.backend.setDocs()) yield parseStoredSet(doc);
  }

  async *exportCards(): AsyncIterable<CardRecord> {
    for await (const card of this.backend.cardDocs()) yield parseStoredCard(card);
  }

  ping(): Promise<boolean> {
    return this.backend.ping();
  }

  close(): Promise<void> {
    return this.backend.close();
  }
}

async function* mapPages<R>(pages: AsyncIterable<R[]>, answerOf: (row: R) => AnswerOf): AsyncIterable<AnswerOf[]> {
  for await (const page of pages) yield page.map(answerOf);
}

/**
 * A page from rows read with one row more than the page shows. A search read past its last
 * match cannot count the matches; the total is then 0 on the first page and unknown after it.
 */
function pageOf<T>({ docs, total }: StoredRows, limit: number, offset: number): Page<T> {
  const hasMore = docs.length > limit;
  return {
    items: hasMore ? docs.slice(0, limit) : docs,
    total: total ?? (offset > 0 ? null : 0),
    hasMore,
  };
}
