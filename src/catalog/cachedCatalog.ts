import type { Language } from '../schemas/common.js';
import type { Card, CardWithLanguages, CardWithVariants } from '../schemas/card.js';
import type { CardSet, SetWithCount } from '../schemas/set.js';
import { VersionedCache } from '../cache/versionedCache.js';
import type {
  CardSearch, Catalog, CatalogCounts, CatalogStore, CatalogSummary, FilteredPageRequest, JsonText, Page, PageRequest,
} from './catalogStore.js';
import type { ImportProgress } from './importProgress.js';

export interface CachedCatalogOptions {
  /** The bound on what the cache holds: the characters of its JSON text, plus ENTRY_OVERHEAD per entry and per page item. */
  maxBytes: number;
  /** How often the catalog's version is read; 250 ms unless told. */
  checkEveryMs?: number;
  /** A monotonic clock in ms (tests). */
  now?: () => number;
}

export interface CatalogCacheStats {
  hits: number;
  /** Reads that went to the database. */
  misses: number;
  /** Reads answered by a miss already under way for the same request (not counted in hits or misses). */
  joined: number;
  entries: number;
  bytes: number;
  maxBytes: number;
  /** The catalog version the cached answers belong to; null until it was first read. */
  version: string | null;
}

/** What an entry costs beyond its text: the key's Map slot, the wrapper objects, a page item's array slot. */
export const ENTRY_OVERHEAD = 64;

/**
 * A CatalogStore that answers the catalog's reads from memory: a bounded LRU of the answers the
 * wrapped store gave (pages and documents as JSON text, and the nulls of what does not exist),
 * keyed by the normalized request. Every import or rebuild changes the catalog's version; a write
 * through this store drops everything at once, and a timer reads the version (cheap) so a write by
 * another instance or process drops everything within a second. Concurrent misses of one request
 * share one database read, so a burst on a page nobody asked for since the last import (a cold
 * start, the drop an import causes) costs one query, not one per connection.
 */
export class CachedCatalog implements CatalogStore {
  private readonly cache: VersionedCache<unknown>;
  private hits = 0;
  private misses = 0;
  private joined = 0;
  /** The misses under way, by key, with the epoch they started in: none is joined across a drop. */
  private readonly inFlight = new Map<string, { epoch: number; answer: Promise<unknown> }>();

  constructor(private readonly inner: CatalogStore, options: CachedCatalogOptions) {
    this.cache = new VersionedCache(() => inner.catalogVersion(), options);
  }

  stats(): CatalogCacheStats {
    return { hits: this.hits, misses: this.misses, joined: this.joined, ...this.cache.stats };
  }

  listSets(request: PageRequest & { lang?: Language }): Promise<Page<CardSet>> {
    return this.cached(['sets', request.lang ?? null, request.limit, request.offset], () => this.inner.listSets(request), pageBytes);
  }

  getSet(id: string): Promise<JsonText<SetWithCount> | null> {
    return this.cached(['set', id], () => this.inner.getSet(id), textBytes);
  }

  listCardsInSet(setId: string, request: FilteredPageRequest): Promise<Page<Card> | null> {
    return this.cached(['cardsInSet', setId, request.limit, request.offset, facetKey(request.facets)],
      () => this.inner.listCardsInSet(setId, request), (page) => (page ? pageBytes(page) : 0));
  }

  listFilteredCards(facets: readonly string[], request: PageRequest): Promise<Page<Card>> {
    return this.cached(['filtered', facetKey(facets), request.limit, request.offset],
      () => this.inner.listFilteredCards(facets, request), pageBytes);
  }

  getCard(id: string): Promise<JsonText<CardWithLanguages> | null> {
    return this.cached(['card', id], () => this.inner.getCard(id), textBytes);
  }

  searchCards(search: CardSearch): Promise<Page<Card>> {
    return this.cached(['search', search.key, search.lang ?? null, search.limit, search.offset, facetKey(search.facets)],
      () => this.inner.searchCards(search), pageBytes);
  }

  /**
   * Each card on its own entry, so batches that share cards share them; the missing ones read in one
   * call. The batch as a whole has an entry too (the cards' own texts, not copies, though charged as
   * if they were), so a batch asked again is one lookup rather than one per card (fifty, for the
   * bench's batch: an eighth of its time).
   */
  async getCards(ids: readonly string[]): Promise<Array<JsonText<CardWithVariants> | null>> {
    const batchKey = cardsBatchKey(ids);
    const batch = this.cache.get(batchKey) as Array<JsonText<CardWithVariants> | null> | undefined;
    if (batch !== undefined) {
      this.hits += ids.length;
      return batch;
    }
    const batchEpoch = this.cache.epoch;
    const cards = await this.cardsOneByOne(ids);
    // Charged for the texts it keeps alive, as the cards' own entries may be dropped before it.
    this.store(batchEpoch, batchKey, Object.freeze(cards), cards.reduce((sum, card) => sum + textBytes(card) + ENTRY_OVERHEAD, 0));
    return cards;
  }

  private async cardsOneByOne(ids: readonly string[]): Promise<Array<JsonText<CardWithVariants> | null>> {
    const answers: Array<JsonText<CardWithVariants> | null | undefined> = ids.map((id) => this.cache.get(cardsKey(id)) as
      JsonText<CardWithVariants> | null | undefined);
    const missing = [...new Set(ids.filter((_, i) => answers[i] === undefined))];
    this.hits += ids.length - answers.filter((answer) => answer === undefined).length;
    if (missing.length === 0) return answers as Array<JsonText<CardWithVariants> | null>;
    this.misses += missing.length;
    const epoch = this.cache.epoch;
    const read = await this.inner.getCards(missing);
    const found = new Map(missing.map((id, i) => [id, read[i] ?? null]));
    for (const [id, card] of found) this.store(epoch, cardsKey(id), card, textBytes(card));
    return ids.map((id, i) => answers[i] ?? found.get(id) ?? null);
  }

  async replaceCatalog(catalog: Catalog, progress?: ImportProgress): Promise<CatalogCounts> {
    try {
      return await this.inner.replaceCatalog(catalog, progress);
    } finally {
      await this.cache.dropAfterWrite();
    }
  }

  async rebuildStaleRows(progress?: ImportProgress): Promise<CatalogCounts | null> {
    try {
      return await this.inner.rebuildStaleRows(progress);
    } finally {
      await this.cache.dropAfterWrite();
    }
  }

  catalogVersion(): Promise<string> {
    return this.inner.catalogVersion();
  }

  importedAt(): Promise<string | null> {
    return this.inner.importedAt();
  }

  counts(): Promise<CatalogCounts> {
    return this.inner.counts();
  }

  /** Cached like the reads: every home page asks for it, and it only changes with the catalog. */
  summary(): Promise<CatalogSummary> {
    return this.cached(['summary'], () => this.inner.summary(), (summary) => JSON.stringify(summary).length);
  }

  exportSets(): AsyncIterable<CardSet> {
    return this.inner.exportSets();
  }

  exportCards(): AsyncIterable<CardWithVariants> {
    return this.inner.exportCards();
  }

  ping(): Promise<boolean> {
    return this.inner.ping();
  }

  async close(): Promise<void> {
    this.cache.close();
    await this.inner.close();
  }

  private cached<T>(key: unknown[], read: () => Promise<T>, bytesOf: (value: T) => number): Promise<T> {
    const text = JSON.stringify(key);
    const hit = this.cache.get(text);
    if (hit !== undefined) {
      this.hits += 1;
      return Promise.resolve(hit as T);
    }
    const epoch = this.cache.epoch;
    const underWay = this.inFlight.get(text);
    if (underWay?.epoch === epoch) {
      this.joined += 1;
      return underWay.answer as Promise<T>;
    }
    this.misses += 1;
    const answer = (async () => {
      const value = await read();
      this.store(epoch, text, freeze(value), bytesOf(value));
      return value;
    })().finally(() => {
      if (this.inFlight.get(text)?.answer === answer) this.inFlight.delete(text);
    });
    this.inFlight.set(text, { epoch, answer });
    return answer;
  }

  private store(epoch: number, key: string, value: unknown, bytes: number): void {
    this.cache.set(epoch, key, value, key.length + bytes + ENTRY_OVERHEAD);
  }
}

const cardsKey = (id: string) => JSON.stringify(['cards', id]);
/** A batch's ids as asked, in order: ids never hold a comma (the edges split on it). */
const cardsBatchKey = (ids: readonly string[]) => `["cardBatch",${JSON.stringify(ids.join(','))}]`;
/** Facets in one order, each once: the same filter however it was written. */
const facetKey = (facets: readonly string[] | undefined) => [...new Set(facets ?? [])].sort();
const textBytes = (text: string | null) => text?.length ?? 0;
const pageBytes = (page: Page<unknown>) => page.items.reduce((sum, item) => sum + item.length + ENTRY_OVERHEAD, 0);

/** Cached pages are shared by every caller: none may change one. */
function freeze<T>(value: T): T {
  if (value !== null && typeof value === 'object') {
    const page = value as unknown as Page<unknown>;
    if (Array.isArray(page.items)) Object.freeze(page.items);
    Object.freeze(value);
  }
  return value;
}
