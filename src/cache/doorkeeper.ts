/** 2^20 bits: 128 KiB, a false "seen before" about 1 % of the time at 100,000 keys with three probes. */
const BITS_LOG2 = 20;
const MASK = (1 << BITS_LOG2) - 1;
/** After this many new keys the filter starts again, so "seen before" means seen lately. */
const KEYS_PER_ROUND = 100_000;

/**
 * Admission by frequency, in the spirit of TinyLFU's doorkeeper: a cache asks whether a key was seen
 * before storing its value, so an answer asked for once (most of a long tail of requests) never
 * displaces one asked for again. A Bloom filter of the keys seen lately, of fixed size: it can answer
 * "seen" for a key never seen (rarely), never the reverse.
 */
export class Doorkeeper {
  private readonly bits = new Uint32Array(1 << (BITS_LOG2 - 5));
  private added = 0;

  /** What the filter holds, for the cache to charge. */
  static readonly BYTES = (1 << BITS_LOG2) / 8;

  /** Whether `key` was seen since the filter last started again; records it either way. */
  seenBefore(key: string): boolean {
    const [a, b] = hashes(key);
    let seen = true;
    for (let probe = 0; probe < 3; probe++) {
      const bit = (a + probe * b) & MASK;
      const word = bit >>> 5;
      const flag = 1 << (bit & 31);
      const bits = this.bits[word]!;
      if ((bits & flag) === 0) {
        seen = false;
        this.bits[word] = bits | flag;
      }
    }
    if (!seen && ++this.added >= KEYS_PER_ROUND) this.clear();
    return seen;
  }

  clear(): void {
    this.bits.fill(0);
    this.added = 0;
  }
}

/** Two 32-bit FNV-1a hashes of different offsets, combined into the probes (Kirsch and Mitzenmacher). */
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
