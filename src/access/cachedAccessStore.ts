import { ByteBoundedLru } from '../catalog/byteBoundedLru.js';
import type {
  AccessStore, AddressLimit, KeyInsertion, KeyRecord, KeySelector, KeyUsage, NewKey,
} from './accessStore.js';

export interface CachedAccessStoreOptions {
  /** The most key records held; 100,000 unless told. */
  maxEntries?: number;
  /** How often the keys' version is read; 250 ms unless told. */
  checkEveryMs?: number;
  /**
   * Whether every answer from memory first reads the keys' version: for a store where that read
   * costs no round trip (SQLite's `PRAGMA data_version` is shared memory), so a revocation by
   * another process takes effect on the next request rather than within a second.
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
/**
 * A record is served from memory only while a version check that started at most this long ago
 * found the keys unchanged, so no instance lets a revoked key in for more than 1 s after the
 * revocation committed, even when checks are slow or fail.
 */
const TRUSTED_FOR_MS = 750;

/**
 * An AccessStore that answers findKeyByHash from memory: an LRU of the key records the wrapped
 * store found, bounded by entry count. Unknown hashes are not cached: they cost a lookup each, as
 * before, and a flood of random keys can neither grow the map nor evict the keys in use. Every key
 * creation or revocation changes the keys' version; one through this store drops everything at
 * once, and a timer reads the version (one row) so one by another instance or the CLI drops
 * everything within a second. Counting and everything else go to the wrapped store as they are.
 */
export class CachedAccessStore implements AccessStore {
  private readonly lru: ByteBoundedLru<KeyRecord>;
  private readonly now: () => number;
  private readonly timer: NodeJS.Timeout;
  private readonly confirmEachLookup: boolean;
  private hits = 0;
  private misses = 0;
  /** Raised by every drop: a record read before a drop is never stored after it. */
  private epoch = 0;
  private version: string | null = null;
  /** When the last check that found `version` started. */
  private confirmedAt = Number.NEGATIVE_INFINITY;
  private polling = false;

  constructor(private readonly inner: AccessStore, options: CachedAccessStoreOptions = {}) {
    // Each record costs 1, so the byte bound is an entry bound.
    this.lru = new ByteBoundedLru(options.maxEntries ?? DEFAULT_MAX_KEY_ENTRIES);
    this.now = options.now ?? (() => performance.now());
    this.confirmEachLookup = options.confirmEachLookup ?? false;
    this.timer = setInterval(() => void this.poll(), options.checkEveryMs ?? 250);
    this.timer.unref();
    void this.poll();
  }

  stats(): KeyCacheStats {
    return { hits: this.hits, misses: this.misses, entries: this.lru.size, maxEntries: this.lru.maxBytes, version: this.version };
  }

  async findKeyByHash(keyHash: string): Promise<KeyRecord | null> {
    if (this.confirmEachLookup && this.lru.size > 0) await this.checkVersion().catch(() => undefined);
    const hit = this.now() - this.confirmedAt > TRUSTED_FOR_MS ? undefined : this.lru.get(keyHash);
    if (hit !== undefined) {
      this.hits += 1;
      return hit;
    }
    this.misses += 1;
    const epoch = this.epoch;
    const record = await this.inner.findKeyByHash(keyHash);
    if (record !== null && epoch === this.epoch) this.lru.set(keyHash, Object.freeze(record), 1);
    return record;
  }

  countRequest(keyId: string, month: string, monthlyLimit: number | null): Promise<number | null> {
    return this.inner.countRequest(keyId, month, monthlyLimit);
  }

  usage(keyId: string, month: string): Promise<number> {
    return this.inner.usage(keyId, month);
  }

  async insertKey(key: NewKey, addressLimit?: AddressLimit): Promise<KeyInsertion> {
    try {
      return await this.inner.insertKey(key, addressLimit);
    } finally {
      this.drop();
    }
  }

  keysCreatedBy(address: string, day: string): Promise<number> {
    return this.inner.keysCreatedBy(address, day);
  }

  async revokeKeys(selector: KeySelector, revokedAt: string): Promise<KeyRecord[]> {
    try {
      return await this.inner.revokeKeys(selector, revokedAt);
    } finally {
      this.drop();
    }
  }

  listKeys(month: string): Promise<KeyUsage[]> {
    return this.inner.listKeys(month);
  }

  keysVersion(): Promise<string> {
    return this.inner.keysVersion();
  }

  ping(): Promise<boolean> {
    return this.inner.ping();
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    this.drop();
    await this.inner.close();
  }

  private drop(): void {
    this.lru.clear();
    this.epoch += 1;
  }

  /** The timer's check: one at a time, so a slow database does not pile them up. */
  private async poll(): Promise<void> {
    if (this.polling) return;
    this.polling = true;
    try {
      await this.checkVersion();
    } catch {
      // Unconfirmed: nothing is served from memory until a check succeeds (the lookups themselves report the outage).
    } finally {
      this.polling = false;
    }
  }

  private async checkVersion(): Promise<void> {
    const startedAt = this.now();
    const version = await this.inner.keysVersion();
    if (version !== this.version) {
      this.drop();
      this.version = version;
    }
    this.confirmedAt = Math.max(this.confirmedAt, startedAt);
  }
}
