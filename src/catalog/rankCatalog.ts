import type { CardWithVariants } from '../schemas/card.js';
import type { CardSet } from '../schemas/set.js';
import { naturalNumberOrder, newestSetFirst } from './ordering.js';
import { searchKey } from './searchKey.js';

export interface Catalog {
  sets: CardSet[];
  cards: CardWithVariants[];
}

export interface RankedSet {
  set: CardSet;
  /** Position in the newest-first order of all sets. */
  rank: number;
}

export interface RankedCard {
  card: CardWithVariants;
  /** Position of the card in its set's natural number order. */
  setOrder: number;
  /** Position in the search tie order: newest set, then set id, then number. */
  searchOrder: number;
  nameKey: string;
}

/**
 * Precomputes every order the API serves, so that reads walk an index instead of sorting.
 * Cards whose set is absent are the caller's to reject before this point.
 */
export function rankCatalog(catalog: Catalog): { sets: RankedSet[]; cards: RankedCard[] } {
  const sets = [...catalog.sets].sort(newestSetFirst).map((set, rank) => ({ set, rank }));
  const setRank = new Map(sets.map((s) => [s.set.id, s.rank]));
  const bySetThenNumber = [...catalog.cards].sort((a, b) => {
    const r = (setRank.get(a.set_id) ?? Infinity) - (setRank.get(b.set_id) ?? Infinity);
    if (r !== 0) return r;
    const n = naturalNumberOrder(a.number, b.number);
    if (n !== 0) return n;
    return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
  });
  const setPosition = new Map<string, number>();
  const cards = bySetThenNumber.map((card, searchOrder) => {
    const setOrder = setPosition.get(card.set_id) ?? 0;
    setPosition.set(card.set_id, setOrder + 1);
    return { card, setOrder, searchOrder, nameKey: searchKey(card.name) };
  });
  return { sets, cards };
}
