import type { CardRecord } from '../schemas/card.js';
import { effectText } from './gameText.js';

/*
 * Basic Energy is the Energy that prints no effect. TCGdex labels some special Energy cards
 * `Normal` (its word for basic): Reversal, Prism, Ignition and Team Rocket's Energy and the
 * typed Energies of me03 to me05, in every international language, and a few Asian printings.
 * A card labelled basic that prints an effect is made `Special`. The other way round is left
 * alone: an Energy labelled `Special` without text is, in the shared dump, either a special
 * Energy whose text was not translated (fr neo1-19) or a zh-tw basic Energy TCGdex mislabels,
 * and nothing on the card tells the two apart.
 */

/** Makes every Energy card labelled basic that prints an effect `Special` (in place); returns the ids changed. */
export function correctEnergySubtypes(cards: readonly CardRecord[]): string[] {
  const corrected: string[] = [];
  for (const card of cards) {
    if (card.supertype !== 'Energy' || !card.subtypes?.includes('Normal') || effectText(card) === null) continue;
    card.subtypes = [...new Set(card.subtypes.map((subtype) => (subtype === 'Normal' ? 'Special' : subtype)))];
    corrected.push(card.id);
  }
  return corrected;
}
