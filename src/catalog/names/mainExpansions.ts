import { LANGUAGES } from '../../schemas/common.js';

/**
 * The sets a name's printing is taken from last (GET /v1/cards/named, a deck list's line without a
 * printing): Black Star Promos, trainer kits, McDonald's collections, the Pokémon TCG Pocket sets
 * and the other side products (jumbo cards, samples, Futsal, My First Battle, Best of game). A
 * player who names a card means its printing in a main expansion, unless it has none. Told by
 * TCGdex's set ids, which every language shares (`svp`, `tk-xy-n`, `2024sv`, `A1a`, the Japanese
 * `SV-P` and `SM1p`).
 */
const SIDE_SET = new RegExp([
  '(?:basep|wp|np|dpp|hgssp|bwp|xyp|smp|swshp|svp|mep|miscp|p-a|s-p|sv-p|sm\\d+p)',
  'tk-[a-z0-9-]+',
  '\\d{4}(?:bw|xy|sm|swsh|sv|me)(?:-[a-z]+)?',
  '[ab]\\d+[a-z]?',
  '(?:jumbo|sp|bog|fut\\d+|mfb)',
].map((set) => `(?:${set})`).join('|'), 'i');

/** A side set's card id: its language, the set, the number. */
const SIDE_CARD = new RegExp(`^(?:${LANGUAGES.join('|')})-(?:${SIDE_SET.source})-[^-]+$`, 'i');

/** Whether the card of this id (`en-sv02-185`, not `en-svp-085`) is printed in a main expansion. */
export function isMainExpansionCard(cardId: string): boolean {
  return !SIDE_CARD.test(cardId);
}
