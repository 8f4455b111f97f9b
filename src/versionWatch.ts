/** What a check of the data behind a cache reads: its version, and whatever else comes with it. */
export interface Stamp {
  version: string;
}

export interface VersionWatchOptions {
  /** How often the version is read; 250 ms unless told. */
  checkEveryMs?: number;
  /** A monotonic clock in ms (tests). */
  now?: () => number;
}

/**
 * What a cache holds is served only while a version check that started at most this long ago found
 * the version unchanged, so no instance answers from replaced data for more than 1 s after the
 * change committed, even when checks are slow or fail.
 */
const TRUSTED_FOR_MS = 750;

/**
 * The version of the data a cache holds answers of (a catalog, the keys), read on a timer. The rules
 * that keep such a cache honest live here once: a changed version, or a write the owner makes itself,
 * drops everything (`onDrop`); nothing is served unless the version was confirmed lately (`trusted`);
 * and an answer read before a drop is never kept after it (compare `epoch` before and after the read).
 */
export class VersionWatch<S extends Stamp = Stamp> {
  private readonly now: () => number;
  private readonly timer: NodeJS.Timeout;
  private current: S | null = null;
  /** When the last check that found `current` started. */
  private confirmedAt = Number.NEGATIVE_INFINITY;
  private dropped = 0;
  private polling = false;
  /** The check under way, which every caller who asks meanwhile shares. */
  private checking: Promise<void> | undefined;

  /** `sameData` says whether two stamps describe the same data; by default, whether their versions are equal. */
  constructor(
    private readonly readStamp: () => Promise<S>,
    private readonly onDrop: () => void,
    options: VersionWatchOptions = {},
    private readonly sameData: (a: S, b: S) => boolean = (a, b) => a.version === b.version,
  ) {
    this.now = options.now ?? (() => performance.now());
    this.timer = setInterval(() => void this.poll(), options.checkEveryMs ?? 250);
    this.timer.unref();
    void this.poll();
  }

  /** The stamp the last check read; null until one succeeded. */
  get stamp(): S | null {
    return this.current;
  }

  /** Raised by every drop: what was read before a drop is not kept after it. */
  get epoch(): number {
    return this.dropped;
  }

  /** Whether what is held may be served: a check that found the current version started within TRUSTED_FOR_MS. */
  get trusted(): boolean {
    return this.confirmedWithin(TRUSTED_FOR_MS);
  }

  confirmedWithin(ms: number): boolean {
    return this.now() - this.confirmedAt <= ms;
  }

  drop(): void {
    this.dropped += 1;
    this.onDrop();
  }

  /**
   * Drops everything after the owner's own write, then reads the version the write made, so the
   * next timed check does not find it changed and drop what was kept since.
   */
  async dropAfterWrite(): Promise<void> {
    this.drop();
    // A check of its own: one under way may have read the version before the write.
    await this.readVersion().catch(() => undefined);
  }

  /**
   * Reads the version (or joins the read under way), dropping everything if it changed; rejects
   * when it cannot be read. A busy instance's lookups that want a fresh confirmation at once share one read.
   */
  check(): Promise<void> {
    return (this.checking ??= this.readVersion().finally(() => { this.checking = undefined; }));
  }

  private async readVersion(): Promise<void> {
    const startedAt = this.now();
    const stamp = await this.readStamp();
    if (this.current === null || !this.sameData(stamp, this.current)) this.drop();
    this.current = stamp;
    this.confirmedAt = Math.max(this.confirmedAt, startedAt);
  }

  /** The stamp, read now when no check has succeeded yet. */
  async read(): Promise<S> {
    if (this.current === null) await this.check();
    return this.current!;
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
      await this.check();
    } catch {
      // Unconfirmed: nothing is served from memory until a check succeeds (the reads themselves report the outage).
    } finally {
      this.polling = false;
    }
  }
}
