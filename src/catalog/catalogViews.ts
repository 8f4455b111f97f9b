/**
 * A read came back at another catalog version than the view it was combined with (another instance
 * imported meanwhile): what was read is not one catalog's. `version` is the one the read saw, when it knows.
 */
export class CatalogChanged extends Error {
  constructor(readonly version?: string) {
    super('the catalog changed between two reads of one answer');
  }
}

/**
 * Every view of the catalog kept in memory (answers, indexes, set tables, deck cards, names, pages)
 * registers here, and is emptied here, all at once, whatever told the catalog changed: the watcher
 * of the catalog's retrieval (the answer cache's VersionWatch), a write through this process, or a
 * read that saw a version no view was built from. One per store, so one per process that serves it.
 * A retrieval that changed nothing (the same version, a new `retrieved_at`) empties only what
 * carries the retrieval time: the indexes, tables and cards of the version stay.
 *
 * The rule for a read that combines a view with a database read (an index and a page) lives here
 * too: the read throws CatalogChanged, and `afresh` empties every view and reads once more.
 */
export class CatalogViews {
  private readonly emptiers = new Set<() => void>();
  /** What carries the retrieval time (`retrieved_at`), emptied by a new retrieval of the same version too. */
  private readonly retrievalEmptiers = new Set<() => void>();
  /** The newest catalog version a read or the watcher reported; undefined until one did. */
  private newest: string | undefined;
  /** Versions it replaced, newest last: a version is a random stamp, so one of these is never the catalog again. */
  private readonly replaced: string[] = [];
  private drops = 0;
  private retrievals = 0;

  /** Raised by every drop, a new retrieval's included: an answer read before one is not kept after it. */
  get epoch(): number {
    return this.drops + this.retrievals;
  }

  /** Raised by every drop of the views of a version: a view read before one is not kept after it. */
  get generation(): number {
    return this.drops;
  }

  /**
   * Empties `empty`'s view at every drop; with `carriesRetrieval` (answers, pages: they hold
   * `retrieved_at`), at a new retrieval of the same version too (an import that changed nothing).
   * Returns what unregisters it, for a view that ends before the store (a closed answer cache).
   */
  onDrop(empty: () => void, carriesRetrieval = false): () => void {
    const emptiers = carriesRetrieval ? this.retrievalEmptiers : this.emptiers;
    emptiers.add(empty);
    return () => emptiers.delete(empty);
  }

  /** Empties every view. */
  drop(): void {
    this.drops += 1;
    for (const empty of this.emptiers) empty();
    for (const empty of this.retrievalEmptiers) empty();
  }

  /** The catalog was retrieved again, its version the same: empties what carries the retrieval time. */
  retrieved(): void {
    this.retrievals += 1;
    for (const empty of this.retrievalEmptiers) empty();
  }

  /**
   * A read saw catalog `version`: one never reported before is the catalog now, and empties every
   * view (built from the one it replaced). Whether `version` is the catalog now (false for a
   * replaced one, which a read that began before the change, or a lagging replica, may still see).
   */
  saw(version: string): boolean {
    if (version === this.newest) return true;
    if (this.replaced.includes(version)) return false;
    if (this.newest !== undefined) {
      this.replaced.push(this.newest);
      if (this.replaced.length > REPLACED_KEPT) this.replaced.shift();
      this.drop();
    }
    this.newest = version;
    return true;
  }

  /**
   * `read`, once more when it found the catalog changed under it (CatalogChanged): every view is
   * emptied first, so the second read builds them from the catalog as it is now. A second change
   * within one answer fails it.
   */
  async afresh<T>(read: () => Promise<T>): Promise<T> {
    try {
      return await read();
    } catch (error) {
      if (!(error instanceof CatalogChanged)) throw error;
      const generation = this.drops;
      if (error.version !== undefined) this.saw(error.version);
      if (this.drops === generation) this.drop();
      return read();
    }
  }

  /** A view of one catalog version built by `read`, kept until the next drop (KeptView). */
  kept<T extends { readonly version: string }>(read: () => Promise<T>): KeptView<T> {
    return new KeptView(this, read);
  }
}

/** How many replaced versions are remembered: more than a process sees replaced within one read. */
const REPLACED_KEPT = 16;

/**
 * One value built from the catalog (an index, a table), read on first use and kept until the views
 * are emptied; the read under way is shared by every caller meanwhile. A read a drop came during is
 * given to its callers but not kept (it may be the replaced catalog's); a read that failed is not kept.
 */
export class KeptView<T extends { readonly version: string }> {
  private held: T | undefined;
  private reading: Promise<T> | undefined;

  constructor(private readonly views: CatalogViews, private readonly read: () => Promise<T>) {
    views.onDrop(() => {
      this.held = undefined;
      this.reading = undefined;
    });
  }

  get(): Promise<T> {
    if (this.held !== undefined) return Promise.resolve(this.held);
    if (this.reading !== undefined) return this.reading;
    const generation = this.views.generation;
    const reading = this.read().then((value) => {
      const undisturbed = this.views.generation === generation;
      // Reported even when not kept: a version no one reported yet empties the views built from the one it replaced.
      if (this.views.saw(value.version) && undisturbed) this.held = value;
      if (this.reading === reading) this.reading = undefined;
      return value;
    }, (error: unknown) => {
      if (this.reading === reading) this.reading = undefined;
      throw error;
    });
    this.reading = reading;
    return reading;
  }
}
