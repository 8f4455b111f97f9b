interface Entry<V> { value: V; charge: number; recent: boolean }

/**
 * A map bounded by what its entries are charged (each entry's charge as the caller measures it: its
 * bytes, or 1 to bound the count), that evicts what was not used lately first. It approximates least
 * recently used with a second chance (CLOCK): a hit only marks its entry, and eviction, going from the
 * oldest insertion on, moves a marked entry to the back (unmarked) instead of evicting it. A hit,
 * on every cached request, is then one lookup; moving its key to the back of the Map on each hit,
 * as a strict LRU does, cost two more Map operations per hit.
 */
export class ClockCache<V> {
  private readonly entries = new Map<string, Entry<V>>();
  private used = 0;
  /**
   * Where eviction goes on from (the clock's hand): a live iterator of the entries in insertion
   * order. Starting each eviction from the first entry instead walked again over every slot the
   * evictions before it had emptied (a Map keeps them until it is rehashed): under a long tail of
   * misses, a quarter of a request's time.
   */
  private hand: Iterator<[string, Entry<V>]> | undefined;
  /** The entry the hand rests on: the next to evict, named by victim() before it goes (or stays). */
  private underHand: [string, Entry<V>] | undefined;

  constructor(readonly maxCharge: number) {}

  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    entry.recent = true;
    return entry.value;
  }

  /** Stores `value`, evicting entries not used lately until it fits; one charged more than the bound is not stored. */
  set(key: string, value: V, charge: number): void {
    this.delete(key);
    if (charge > this.maxCharge) return;
    this.makeRoomFor(charge);
    this.entries.set(key, { value, charge, recent: false });
    this.used += charge;
  }

  /**
   * The key the next eviction would take (undefined when empty), so a caller can weigh it against
   * what would replace it. Entries used lately that the hand passes on the way get their second
   * chance, as in an eviction; the entry named stays until it is evicted, used or deleted.
   */
  victim(): string | undefined {
    return this.underTheHand()?.[0];
  }

  delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.used -= entry.charge;
  }

  clear(): void {
    this.entries.clear();
    this.used = 0;
    this.hand = undefined;
    this.underHand = undefined;
  }

  get size(): number {
    return this.entries.size;
  }

  /** What the entries held are charged, in all. */
  get charged(): number {
    return this.used;
  }

  private makeRoomFor(charge: number): void {
    while (this.used + charge > this.maxCharge) {
      const [key] = this.underTheHand() ?? [];
      if (key === undefined) return;
      this.delete(key);
      this.underHand = undefined;
    }
  }

  /**
   * The oldest entry not used since it was last given its second chance (at most one pass marks
   * them all unused), where the hand then rests.
   */
  private underTheHand(): [string, Entry<V>] | undefined {
    for (;;) {
      const resting = this.underHand;
      // The entry it rested on may have been deleted or stored again since.
      const at = resting !== undefined && this.entries.get(resting[0]) === resting[1] ? resting : this.advance();
      if (at === undefined) return undefined;
      const [key, entry] = at;
      if (!entry.recent) return (this.underHand = at);
      this.underHand = undefined;
      entry.recent = false;
      this.entries.delete(key);
      this.entries.set(key, entry);
    }
  }

  /** The hand's next entry, round the clock from the oldest insertion again at the end. */
  private advance(): [string, Entry<V>] | undefined {
    const next = (this.hand ??= this.entries.entries()).next();
    if (!next.done) return next.value;
    this.hand = this.entries.entries();
    const first = this.hand.next();
    return first.done ? undefined : first.value;
  }
}
