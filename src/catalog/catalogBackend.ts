import type { Card } from '../schemas/card.js';
import type { Language } from '../schemas/common.js';
import type { CatalogRows } from './rows/catalogRows.js';
import type { GameTextRequest } from './gameText/gameTextMatch.js';
import type { CardSearch, CatalogCounts, CatalogRetrieval, FilteredPageRequest, JoinedJson, PageRequest, SourceStamp, SyncLock } from './catalogShapes.js';
import type { ImportProgress } from './importProgress.js';
import type { StoredChanges } from './changes/changesFeed.js';
import type { CardNames } from './names/cardNames.js';
import type { NameSpellings } from './names/nameLookup.js';
import type { StoredCard, StoredSingleCard } from './rows/servedJson.js';

/**
 * Rows as a database reads them for one page: the stored documents in order, and the total.
 * A backend is asked for one row more than the page shows, so the extra row tells has_more.
 */
export interface StoredRows {
  docs: string[];
  /** The count of every match; null only for a search read past its last match (then unknown). */
  total: number | null;
}

export interface StoredSummary extends CatalogCounts {
  languages: string[];
  /** '' before the first import. */
  version: string;
  importedAt: string | null;
}

/** One snapshot of the catalog, as CatalogBackend.readSnapshot gives it. */
export interface CatalogSnapshot {
  version: string;
  importedAt: string | null;
  /** The changes feed's epoch ('' before the first import) and its last sequence number. */
  epoch: string;
  lastSeq: number;
  /** Pages of sets, newest first: the stored parts of each set's single answer. */
  sets(): AsyncIterable<Array<{ lang: string; doc: string; cardCount: number; otherLanguages: string }>>;
  /** Pages of cards in search order, of one language when `lang` is given: the stored parts of each card's single answer. */
  cards(lang?: string): AsyncIterable<Array<StoredSingleCard & { lang: string }>>;
}

/**
 * What a database (SQLite, PostgreSQL) does for the catalog: it stores ready rows and reads back
 * their text. Ranking, documents, splicing and page arithmetic are the catalog's (StoredCatalog),
 * so a backend holds SQL only.
 */
export interface CatalogBackend {
  sets(request: PageRequest & { lang?: Language }): Promise<StoredRows>;
  set(id: string): Promise<{ doc: string; cardCount: number; otherLanguages: string } | null>;
  /** null when the set does not exist. */
  cardsInSet(setId: string, request: FilteredPageRequest): Promise<StoredRows | null>;
  /**
   * The search orders of the cards of each facet (a facet no card has is absent), and the catalog
   * version they belong to, from one snapshot: what FilterIndex builds its bitsets from.
   */
  facetSearchOrders(facets: readonly string[]): Promise<{ version: string; orders: Record<string, number[]> }>;
  /**
   * The search orders of the cards whose game text matches `request` (the store's text index:
   * GameTextValue), each at least once, and the catalog version, from one snapshot.
   */
  gameTextOrders(request: GameTextRequest): Promise<{ version: string; orders: number[] }>;
  /**
   * The stored documents of the cards at these search orders, each having `facet` (the rows are
   * found through it), in search order; and the catalog version, from the same snapshot, even
   * when there are no orders.
   */
  cardsAtSearchOrders(facet: string, orders: readonly number[]): Promise<{ version: string; docs: string[] }>;
  /** Every card's folded name, search order and language, and the catalog version, from one snapshot: what NameIndex is built from. */
  cardNames(): Promise<CardNames>;
  /**
   * Each distinct folded name of each language with the name as its newest printing spells it, how
   * many printings it has and its newest printing's id; and the catalog version, from one snapshot:
   * what NameLookup is built from.
   */
  nameSpellings(): Promise<NameSpellings>;
  /**
   * The stored documents of the cards at these search orders, in the order given (an order no card
   * has is left out), joined as the database read them (a name search's page, spliced into its
   * answer unread); and the catalog version, from the same snapshot, even when there are no orders.
   */
  cardsInSearchOrder(orders: readonly number[]): Promise<{ version: string; docs: JoinedJson<Card> }>;
  card(id: string): Promise<StoredSingleCard | null>;
  /** The ids of the cards of `lang` whose folded name is `nameKey`, in search order (newest set first), at most `limit`. */
  printingIds(nameKey: string, lang: string, limit: number): Promise<string[]>;
  /** The cards of these ids that exist, in any order, in one statement. */
  cards(ids: readonly string[]): Promise<Array<StoredCard & { id: string }>>;
  searchCards(search: CardSearch): Promise<StoredRows>;

  /**
   * Makes the tables equal to `rows` in one transaction, writing only the rows that differ from
   * what is stored (planCatalogWrite) and appending the answers that changed to the changes feed:
   * readers see the old catalog until it commits, and a failure leaves it intact. A new
   * catalog_version only when a row was written; imported_at always (the retrieval).
   */
  writeCatalog(rows: CatalogRows, progress?: ImportProgress, source?: SourceStamp): Promise<CatalogCounts>;
  /** catalog_meta's source stamp (CatalogStore.sourceStamp), from the primary; null when none is stored. */
  sourceStamp(): Promise<SourceStamp | null>;
  /** CatalogStore.recordRetrieval, the retrieval made at `at`. */
  recordRetrieval(source: SourceStamp, at: string): Promise<boolean>;
  /**
   * writeCatalog for rows rebuilt from the stored documents: only while the stored rows are still
   * of version `replacing` (checked under the lock imports take, so an import that committed
   * meanwhile is never overwritten with the catalog it replaced; then null), and imported_at stays.
   */
  rewriteCatalog(rows: CatalogRows, replacing: number, progress?: ImportProgress): Promise<CatalogCounts | null>;
  /** The version of the stored rows (CatalogRows.version); 1 for rows stored before versions were recorded. */
  rowsVersion(): Promise<number>;
  /**
   * catalog_meta's catalog_version, a random stamp that writeCatalog and rewriteCatalog store in
   * their transaction when they write a row ('' before the first of them); read where the request path reads.
   */
  catalogVersion(): Promise<string>;
  /** catalog_meta's imported_at: when writeCatalog last stored an import (ISO 8601); null before the first. */
  importedAt(): Promise<string | null>;
  /** catalog_version and imported_at from one snapshot, where the request path reads. */
  retrieval(): Promise<CatalogRetrieval>;
  counts(): Promise<CatalogCounts>;
  /** The counts, the distinct languages of the sets (any order) and catalog_meta's catalog_version and imported_at. */
  summary(): Promise<StoredSummary>;
  /** The changes feed after `afterSeq`, up to `limit` changes, with its epoch and bounds, from one snapshot. */
  changesSince(afterSeq: number, limit: number): Promise<StoredChanges>;
  /**
   * Reads every set and card of one snapshot through `read` (the bulk files' content): the catalog's
   * version, retrieval and feed position at that snapshot, and pages of rows, sets by rank and cards
   * in search order, each page read when asked for, so a whole catalog is never held at once.
   */
  readSnapshot<T>(read: (snapshot: CatalogSnapshot) => Promise<T>): Promise<T>;
  /**
   * The catalog's sync lock, held until released, or null when another process holds it
   * (PostgreSQL: a session advisory lock on a connection of its own). SQLite holds none: one
   * service serves a file, and its writes queue on the file's write lock anyway.
   */
  trySyncLock(): Promise<SyncLock | null>;
  /** Set documents, newest first. */
  setDocs(): AsyncIterable<string>;
  /** Card documents, in search order, from one snapshot. */
  cardDocs(): AsyncIterable<StoredCard>;
  ping(): Promise<boolean>;
  close(): Promise<void>;
}
