/** A set of card positions in search order: bit n is set when the card of search order n is in it. */
export type Bitset = Uint32Array;

/** The bitset of these search orders (any order). */
export function bitsetOf(orders: readonly number[]): Bitset {
  let max = -1;
  for (const order of orders) if (order > max) max = order;
  const bits = new Uint32Array((max >>> 5) + 1);
  if (max < 0) return new Uint32Array(0);
  for (const order of orders) bits[order >>> 5]! |= 1 << (order & 31);
  return bits;
}

/** The positions in every one of `sets` (none for no set). */
export function intersection(sets: readonly Bitset[]): Bitset {
  const [first, ...rest] = [...sets].sort((a, b) => a.length - b.length);
  if (!first) return new Uint32Array(0);
  const result = first.slice();
  for (const other of rest) for (let i = 0; i < result.length; i += 1) result[i]! &= other[i]!;
  return result;
}

/** How many bits are set. */
export function countBits(bits: Bitset): number {
  let count = 0;
  for (const word of bits) count += bitsIn(word);
  return count;
}

/** The positions of the set bits after the first `skip` of them, at most `take`, in order. */
export function setBits(bits: Bitset, skip: number, take: number): number[] {
  const found: number[] = [];
  let toSkip = skip;
  for (let i = 0; i < bits.length && found.length < take; i += 1) {
    let word = bits[i]!;
    if (word === 0) continue;
    const inWord = bitsIn(word);
    if (toSkip >= inWord) {
      toSkip -= inWord;
      continue;
    }
    while (word !== 0 && found.length < take) {
      const low = word & -word;
      if (toSkip > 0) toSkip -= 1;
      else found.push(i * 32 + 31 - Math.clz32(low));
      word ^= low;
    }
  }
  return found;
}

function bitsIn(word: number): number {
  let v = word - ((word >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return Math.imul((v + (v >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}
