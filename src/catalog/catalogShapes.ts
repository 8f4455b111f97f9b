import type { Language } from '../schemas/common.js';
import type { CardRecord } from '../schemas/card.js';
import type { CardSet } from '../schemas/set.js';
import type { PrintingLinkReport } from './rows/printingLinks.js';

/*
 * The shapes the catalog's ports pass: pages, searches, the catalog an import gives, its counts and retrieval.
 */

/**
 * JSON text of a T, exactly as it goes on the wire. Stores keep each record serialized so the
 * hot path splices text instead of parsing and re-serializing it.
 */
export type JsonText<T> = string & { readonly __jsonOf?: T };

export interface Page<T> {
  items: JsonText<T>[];
  /** Exact for set lists and set card lists; an estimate for searches. */
  total: number | null;
  hasMore: boolean;
}

/**
 * JSON texts of T, in order, as one run of bytes: their UTF-8 joined by commas (the inside of a
 * JSON array), and how many there are. A name search's page comes so from the database and goes
 * into its answer as it is, where its texts, decoded to strings, joined and encoded again, cost the
 * main thread a copy and a string's worth of garbage on every search.
 */
export interface JoinedJson<T> {
  bytes: Buffer;
  count: number;
  readonly __jsonOf?: T;
}

/** A search's page: its items as texts, or joined (a name search). */
export interface SearchPage<T> extends Omit<Page<T>, 'items'> {
  items: JsonText<T>[] | JoinedJson<T>;
}

export interface PageRequest {
  limit: number;
  offset: number;
}

/** A page of cards that must have every one of `facets` (cardFacets.ts); none or [] for no filter. */
export interface FilteredPageRequest extends PageRequest {
  facets?: readonly string[];
}

export interface CardSearch extends FilteredPageRequest {
  /** The query folded by searchKey(), 2 or more code points. */
  key: string;
  lang?: Language;
}

/** The whole catalog, as an import gives it to a store. */
export interface Catalog {
  sets: CardSet[];
  cards: CardRecord[];
}

export interface CatalogCounts {
  sets: number;
  cards: number;
}

/** What replacing the catalog did: what the store holds, and what the links between the Asian and English catalogs reached. */
export interface CatalogReplaced extends CatalogCounts {
  printingLinks: PrintingLinkReport;
}

/** What the catalog holds, as the home page and operators describe it. */
export interface CatalogSummary extends CatalogCounts {
  /** The languages with at least one set, in the order of LANGUAGES. */
  languages: Language[];
  /** catalogVersion(): '' before the first import. */
  version: string;
  /** When the catalog was last imported (ISO 8601; a rebuild keeps it); null before the first import. */
  importedAt: string | null;
}

/** Which catalog a store serves: its version and when it was retrieved from its source, read together. */
export interface CatalogRetrieval {
  /** catalogVersion(). */
  version: string;
  /** importedAt(). */
  importedAt: string | null;
}

/**
 * What a catalog was imported from: the source's fingerprint (its files' bytes, or what a crawl read)
 * and the version of the mapping that made records of it (sourceFingerprint.ts). An import whose
 * stamp equals the stored one would write nothing, so it only records the retrieval.
 */
export interface SourceStamp {
  fingerprint: string;
  mappingVersion: number;
}

/** A record's single answer (its `data`) and its language. */
export interface AnswerOf {
  lang: string;
  json: string;
}

/** One snapshot of the catalog's answers, with the version, retrieval and feed position they belong to. */
export interface AnswerSnapshot {
  version: string;
  importedAt: string | null;
  /** The changes feed's epoch ('' before the first import) and its last sequence number at the snapshot. */
  epoch: string;
  lastSeq: number;
  /** Sets newest first. */
  sets(): AsyncIterable<AnswerOf[]>;
  /** Cards newest set first, then set, then number; of one language when `lang` is given. */
  cards(lang?: string): AsyncIterable<AnswerOf[]>;
}

/** A held lock; release() gives it back. */
export interface SyncLock {
  release(): Promise<void>;
}
