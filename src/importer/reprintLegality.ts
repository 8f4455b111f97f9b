import type { CardRecord } from '../schemas/card.js';
import { printingKey } from './gameText.js';

/*
 * The reprint rule of the game: a printing may be played in a format when a printing of the same
 * name with the same game text is legal there (Ultra Ball SVI 196, mark G, through MEG 131, mark
 * I). Printings meet only within one catalog language: nothing in the source links a card to its
 * translations, and each language's marks are its own.
 *
 * Celebrations: Classic Collection (`cel25cc`) reprints 25 Base Set to Diamond & Pearl era cards
 * with their old text, and the source marks it Expanded-legal. Its cards may be played, but the
 * originals (Base Set Charizard, Dark Gyarados, ...) may not: the collection makes no other
 * printing legal.
 */

const GIVES_NO_LEGALITY = new Set(['cel25cc']);

/** Whether a card's set is one whose printings make no other printing legal. */
const givesNoLegality = (card: CardRecord, language: string) =>
  GIVES_NO_LEGALITY.has(card.set_id.slice(language.length + 1));

export type Format = 'standard' | 'expanded';

/**
 * Makes every card legal in `format` (in place) when another printing of its language with the
 * same name and game text is (`printing`: printingKey, or its answers held); a card `excluded` says
 * may not be (an Expanded ban) is neither made legal nor makes others legal. Returns the ids made legal.
 */
export function applyReprintRule(
  cards: readonly CardRecord[], languageOf: (card: CardRecord) => string, format: Format,
  printing: (card: CardRecord) => string | null = (card) => printingKey(card, languageOf),
  excluded: (card: CardRecord) => boolean = () => false,
): string[] {
  const printings = new Map<string, { cards: CardRecord[]; legal: boolean }>();
  for (const card of cards) {
    if (card.legalities === null || excluded(card)) continue;
    const key = printing(card);
    if (key === null) continue;
    const language = languageOf(card);
    let group = printings.get(key);
    if (!group) printings.set(key, (group = { cards: [], legal: false }));
    group.cards.push(card);
    if (card.legalities[format] && !givesNoLegality(card, language)) group.legal = true;
  }
  const madeLegal: string[] = [];
  for (const group of printings.values()) {
    if (!group.legal) continue;
    for (const card of group.cards) {
      if (card.legalities![format]) continue;
      card.legalities = { ...card.legalities!, [format]: true };
      madeLegal.push(card.id);
    }
  }
  return madeLegal;
}
