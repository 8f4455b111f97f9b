/**
 * A map bounded by the bytes its entries are charged (each entry's size as the caller measures it),
 * not by their count, that evicts what was not used lately first. It approximates least recently
 * used with a second chance (CLOCK): a hit only marks its entry, and eviction, going from the
 * oldest insertion on, moves a marked entry to the back (unmarked) instead of evicting it. A hit,
 * on every cached request, is then one lookup; moving its key to the back of the Map on each hit,
 * as a strict LRU does, cost two more Map operations per hit.
 */
export class ByteBoundedLru<V> {
  private readonly entries = new Map<string, { value: V; bytes: number; recent: boolean }>();
  private used = 0;

  constructor(readonly maxBytes: number) {}

  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    entry.recent = true;
    return entry.value;
  }

  /** Stores `value`, evicting entries not used lately until it fits; one larger than the bound is not stored. */
  set(key: string, value: V, bytes: number): void {
    this.delete(key);
    if (bytes > this.maxBytes) return;
    while (this.used + bytes > this.maxBytes) this.evictOne();
    this.entries.set(key, { value, bytes, recent: false });
    this.used += bytes;
  }

  delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.used -= entry.bytes;
  }

  clear(): void {
    this.entries.clear();
    this.used = 0;
  }

  get size(): number {
    return this.entries.size;
  }

  get bytes(): number {
    return this.used;
  }

  /** Evicts the oldest entry not used since it was last given its second chance (at most one pass marks them all unused). */
  private evictOne(): void {
    for (const [key, entry] of this.entries) {
      if (!entry.recent) {
        this.delete(key);
        return;
      }
      entry.recent = false;
      this.entries.delete(key);
      this.entries.set(key, entry);
    }
  }
}
