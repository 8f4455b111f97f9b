import { LRUCache } from 'lru-cache';
import { VersionWatch } from '../versionWatch.js';
import type { AccessStore, Admission, AddressLimit, KeyInsertion, KeyRecord, KeySelector, NewKey } from './accessStore.js';
import { AccessStoreDecorator } from './accessStoreDecorator.js';

export interface CachedAccessStoreOptions {
  /** The most key records held; 100,000 unless told. */
  maxEntries?: number;
  /** How often the keys' version is read; 250 ms unless told. */
  checkEveryMs?: number;
  /**
   * Whether an answer from memory first reads the keys' version unless a read started within the
   * last CONFIRMED_LATELY_MS: for a store where that read costs no round trip (SQLite's
   * `PRAGMA data_version` is shared memory), so a revocation by another process takes effect within
   * milliseconds rather than within a second, while a busy instance reads it a hundred times a
   * second rather than on every request.
   */
  confirmEachLookup?: boolean;
  /** A monotonic clock in ms (tests). */
  now?: () => number;
}

export interface KeyCacheStats {
  hits: number;
  misses: number;
  entries: number;
  maxEntries: number;
  /** The keys' version the cached records belong to; null until it was first read. */
  version: string | null;
}

export const DEFAULT_MAX_KEY_ENTRIES = 100_000;

/** A keyed request whose key is looked up: the admission, when its lookup was the one read. */
interface FirstRequest {
  month: string;
  admission?: Admission | null;
}
/** How recent a check of the keys' version spares a lookup its own (confirmEachLookup). */
export const CONFIRMED_LATELY_MS = 10;

/**
 * An AccessStore that answers findKeyByHash from memory: an LRU of the key records the wrapped
 * store found, bounded by entry count. A miss is lru-cache's `fetch()`, so a burst of requests on a
 * key not in memory sends one lookup and the others wait for it. Unknown hashes are not kept: they
 * cost a lookup each, and a flood of random keys can neither grow the map nor evict the keys in
 * use. Every key creation or revocation changes the keys' version; one through this store drops
 * everything at once, and a timer reads the version (one row) so one by another instance or the
 * CLI drops everything within a second. A drop empties the LRU, which abandons the lookups under
 * way: their callers get what was read, but it is not kept. Whether an OAuth grant was ended is
 * held the same way. A keyed request is the key found here, then counted by the wrapped store; the
 * one whose lookup reads the key is found and counted by the wrapped store in one step (admitRequest).
 */
export class CachedAccessStore extends AccessStoreDecorator {
  private readonly records: LRUCache<string, KeyRecord, FirstRequest | null>;
  /** Whether an OAuth grant was ended, by its id: asked on every request with an access token. */
  private readonly grants: LRUCache<string, boolean>;
  private readonly watch: VersionWatch;
  private readonly confirmEachLookup: boolean;
  private hits = 0;
  private misses = 0;

  constructor(inner: AccessStore, options: CachedAccessStoreOptions = {}) {
    super(inner);
    const max = options.maxEntries ?? DEFAULT_MAX_KEY_ENTRIES;
    // ignoreFetchAbort: a lookup abandoned by a drop still answers its callers; lru-cache keeps it only if not abandoned.
    // Bounded by maxSize, one a record, rather than max: given max, lru-cache allocates its arrays
    // for that many entries at once, memory held from the start for keys that may never come.
    const bound = { maxSize: max, sizeCalculation: () => 1 };
    this.records = new LRUCache<string, KeyRecord, FirstRequest | null>({
      ...bound, ignoreFetchAbort: true,
      fetchMethod: async (keyHash, _stale, { context: request }) => {
        if (request === null) {
          const record = await inner.findKeyByHash(keyHash);
          return record === null ? undefined : Object.freeze(record);
        }
        request.admission = await inner.admitRequest(keyHash, request.month);
        return request.admission === null ? undefined : Object.freeze(request.admission.key);
      },
    });
    this.grants = new LRUCache<string, boolean>({
      ...bound, ignoreFetchAbort: true, fetchMethod: (grantId) => inner.isGrantRevoked(grantId),
    });
    this.watch = new VersionWatch(async () => ({ version: await inner.keysVersion() }), () => {
      this.records.clear();
      this.grants.clear();
    }, options);
    this.confirmEachLookup = options.confirmEachLookup ?? false;
  }

  stats(): KeyCacheStats {
    return { hits: this.hits, misses: this.misses, entries: this.records.size, maxEntries: this.records.max, version: this.watch.stamp?.version ?? null };
  }

  /** The key's record from memory while the keys' version was confirmed lately, else read (once for every caller asking meanwhile). */
  override findKeyByHash(keyHash: string): Promise<KeyRecord | null> {
    return this.lookUp(keyHash, null);
  }

  /**
   * The key found as findKeyByHash finds it, then counted by the store it wraps. A request whose
   * lookup is the one read (the key not in memory) is found and counted by the wrapped store's
   * admitRequest, one step; the requests that waited for that read are counted as found keys.
   */
  override async admitRequest(keyHash: string, month: string): Promise<Admission | null> {
    const request: FirstRequest = { month };
    const key = await this.lookUp(keyHash, request);
    if (request.admission !== undefined) return request.admission;
    if (key === null) return null;
    return { key, used: key.revokedAt === null ? await this.inner.countRequest(key.id, month, key.monthlyLimit) : null };
  }

  /** The record from memory, or read; a read started for `request` admits it (the fetch method). */
  private async lookUp(keyHash: string, request: FirstRequest | null): Promise<KeyRecord | null> {
    if (this.records.size > 0 && this.confirmationDue()) await this.confirm();
    const trusted = this.watch.trusted;
    const hit = trusted ? this.records.get(keyHash) : undefined;
    if (hit !== undefined) {
      this.hits += 1;
      return hit;
    }
    this.misses += 1;
    return (await this.records.fetch(keyHash, { forceRefresh: !trusted, context: request })) ?? null;
  }

  /** From memory as a key's record is: an ended grant raises the keys' version, which empties it on every instance. */
  override async isGrantRevoked(grantId: string): Promise<boolean> {
    if (this.confirmationDue()) await this.confirm();
    return (await this.grants.fetch(grantId, { forceRefresh: !this.watch.trusted }))!;
  }

  /** With confirmEachLookup: whether the keys' version is to be read first (no read started lately). */
  private confirmationDue(): boolean {
    return this.confirmEachLookup && !this.watch.confirmedWithin(CONFIRMED_LATELY_MS);
  }

  /** Reads the keys' version; a failed read leaves memory unconfirmed, so the lookup reads through. */
  private async confirm(): Promise<void> {
    await this.watch.check().catch(() => undefined);
  }

  override async insertKey(key: NewKey, addressLimit?: AddressLimit): Promise<KeyInsertion> {
    try {
      return await this.inner.insertKey(key, addressLimit);
    } finally {
      await this.watch.dropAfterWrite();
    }
  }

  override async revokeKeys(selector: KeySelector, revokedAt: string): Promise<KeyRecord[]> {
    try {
      return await this.inner.revokeKeys(selector, revokedAt);
    } finally {
      await this.watch.dropAfterWrite();
    }
  }

  override async revokeGrant(grantId: string, expiresAt: number, nowSeconds: number): Promise<void> {
    try {
      await this.inner.revokeGrant(grantId, expiresAt, nowSeconds);
    } finally {
      await this.watch.dropAfterWrite();
    }
  }

  override async close(): Promise<void> {
    this.watch.close();
    await this.inner.close();
  }
}
