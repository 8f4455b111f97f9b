import type { Bitset } from '../answers/bitsets.js';

/*
 * Sets of document ordinals as bitsets of one fixed length per index (bit n: ordinal n), so AND,
 * OR and NOT are one pass over a few thousand words whatever the sets hold.
 */

export function emptySet(size: number): Bitset {
  return new Uint32Array((size + 31) >>> 5);
}

export function fullSet(size: number): Bitset {
  const set = emptySet(size).fill(0xffffffff);
  if (size & 31) set[set.length - 1] = (1 << (size & 31)) - 1;
  return set;
}

export function addOrdinals(set: Bitset, ordinals: ArrayLike<number>): Bitset {
  for (let i = 0; i < ordinals.length; i++) {
    const ordinal = ordinals[i]!;
    set[ordinal >>> 5]! |= 1 << (ordinal & 31);
  }
  return set;
}

export function hasOrdinal(set: Bitset, ordinal: number): boolean {
  return (set[ordinal >>> 5]! & (1 << (ordinal & 31))) !== 0;
}

export function andInto(target: Bitset, other: Bitset): Bitset {
  for (let i = 0; i < target.length; i++) target[i]! &= other[i]!;
  return target;
}

export function orInto(target: Bitset, other: Bitset): Bitset {
  for (let i = 0; i < target.length; i++) target[i]! |= other[i]!;
  return target;
}

export function andNotInto(target: Bitset, other: Bitset): Bitset {
  for (let i = 0; i < target.length; i++) target[i]! &= ~other[i]!;
  return target;
}

export function isEmpty(set: Bitset): boolean {
  for (let i = 0; i < set.length; i++) if (set[i] !== 0) return false;
  return true;
}

/** Calls `each` with every ordinal in the set, ascending. */
export function forEachOrdinal(set: Bitset, each: (ordinal: number) => void): void {
  for (let i = 0; i < set.length; i++) {
    let word = set[i]!;
    while (word !== 0) {
      const low = word & -word;
      each(i * 32 + 31 - Math.clz32(low));
      word ^= low;
    }
  }
}
