import type { Language } from '../schemas/common.js';
import type { Card, CardRecord, CardWithLanguages, CardWithVariants } from '../schemas/card.js';
import type { CardSet, SetWithCount } from '../schemas/set.js';
import type { ImportProgress } from './importProgress.js';
import type { NameLookup } from './names/nameLookup.js';
import type { CatalogViews } from './catalogViews.js';
import type { GameTextRequest } from './gameText/gameTextMatch.js';
import type { StoredChanges } from './changes/changesFeed.js';
import type { JoinedJson, JsonText, Page, SearchPage, PageRequest, FilteredPageRequest, CardSearch, Catalog, CatalogCounts, CatalogReplaced, CatalogSummary, CatalogRetrieval, SourceStamp, AnswerSnapshot, SyncLock } from './catalogShapes.js';

/** The catalog, as every store (SQLite, PostgreSQL) serves it. */
export interface CatalogStore {
  /**
   * What this process keeps in memory of the catalog registers here and is emptied here at once
   * (CatalogViews): on a write through this store, a read that saw a new version, or the answer
   * cache's watcher finding a new retrieval.
   */
  readonly views: CatalogViews;
  listSets(request: PageRequest & { lang?: Language }): Promise<Page<CardSet>>;
  getSet(id: string): Promise<JsonText<SetWithCount> | null>;
  /** null when the set does not exist. */
  listCardsInSet(setId: string, request: FilteredPageRequest): Promise<Page<Card> | null>;
  /**
   * The cards having every one of `facets` (at least one; the most selective first), newest set
   * first, then set, then number; the total is exact.
   */
  listFilteredCards(facets: readonly string[], request: PageRequest): Promise<Page<Card>>;
  getCard(id: string): Promise<JsonText<CardWithLanguages> | null>;
  /** Each of these cards with its variants, in the order of `ids`; null for an id of no card. */
  getCards(ids: readonly string[]): Promise<Array<JsonText<CardWithVariants> | null>>;
  /** The ids of the printings of `lang` of exactly the folded name `nameKey`, newest first, at most `limit`. */
  printingIds(nameKey: string, lang: string, limit: number): Promise<string[]>;
  searchCards(search: CardSearch): Promise<SearchPage<Card>>;
  /**
   * The listed cards at these search orders, in the order given (an order no card has is left out),
   * and the catalog version they were read at: a page of an index kept over search order (`query`).
   */
  cardsInSearchOrder(orders: readonly number[]): Promise<{ version: string; docs: JoinedJson<Card> }>;
  /** The search orders of the cards whose game text matches `request` (the store's text index), and the catalog version read. */
  gameTextOrders(request: GameTextRequest): Promise<{ version: string; orders: number[] }>;
  /**
   * The distinct names of the catalog being served, per language (NameLookup), for lookups by typed
   * name: the one held, unless `version` (the version an answer is built for) is newer than it.
   */
  nameLookup(version?: string): Promise<NameLookup>;
  /**
   * Builds now what the first name search would otherwise build while it and every request behind
   * it wait (the name index): a server does this before it listens. How many distinct names it holds.
   * An index already held is kept, as a search keeps it: the first search after an import reads it again.
   */
  prepareNameSearch(): Promise<number>;

  /**
   * Makes the catalog equal to `catalog` in one transaction, writing only what differs from what is
   * stored and recording each card or set whose answer changed in the changes feed: readers see the
   * old catalog until it commits, and a failure leaves it intact. Always a new retrieval (importedAt);
   * a new catalogVersion only when something was written. The catalog's source stamp becomes
   * `source` (none when not given: a catalog of unknown source is never skipped as unchanged).
   */
  replaceCatalog(catalog: Catalog, progress?: ImportProgress, source?: SourceStamp): Promise<CatalogReplaced>;
  /** The stamp of the source the catalog was last imported from; null when unknown (none recorded). */
  sourceStamp(): Promise<SourceStamp | null>;
  /**
   * A retrieval of an unchanged source: when the stored stamp still equals `source` (checked under
   * the lock imports take), moves importedAt and records the retrieval in the changes feed (with no
   * change), as an import that changes nothing does, and writes no catalog row; the catalog version
   * stays. false, having done nothing, when the stored stamp differs (an import came between).
   */
  recordRetrieval(source: SourceStamp): Promise<boolean>;
  /**
   * Rebuilds the rows from the stored records when an older (or newer) catalogRows() built them,
   * as a server does on start; the counts when it did, null when the rows were current or an
   * import replaced them meanwhile.
   */
  rebuildStaleRows(progress?: ImportProgress): Promise<CatalogCounts | null>;
  /**
   * A stamp that every import that changes the catalog, and every rebuild, changes, whichever process
   * wrote it (an import that changes nothing keeps it, and moves importedAt only); cheap enough
   * to read several times a second. Caches of the catalog's answers drop them when it changes.
   */
  catalogVersion(): Promise<string>;
  /** When the catalog was last imported (ISO 8601), which a rebuild of its rows keeps; null before the first import. */
  importedAt(): Promise<string | null>;
  /** The version and the import time in one read, as cheap as catalogVersion(): what answers are built for. */
  retrieval(): Promise<CatalogRetrieval>;
  counts(): Promise<CatalogCounts>;
  /** The counts, the languages, the version and the import time, read together. */
  summary(): Promise<CatalogSummary>;
  /** The changes feed after `afterSeq`, up to `limit` changes, with its epoch and bounds (changesFeed.ts), from one snapshot. */
  changesSince(afterSeq: number, limit: number): Promise<StoredChanges>;
  /**
   * Every set and card answer of one snapshot, as `GET /v1/sets?id=` and `GET /v1/cards?id=` give
   * their `data` (the bulk files' content), page by page: never the whole catalog at once.
   */
  readSnapshot<T>(read: (snapshot: AnswerSnapshot) => Promise<T>): Promise<T>;
  /** The lock that lets one process at a time sync the catalog (CatalogBackend.trySyncLock); null while another holds it. */
  trySyncLock(): Promise<SyncLock | null>;
  exportSets(): AsyncIterable<CardSet>;
  /** The card records: what an import gave, without the fields rows derive from the set (set_name, set_code). */
  exportCards(): AsyncIterable<CardRecord>;
  /** True while the store answers. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}
