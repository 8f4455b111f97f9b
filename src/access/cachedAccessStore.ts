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
/** How recent a check of the keys' version spares a lookup its own (confirmEachLookup). */
export const CONFIRMED_LATELY_MS = 10;

/**
 * An AccessStore that answers findKeyByHash from memory: an LRU of the key records the wrapped
 * store found, bounded by entry count. Unknown hashes are not cached: they cost a lookup each, as
 * before, and a flood of random keys can neither grow the map nor evict the keys in use. Every key
 * creation or revocation changes the keys' version; one through this store drops everything at
 * once, and a timer reads the version (one row) so one by another instance or the CLI drops
 * everything within a second. Whether an OAuth grant was ended is held the same way. Counting and
 * everything else go to the wrapped store as they are.
 */
export class CachedAccessStore extends AccessStoreDecorator {
  private readonly records: LRUCache<string, KeyRecord>;
  /** Whether an OAuth grant was ended, by its id: asked on every request with an access token. */
  private readonly grants: LRUCache<string, boolean>;
  private readonly watch: VersionWatch;
  private readonly confirmEachLookup: boolean;
  private hits = 0;
  /** Lookups under way, by key hash. */
  private readonly admitting = new Map<string, Promise<Admission | null>>();
  private misses = 0;

  constructor(inner: AccessStore, options: CachedAccessStoreOptions = {}) {
    super(inner);
    this.records = new LRUCache({ max: options.maxEntries ?? DEFAULT_MAX_KEY_ENTRIES });
    this.grants = new LRUCache({ max: options.maxEntries ?? DEFAULT_MAX_KEY_ENTRIES });
    this.watch = new VersionWatch(async () => ({ version: await inner.keysVersion() }), () => {
      this.records.clear();
      this.grants.clear();
    }, options);
    this.confirmEachLookup = options.confirmEachLookup ?? false;
  }

  stats(): KeyCacheStats {
    return { hits: this.hits, misses: this.misses, entries: this.records.size, maxEntries: this.records.max, version: this.watch.stamp?.version ?? null };
  }

  override async findKeyByHash(keyHash: string): Promise<KeyRecord | null> {
    if (this.confirmationDue()) await this.confirm();
    const hit = this.fromMemory(keyHash);
    if (hit !== undefined) return hit;
    const epoch = this.watch.epoch;
    const record = await this.inner.findKeyByHash(keyHash);
    if (record !== null) this.remember(epoch, keyHash, record);
    return record;
  }

  /** A known key is counted by the store it wraps; an unknown one is looked up and counted in one step. */
  override async admitRequest(keyHash: string, month: string): Promise<Admission | null> {
    if (this.confirmationDue()) await this.confirm();
    const key = this.fromMemory(keyHash);
    if (key !== undefined) return this.countKnown(key, month);
    // A burst on a key not in memory sends one lookup, not one per request: the others wait for
    // it and are counted as known keys.
    const pending = this.admitting.get(keyHash);
    if (pending) {
      const first = await pending;
      return first === null ? null : this.countKnown(first.key, month);
    }
    const epoch = this.watch.epoch;
    const admission = this.inner.admitRequest(keyHash, month);
    this.admitting.set(keyHash, admission);
    try {
      const admitted = await admission;
      if (admitted !== null) this.remember(epoch, keyHash, admitted.key);
      return admitted;
    } finally {
      this.admitting.delete(keyHash);
    }
  }

  private async countKnown(key: KeyRecord, month: string): Promise<Admission> {
    return { key, used: key.revokedAt === null ? await this.inner.countRequest(key.id, month, key.monthlyLimit) : null };
  }

  /** With confirmEachLookup: whether the keys' version is to be read first (no read started lately). */
  private confirmationDue(): boolean {
    return this.confirmEachLookup && this.records.size > 0 && !this.watch.confirmedWithin(CONFIRMED_LATELY_MS);
  }

  /** Reads the keys' version; a failed read leaves memory unconfirmed, so the lookup reads through. */
  private async confirm(): Promise<void> {
    await this.watch.check().catch(() => undefined);
  }

  /** Keeps a record read while the keys' version was the one of `epoch` (none read before a drop is kept after it). */
  private remember(epoch: number, keyHash: string, record: KeyRecord): void {
    if (epoch === this.watch.epoch) this.records.set(keyHash, Object.freeze(record));
  }

  /** The key's record if memory holds it and the keys' version was confirmed lately (counted as a hit or a miss). */
  private fromMemory(keyHash: string): KeyRecord | undefined {
    const hit = this.watch.trusted ? this.records.get(keyHash) : undefined;
    if (hit !== undefined) this.hits += 1;
    else this.misses += 1;
    return hit;
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

  /** From memory as a key's record is: an ended grant raises the keys' version, which empties it on every instance. */
  override async isGrantRevoked(grantId: string): Promise<boolean> {
    if (this.confirmEachLookup && !this.watch.confirmedWithin(CONFIRMED_LATELY_MS)) await this.confirm();
    const known = this.watch.trusted ? this.grants.get(grantId) : undefined;
    if (known !== undefined) return known;
    const epoch = this.watch.epoch;
    const revoked = await this.inner.isGrantRevoked(grantId);
    if (epoch === this.watch.epoch) this.grants.set(grantId, revoked);
    return revoked;
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
