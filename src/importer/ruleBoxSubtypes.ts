import type { CardRecord } from '../schemas/card.js';

/*
 * Pokémon ex and Pokémon-EX are two rules of the game the name tells apart: `ex` in lower case (the
 * EX era's and the Scarlet & Violet and Mega Evolution eras' Pokémon ex: `Mega Pyroar ex`,
 * `Kingdra ex δ`, `リザードンex`), `EX` in upper case (Black & White and XY's Pokémon-EX:
 * `Darkrai-EX`, `Mewtwo EX`). The source mixes them up in whole sets: Chaos Rising (me04) and Pitch
 * Black (me05) mark their Pokémon ex `EX`, as do the POP Series and TCG Pocket sets; Phantasmal
 * Flames (me02) and some promo sets mark many none at all. The name decides, in every language;
 * a Pokémon whose name says neither keeps the source's subtypes.
 */

/** What was corrected: the cards made `ex`, and those made `EX`. */
export interface RuleBoxCorrections {
  ex: string[];
  EX: string[];
}

/** A name ending in `ex` as a word of its own (`Mega Pyroar ex`, `Kingdra ex δ`, `リザードンex`), not a word ending so (`Vortex`). */
const LOWER_EX = /(?:^|[^\p{Script=Latin}])ex(?: δ)?$/u;
/** A name ending in `EX` as a word of its own (`Darkrai-EX`, `Mewtwo EX`). */
const UPPER_EX = /(?:^|[^\p{Script=Latin}])EX$/u;

/** Gives each Pokémon whose name says ex or EX that subtype and not the other (in place); returns the ids changed. */
export function correctRuleBoxSubtypes(cards: readonly CardRecord[]): RuleBoxCorrections {
  const corrected: RuleBoxCorrections = { ex: [], EX: [] };
  for (const card of cards) {
    if (card.supertype !== 'Pokemon') continue;
    const wanted = LOWER_EX.test(card.name) ? 'ex' : UPPER_EX.test(card.name) ? 'EX' : null;
    if (wanted === null) continue;
    const other = wanted === 'ex' ? 'EX' : 'ex';
    const subtypes = card.subtypes ?? [];
    if (subtypes.includes(wanted) && !subtypes.includes(other)) continue;
    card.subtypes = [...subtypes.filter((subtype) => subtype !== other && subtype !== wanted), wanted];
    corrected[wanted].push(card.id);
  }
  return corrected;
}
