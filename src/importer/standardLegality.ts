import type { CardRecord } from '../schemas/card.js';
import { isBasicEnergy } from './gameText.js';
import type { LegalityOutlier } from './importReport.js';

/*
 * TCGdex's `legal.standard` lags rotations, while the regulation mark printed on a card is what
 * rotates: in the shared dump every card of a mark agrees on the flag but a handful (a G card
 * flagged legal after G rotated out, a card whose mark is written `j` flagged not legal). So per
 * catalog language and mark, the flag most cards carry is taken for every card of that mark.
 * Cards without a mark keep the source's flag, and so do basic Energy cards: they are legal
 * whatever their mark, and the Asian printings carry one. `expanded` is kept as the source has
 * it: it shows no lag, only the Expanded ban list (Flapple, Scoop Up Net, Medicham V). The other
 * rules of the game (reprints, Expanded from Standard) come after this step, in `gameRules.ts`.
 */

interface MarkGroup {
  cards: CardRecord[];
  legal: number;
  notLegal: number;
}

/**
 * Gives every card whose standard flag disagrees with the majority of its language's cards of
 * the same regulation mark the majority's flag (in place), and lists each such card; a basic
 * Energy card is listed with the flag it keeps. A mark whose cards split evenly has no majority.
 */
export function applyStandardMajority(
  cards: readonly CardRecord[], languageOf: (card: CardRecord) => string,
): LegalityOutlier[] {
  const groups = new Map<string, MarkGroup>();
  for (const card of cards) {
    if (card.regulation_mark === null || card.legalities === null) continue;
    const key = `${languageOf(card)}\u0000${card.regulation_mark.toUpperCase()}`;
    let group = groups.get(key);
    if (!group) groups.set(key, (group = { cards: [], legal: 0, notLegal: 0 }));
    group.cards.push(card);
    if (isBasicEnergy(card)) continue;
    if (card.legalities.standard) group.legal += 1;
    else group.notLegal += 1;
  }
  const outliers: LegalityOutlier[] = [];
  for (const group of groups.values()) {
    if (group.legal === group.notLegal) continue;
    const majority = group.legal > group.notLegal;
    for (const card of group.cards) {
      const legalities = card.legalities!;
      if (legalities.standard === majority) continue;
      const taken = isBasicEnergy(card) ? legalities.standard : majority;
      outliers.push({ card: card.id, mark: card.regulation_mark!, source: legalities.standard, taken });
      card.legalities = { ...legalities, standard: taken };
    }
  }
  return outliers;
}
