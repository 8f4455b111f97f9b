import type { Language } from '../schemas/common.js';
import type { CatalogRows } from './catalogRows.js';
import type { CardSearch, CatalogCounts, CatalogRetrieval, FilteredPageRequest, PageRequest } from './catalogStore.js';
import type { ImportProgress } from './importProgress.js';
import type { CardNames } from './nameIndex.js';
import type { NameSpellings } from './nameLookup.js';
import type { StoredCard, StoredSingleCard } from './servedJson.js';

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
   * has is left out); and the catalog version, from the same snapshot, even when there are no orders.
   */
  cardsInSearchOrder(orders: readonly number[]): Promise<{ version: string; docs: string[] }>;
  card(id: string): Promise<StoredSingleCard | null>;
  /** The cards of these ids that exist, in any order, in one statement. */
  cards(ids: readonly string[]): Promise<Array<StoredCard & { id: string }>>;
  searchCards(search: CardSearch): Promise<StoredRows>;

  /**
   * Makes the tables equal to `rows` in one transaction (upsert, then delete what is gone):
   * readers see the old catalog until it commits, and a failure leaves it intact.
   */
  writeCatalog(rows: CatalogRows, progress?: ImportProgress): Promise<CatalogCounts>;
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
   * their transaction ('' before the first of them); read where the request path reads.
   */
  catalogVersion(): Promise<string>;
  /** catalog_meta's imported_at: when writeCatalog last stored an import (ISO 8601); null before the first. */
  importedAt(): Promise<string | null>;
  /** catalog_version and imported_at from one snapshot, where the request path reads. */
  retrieval(): Promise<CatalogRetrieval>;
  counts(): Promise<CatalogCounts>;
  /** The counts, the distinct languages of the sets (any order) and catalog_meta's catalog_version and imported_at. */
  summary(): Promise<StoredSummary>;
  /** Set documents, newest first. */
  setDocs(): AsyncIterable<string>;
  /** Card documents, in search order, from one snapshot. */
  cardDocs(): AsyncIterable<StoredCard>;
  ping(): Promise<boolean>;
  close(): Promise<void>;
}
