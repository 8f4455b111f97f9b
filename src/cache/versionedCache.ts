import { ClockCache } from './clockCache.js';

/** What a VersionedCache keeps its entries in: a ClockCache unless given another. */
export interface EntryStore<V> {
  /** The entry of `key`, marked as used. */
  get(key: string): V | undefined;
  clear(): void;
  readonly size: number;
  readonly charged: number;
  readonly maxCharge: number;
}

export interface VersionedCacheOptions<E> {
  /** The bound on what a ClockCache of the entries holds, in whatever unit the callers charge (bytes, or 1 an entry). */
  maxCharge?: number;
  /** The entries' store, instead of a ClockCache of maxCharge. */
  entries?: E;
  /** How often the version is read; 250 ms unless told. */
  checkEveryMs?: number;
  /** A monotonic clock in ms (tests). */
  now?: () => number;
}

/** What a check of the data behind the cache reads: its version, and whatever else comes with it. */
export interface Stamp {
  version: string;
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
export class VersionedCache<V, S extends Stamp = Stamp, E extends EntryStore<V> = ClockCache<V>> {
  /** The entries; what they are put in with is the store's own (set() for a ClockCache), after a look at the epoch. */
  readonly entries: E;
  private readonly now: () => number;
  private readonly timer: NodeJS.Timeout;
  /** Raised by every drop. */
  private dropped = 0;
  private current: S | null = null;
  /** When the last check that found `current` started. */
  private confirmedAt = Number.NEGATIVE_INFINITY;
  private polling = false;

  /**
   * `sameData` says whether two stamps describe the same entries; by default, whether their
   * versions are equal (the answer cache also compares the retrieval time its answers carry).
   */
  constructor(
    private readonly readStamp: () => Promise<S>,
    options: VersionedCacheOptions<E>,
    private readonly sameData: (a: S, b: S) => boolean = (a, b) => a.version === b.version,
  ) {
    this.entries = options.entries ?? (new ClockCache<V>(options.maxCharge ?? 0) as unknown as E);
    this.now = options.now ?? (() => performance.now());
    this.timer = setInterval(() => void this.poll(), options.checkEveryMs ?? 250);
    this.timer.unref();
    void this.poll();
  }

  /** The value cached under `key`, or undefined when there is none or the version was not confirmed lately. */
  get(key: string): V | undefined {
    if (this.now() - this.confirmedAt > TRUSTED_FOR_MS) return undefined;
    return this.entries.get(key);
  }

  /** The stamp the last check read; null until one succeeded. */
  get stamp(): S | null {
    return this.current;
  }

  /** Whether a version check that found the current version started within the last `ms`. */
  confirmedWithin(ms: number): boolean {
    return this.now() - this.confirmedAt <= ms;
  }

  /** The entries held. */
  get size(): number {
    return this.entries.size;
  }

  /** A mark to take before reading what set() will store: a drop in between makes set() a no-op. */
  get epoch(): number {
    return this.dropped;
  }

  /** Whether no drop happened since `epoch` was read: what was read since may be stored. */
  unchangedSince(epoch: number): boolean {
    return epoch === this.dropped;
  }

  set(this: VersionedCache<V, S, ClockCache<V>>, epoch: number, key: string, value: V, charge: number): void {
    if (this.unchangedSince(epoch)) this.entries.set(key, value, charge);
  }

  drop(): void {
    this.entries.clear();
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
    const stamp = await this.readStamp();
    if (this.current === null || !this.sameData(stamp, this.current)) this.drop();
    this.current = stamp;
    this.confirmedAt = Math.max(this.confirmedAt, startedAt);
  }

  get stats(): { entries: number; charged: number; maxCharge: number; version: string | null } {
    return { entries: this.entries.size, charged: this.entries.charged, maxCharge: this.entries.maxCharge, version: this.current?.version ?? null };
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
