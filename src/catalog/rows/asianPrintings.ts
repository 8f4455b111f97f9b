import type { PrintingMatch } from '../../schemas/common.js';
import { rarityKey, type PrintedCard } from './printingSignatures.js';

/*
 * The Asian printings as the matching of printingMatches.ts and printingNames.ts sees them, and the
 * small helpers both use.
 */

/** The languages whose sets are their own, matched to English; the first that holds a TCGdex id speaks for it. */
export const ASIAN_LANGUAGES = ['ja', 'ko', 'zh-tw', 'zh-cn', 'th', 'id'] as const;
export const MATCHED_LANGUAGE = 'en';

/** A card as matching needs it. */
export interface MatchableCard {
  id: string;
  language: string;
  set_id: string;
  card: PrintedCard;
}

/** Why an Asian card has no English link. */
export type UnlinkedReason = 'tie' | 'no-counterpart-set' | 'no-candidate';

/** One Asian printing (a TCGdex id, in every Asian language that holds it) and what it was matched to. */
export interface AsianPrinting {
  /** The TCGdex id the Asian languages share (`SV2a-006`). */
  key: string;
  /** Its catalog cards, in ASIAN_LANGUAGES order: the first speaks for all. */
  members: MatchableCard[];
  /** The TCGdex set id (`SV2a`). */
  setKey: string;
  /** The English cards it is linked to, by id, with how. */
  links: Map<string, PrintingMatch>;
  /** Why it has none; null when linked. */
  unlinked: UnlinkedReason | null;
  /** The English candidates a tie left, for review. */
  tiedWith: string[];
}

const tcgdexSetKey = (card: MatchableCard) => card.set_id.slice(card.language.length + 1);

export function groupBy<T>(items: Iterable<T>, keyOf: (item: T) => string | null): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    if (key === null) continue;
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  return groups;
}

/** Those of a group that pass a test, or the very group when none does. */
export function narrow<T>(group: T[], keep: (item: T) => boolean): T[] {
  const kept = group.filter(keep);
  return kept.length > 0 && kept.length < group.length ? kept : group;
}

/** English rarities of a card printed in gold or shiny, its artwork recoloured. */
const RECOLOURED_RARITIES = new Set(['secret rare', 'hyper rare', 'mega hyper rare', 'shiny rare', 'shiny ultra rare']);

/** Whether an English card may be the Asian one's artwork: a gold or shiny printing only for a card of its rarity. */
export function sameArtwork(asian: PrintedCard, en: PrintedCard): boolean {
  return !RECOLOURED_RARITIES.has(rarityKey(en.rarity)) || rarityKey(en.rarity) === rarityKey(asian.rarity) || lengthenedRarity(asian, en);
}

/** One catalog's name of a rarity may lengthen the other's (`Mega Hyper Rare`, `Hyper rare`). */
export function lengthenedRarity(asian: PrintedCard, en: PrintedCard): boolean {
  const a = rarityKey(asian.rarity);
  const e = rarityKey(en.rarity);
  return e !== '' && a !== '' && (a.endsWith(e) || e.endsWith(a));
}

export function lead(printing: AsianPrinting): MatchableCard {
  return printing.members[0]!;
}

/** The Asian cards by TCGdex id, each group led by its card in the first of ASIAN_LANGUAGES that holds it. */
export function asianPrintings(cards: readonly MatchableCard[]): AsianPrinting[] {
  const rank = new Map<string, number>(ASIAN_LANGUAGES.map((language, i) => [language, i]));
  const asian = cards.filter((card) => rank.has(card.language) && card.id.startsWith(`${card.language}-`));
  const groups = groupBy(asian, (card) => card.id.slice(card.language.length + 1));
  return [...groups].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([key, members]) => {
    members.sort((a, b) => rank.get(a.language)! - rank.get(b.language)!);
    return { key, members, setKey: tcgdexSetKey(members[0]!), links: new Map(), unlinked: null, tiedWith: [] };
  });
}
