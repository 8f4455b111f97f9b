import { MISSING_RANK, type SortRanks } from './sortRanks.js';

/** Every document in one order: `permutation[p]` is the document at place p, `place[d]` the place of document d. */
export interface DocumentOrder {
  permutation: Uint32Array;
  place: Uint32Array;
}

export interface RankedKey {
  ranks: SortRanks;
  descending: boolean;
}

/**
 * The order of `keys`, then of the ids ascending, then of the ordinals: a total order, so pages
 * of one query never repeat or skip a document. A missing value sorts last in either direction.
 */
export function documentOrder(size: number, keys: readonly RankedKey[], ids: SortRanks): DocumentOrder {
  const all = [...keys, { ranks: ids, descending: false }];
  const permutation = Uint32Array.from({ length: size }, (_, i) => i).sort((a, b) => {
    for (const { ranks, descending } of all) {
      const side = descending ? ranks.high : ranks.low;
      const [first, second] = [side[a]!, side[b]!];
      if (first === second) continue;
      if (first === MISSING_RANK) return 1;
      if (second === MISSING_RANK) return -1;
      return descending ? second - first : first - second;
    }
    return a - b;
  });
  const place = new Uint32Array(size);
  permutation.forEach((ordinal, at) => (place[ordinal] = at));
  return { permutation, place };
}
