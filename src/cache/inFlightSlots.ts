/** A build under way: its request, the cache epoch it is for, and what it will answer. */
interface UnderWay<T> {
  readonly key: string;
  readonly epoch: number;
  readonly result: Promise<T>;
}

/**
 * The builds under way, by request, in a fixed table of slots indexed by a hash of the request: what
 * lets concurrent misses of one request share one build. A Map did this at a cost measured under random
 * card ids (issue 27): a Map that grows and shrinks by one entry per request rehashes on most of them,
 * and a Map that lives in the old generation rehashes into a new table there, the old table keeping
 * what it held (the builds' promises, and through them each request's objects) until the next full
 * collection; the old generation grew 1.6 MB a second more than without the cache, with twice the full
 * collections, and the server answered 5 to 10 % fewer requests. Slots are taken once and never
 * reallocated. Two requests in one slot at once: the second is not registered and builds on its own
 * (two builds of it at worst, never a wrong answer).
 */
export class InFlightSlots<T> {
  private readonly slots: Array<UnderWay<T> | undefined>;
  private readonly mask: number;

  /** `slots` is rounded up to a power of two: a few times the requests in flight at once. */
  constructor(slots: number) {
    const size = 2 ** Math.ceil(Math.log2(Math.max(1, slots)));
    this.slots = new Array<UnderWay<T> | undefined>(size).fill(undefined);
    this.mask = size - 1;
  }

  /** What the build of `key` for `epoch` will answer, when one is under way. */
  get(key: string, epoch: number): Promise<T> | undefined {
    const underWay = this.slots[slotOf(key) & this.mask];
    return underWay !== undefined && underWay.key === key && underWay.epoch === epoch ? underWay.result : undefined;
  }

  /** Registers the build of `key` for `epoch`, unless its slot holds another's; `result` is what `remove` is told. */
  add(key: string, epoch: number, result: Promise<T>): void {
    const slot = slotOf(key) & this.mask;
    if (this.slots[slot] === undefined) this.slots[slot] = { key, epoch, result };
  }

  /** Lets go of the build whose answer is `result`, when it was registered. */
  remove(key: string, result: Promise<T>): void {
    const slot = slotOf(key) & this.mask;
    if (this.slots[slot]?.result === result) this.slots[slot] = undefined;
  }
}

/** FNV-1a of the key's UTF-16 code units. */
function slotOf(key: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) hash = Math.imul(hash ^ key.charCodeAt(i), 0x01000193);
  return hash >>> 0;
}
