import { ByteBoundedLru } from './byteBoundedLru.js';

export interface VersionedCacheOptions {
  /** The bound on what the cache holds, in whatever unit the callers' sizes are (bytes, or 1 an entry). */
  maxBytes: number;
  /** How often the version is read; 250 ms unless told. */
  checkEveryMs?: number;
  /** A monotonic clock in ms (tests). */
  now?: () => number;
}

/**
 * An entry is served only while a version check that started at most this long ago found the
 * version unchanged, so no instance answers from replaced data for more than 1 s after the change
 * committed, even when checks are slow or fail.
 */
const TRUSTED_FOR_MS = 750;

/**
 * A bounded LRU of answers that all belong to one version of the data behind them (a catalog, the
 * keys). A timer reads the version (cheap) and drops everything when it changed; a write the owner
 * makes itself drops everything at once. The rules that keep it honest live here once: nothing is
 * served unless the version was confirmed lately, and an answer read before a drop is never
 * stored after it (pass the epoch read before the read to set()).
 */
export class VersionedCache<V> {
  private readonly lru: ByteBoundedLru<{ value: V }>;
  private readonly now: () => number;
  private readonly timer: NodeJS.Timeout;
  /** Raised by every drop. */
  private dropped = 0;
  private current: string | null = null;
  /** When the last check that found `current` started. */
  private confirmedAt = Number.NEGATIVE_INFINITY;
  private polling = false;

  constructor(private readonly readVersion: () => Promise<string>, options: VersionedCacheOptions) {
    this.lru = new ByteBoundedLru(options.maxBytes);
    this.now = options.now ?? (() => performance.now());
    this.timer = setInterval(() => void this.poll(), options.checkEveryMs ?? 250);
    this.timer.unref();
    void this.poll();
  }

  /** The value cached under `key`, or undefined when there is none or the version was not confirmed lately. */
  get(key: string): V | undefined {
    if (this.now() - this.confirmedAt > TRUSTED_FOR_MS) return undefined;
    return this.lru.get(key)?.value;
  }

  /** Whether a version check that found the current version started within the last `ms`. */
  confirmedWithin(ms: number): boolean {
    return this.now() - this.confirmedAt <= ms;
  }

  /** The entries held. */
  get size(): number {
    return this.lru.size;
  }

  /** A mark to take before reading what set() will store: a drop in between makes set() a no-op. */
  get epoch(): number {
    return this.dropped;
  }

  set(epoch: number, key: string, value: V, size: number): void {
    if (epoch === this.dropped) this.lru.set(key, { value }, size);
  }

  drop(): void {
    this.lru.clear();
    this.dropped += 1;
  }

  /**
   * Drops everything after the owner's own write, then reads the version the write made, so the
   * next timed check does not find it changed and drop what was cached since.
   */
  async dropAfterWrite(): Promise<void> {
    this.drop();
    await this.checkVersion().catch(() => undefined);
  }

  /** Reads the version now, dropping everything if it changed; rejects when it cannot be read. */
  async checkVersion(): Promise<void> {
    const startedAt = this.now();
    const version = await this.readVersion();
    if (version !== this.current) {
      this.drop();
      this.current = version;
    }
    this.confirmedAt = Math.max(this.confirmedAt, startedAt);
  }

  get stats(): { entries: number; bytes: number; maxBytes: number; version: string | null } {
    return { entries: this.lru.size, bytes: this.lru.bytes, maxBytes: this.lru.maxBytes, version: this.current };
  }

  close(): void {
    clearInterval(this.timer);
    this.drop();
  }

  /** The timer's check: one at a time, so a slow database does not pile them up. */
  private async poll(): Promise<void> {
    if (this.polling) return;
    this.polling = true;
    try {
      await this.checkVersion();
    } catch {
      // Unconfirmed: nothing is served from memory until a check succeeds (the reads themselves report the outage).
    } finally {
      this.polling = false;
    }
  }
}
