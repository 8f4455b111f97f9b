import type { CardRecord } from '../schemas/card.js';
import { correctEnergySubtypes } from './energySubtypes.js';
import { applyStandardImpliesExpanded, findExpandedBans } from './expandedLegality.js';
import { printingKey } from './gameText.js';
import type { GameRuleCorrections, LegalityOutlier } from './importReport.js';
import { applyReprintRule } from './reprintLegality.js';
import { applyStandardMajority } from './standardLegality.js';
import { correctRuleBoxSubtypes } from './ruleBoxSubtypes.js';

/*
 * The game's rules over the source's labels and marks, in the one order that lets each step build
 * on the last:
 * 0. A Pokémon's ex or EX as its name says (ruleBoxSubtypes.ts): a label, read by nothing below.
 * 1. Energy subtypes first: which Energy is basic decides who is left out of the mark majority
 *    (basic Energy is legal whatever its mark) and how basic Energy meets its reprints (by name).
 * 2. Standard by mark majority: fixes the source's lagging flags before they spread.
 * 3. Standard through reprints: from the corrected flags.
 * 4. Expanded from Standard: after step 3, so an old printing legal through a reprint is
 *    Expanded-legal too; banned cards excepted (found from the source's flags before any change).
 * 5. Expanded through reprints: last, from every Expanded-legal card steps 1 to 4 left (an older
 *    printing, a McDonald's or trainer-kit one, with the text of a card of an Expanded set);
 *    banned cards neither take nor give.
 */

export interface GameRulesResult {
  legalityOutliers: LegalityOutlier[];
  corrections: GameRuleCorrections;
}

/** Applies the game's rules to the mapped cards (in place); `languageOf` names a card's catalog language. */
export function applyGameRules(cards: readonly CardRecord[], languageOf: (card: CardRecord) => string): GameRulesResult {
  const specialEnergy = correctEnergySubtypes(cards);
  const ruleBox = correctRuleBoxSubtypes(cards);
  const printing = printingKeys(cards, languageOf);
  const legalityOutliers = applyStandardMajority(cards, languageOf);
  const standardThroughReprint = applyReprintRule(cards, languageOf, 'standard', printing);
  const bans = findExpandedBans(cards, languageOf, printing);
  const expandedFromStandard = applyStandardImpliesExpanded(cards, bans.isBanned);
  const expandedThroughReprint = applyReprintRule(cards, languageOf, 'expanded', printing, bans.isBanned);
  return {
    legalityOutliers,
    corrections: {
      specialEnergy,
      ruleBox,
      legalThroughReprint: { standard: standardThroughReprint, expanded: expandedThroughReprint },
      expandedFromStandard,
      expandedBans: bans.cards,
    },
  };
}

/**
 * Each card's printing key (printingKey: its language and game text), made once: steps 2 to 5 ask it
 * of every card, up to three times, and only legalities change after step 1, which it does not read.
 */
function printingKeys(cards: readonly CardRecord[], languageOf: (card: CardRecord) => string): (card: CardRecord) => string | null {
  const keys = new Map(cards.map((card) => [card, printingKey(card, languageOf)]));
  return (card) => (keys.has(card) ? keys.get(card)! : printingKey(card, languageOf));
}
