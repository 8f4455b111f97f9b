/** 2^20 bits a level: 128 KiB, a false sighting about 1 % of the time at 100,000 keys with three probes. */
const BITS_LOG2 = 20;
const MASK = (1 << BITS_LOG2) - 1;
/** How many sightings of a key it counts: once, then twice or more. */
const LEVELS = 2;
/** After this many new keys the filter starts again, so a sighting counted is a sighting lately. */
const KEYS_PER_ROUND = 100_000;

/**
 * Admission by frequency, in the spirit of TinyLFU's doorkeeper: a cache asks how often a key was
 * seen lately before storing its value, so answers asked for once or twice (most of a long tail of
 * requests) never displace those asked for again and again. A Bloom filter per level of sightings,
 * of fixed size: it may count a sighting that was not (rarely), never miss one.
 */
export class Doorkeeper {
  private readonly levels = Array.from({ length: LEVELS }, () => new Uint32Array(1 << (BITS_LOG2 - 5)));
  private added = 0;

  /** What the filters hold, for the cache to charge. */
  static readonly BYTES = LEVELS * (1 << BITS_LOG2) / 8;

  /** How often `key` was seen since the filter last started again (0, 1, or 2 for twice or more); records this sighting. */
  sightings(key: string): number {
    const [a, b] = hashes(key);
    for (let level = 0; level < LEVELS; level++) {
      if (!this.record(this.levels[level]!, a, b)) {
        if (level === 0 && ++this.added >= KEYS_PER_ROUND) this.clear();
        return level;
      }
    }
    return LEVELS;
  }

  clear(): void {
    for (const bits of this.levels) bits.fill(0);
    this.added = 0;
  }

  /** Sets the key's three bits in `bits`; whether all were set already. */
  private record(bits: Uint32Array, a: number, b: number): boolean {
    let present = true;
    for (let probe = 0; probe < 3; probe++) {
      const bit = (a + probe * b) & MASK;
      const word = bit >>> 5;
      const flag = 1 << (bit & 31);
      const value = bits[word]!;
      if ((value & flag) === 0) {
        present = false;
        bits[word] = value | flag;
      }
    }
    return present;
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
