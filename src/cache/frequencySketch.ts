/** Where each key's count is read: the smallest of this many counters, each at another hash of the key. */
const PROBES = 4;
/**
 * A count stops here (four bits' worth, as TinyLFU's): enough to tell a hot key from a rare one, and
 * a key once hot is back among the rare after four halvings.
 */
const MAX_COUNT = 15;

/**
 * How often each key was asked for lately, estimated in fixed memory: TinyLFU's count-min sketch. Each
 * key has four small counters at four hashes of it, its count the smallest of them (other keys
 * sharing a counter can only raise it: an estimate may be high, never low). Every `halvedEvery()`
 * recordings every counter is halved, so a count says how often lately, and a burst long past fades.
 */
export class FrequencySketch {
  private readonly counters: Uint8Array;
  private readonly mask: number;
  private recorded = 0;

  /** `counters` is rounded up to a power of two; `halvedEvery` is read again at each halving. */
  constructor(counters: number, private readonly halvedEvery: () => number) {
    const size = 2 ** Math.ceil(Math.log2(Math.max(PROBES, counters)));
    this.counters = new Uint8Array(size);
    this.mask = size - 1;
  }

  /** What the counters hold, for a cache to charge. */
  get bytes(): number {
    return this.counters.byteLength;
  }

  /** How often `key` was recorded lately (estimated). */
  frequency(key: string): number {
    const [a, b] = hashes(key);
    return this.smallest(a, b);
  }

  /**
   * Records a request for `key`; returns how often it was recorded lately before this one. Only the
   * counters at the key's smallest count are raised (a conservative update), so keys sharing a
   * counter inflate each other less.
   */
  record(key: string): number {
    const [a, b] = hashes(key);
    const count = this.smallest(a, b);
    if (count < MAX_COUNT) {
      for (let probe = 0; probe < PROBES; probe++) {
        const at = (a + probe * b) & this.mask;
        if (this.counters[at] === count) this.counters[at] = count + 1;
      }
    }
    if (++this.recorded >= this.halvedEvery()) this.halve();
    return count;
  }

  clear(): void {
    this.counters.fill(0);
    this.recorded = 0;
  }

  /** The smallest of the key's counters (its hashes `a` and `b`): its count. */
  private smallest(a: number, b: number): number {
    let count = MAX_COUNT;
    for (let probe = 0; probe < PROBES; probe++) count = Math.min(count, this.counters[(a + probe * b) & this.mask]!);
    return count;
  }

  private halve(): void {
    for (let i = 0; i < this.counters.length; i++) this.counters[i] = this.counters[i]! >>> 1;
    this.recorded = 0;
  }
}

/** Two 32-bit FNV-1a hashes of different offsets, combined into the probes (Kirsch and Mitzenmacher); the step is odd, so four probes differ. */
function hashes(key: string): [number, number] {
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ 0x5bd1e995;
  for (let i = 0; i < key.length; i++) {
    const code = key.charCodeAt(i);
    a = Math.imul(a ^ code, 0x01000193);
    b = Math.imul(b ^ code, 0x5bd1e995);
  }
  return [a >>> 0, (b >>> 0) | 1];
}
