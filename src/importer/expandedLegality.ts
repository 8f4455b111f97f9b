import type { CardRecord } from '../schemas/card.js';
import { foldGameText, printingKey } from './gameText.js';

/*
 * Standard-legal cards are Expanded-legal: Expanded holds every set since Black & White, Standard
 * only the newest marks. TCGdex has no Expanded marks for the Asian printings (ja, ko, zh-tw, id,
 * th, zh-cn mark nearly every card, Standard-legal ones included, not Expanded-legal), so Expanded
 * there is taken from Standard.
 *
 * What must not be taken is the Expanded ban list. The source shows a ban, not a gap, when a card
 * is not Expanded-legal while most cards of its set (in its language) are: in the shared dump that
 * finds exactly the cards of the English ban list (Archeops, Lysandre's Trump Card, Shaymin EX,
 * Reset Stamp, Flapple, Scoop Up Net, Medicham V, ...) in each international language, and nothing
 * in the Asian ones, whose sets carry no Expanded marks at all. The game bans a card (Unown LOT 91,
 * not every Unown; Marshadow SM85, not every Marshadow), and with it every printing of the same name
 * and game text: those printings keep the source's flag, and neither Standard nor a reprint makes
 * them Expanded-legal.
 */

export interface ExpandedBans {
  /** The cards the source shows banned, by catalog id. */
  cards: string[];
  /** Whether a card is one of them or a printing of the same name and game text in the same language. */
  isBanned(card: CardRecord): boolean;
}

/** The card as the game's ban list names it: its language, name and game text (its name alone when it has no text). */
function banKey(card: CardRecord, languageOf: (card: CardRecord) => string, printing: (card: CardRecord) => string | null): string {
  return printing(card) ?? `${languageOf(card)}\u0000${foldGameText(card.name)}`;
}

/** The Expanded ban list as the source shows it, language by language; `printing` is printingKey unless told. */
export function findExpandedBans(
  cards: readonly CardRecord[], languageOf: (card: CardRecord) => string,
  printing: (card: CardRecord) => string | null = (card) => printingKey(card, languageOf),
): ExpandedBans {
  const sets = new Map<string, { cards: CardRecord[]; expanded: number }>();
  for (const card of cards) {
    if (card.legalities === null) continue;
    let set = sets.get(card.set_id);
    if (!set) sets.set(card.set_id, (set = { cards: [], expanded: 0 }));
    set.cards.push(card);
    if (card.legalities.expanded) set.expanded += 1;
  }
  const banned: string[] = [];
  const keys = new Set<string>();
  for (const set of sets.values()) {
    if (set.expanded * 2 <= set.cards.length) continue;
    for (const card of set.cards) {
      if (card.legalities!.expanded) continue;
      banned.push(card.id);
      keys.add(banKey(card, languageOf, printing));
    }
  }
  return { cards: banned, isBanned: (card) => keys.has(banKey(card, languageOf, printing)) };
}

/** Makes every Standard-legal card Expanded-legal (in place) unless `banned` says it is; returns the ids changed. */
export function applyStandardImpliesExpanded(
  cards: readonly CardRecord[], banned: (card: CardRecord) => boolean,
): string[] {
  const changed: string[] = [];
  for (const card of cards) {
    const legalities = card.legalities;
    if (legalities === null || !legalities.standard || legalities.expanded || banned(card)) continue;
    card.legalities = { ...legalities, expanded: true };
    changed.push(card.id);
  }
  return changed;
}
