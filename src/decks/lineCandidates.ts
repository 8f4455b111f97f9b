import type { BasicEnergyType } from './basicEnergy.js';
import type { Language } from '../schemas/common.js';
import type { SetTable } from '../catalog/answers/setTable.js';
import { printedNumber } from '../vocabulary/setCodeAliases.js';

/**
 * The card ids a deck list's line may name, worked out from the set table alone, so a whole list
 * is looked up in one batch.
 */

/**
 * The ways a collector number is written in card ids: as given, upper case (`tg05` is `TG05`), and
 * for digits with or without zeros in front (`86`, `086`; `5`, `05`, `005`), the letters before
 * them kept (`TG5` is `TG05`).
 */
export function numberForms(number: string): string[] {
  const given = number.trim();
  const forms = [given, given.toUpperCase()];
  const parts = /^([A-Za-z]*)0*(\d+)([A-Za-z]?)$/u.exec(given);
  if (parts) {
    const prefix = parts[1]!.toUpperCase();
    const digits = parts[2]!;
    const suffix = parts[3]!;
    for (const width of [1, 2, 3]) forms.push(`${prefix}${digits.padStart(width, '0')}${suffix}`);
  }
  return [...new Set(forms)];
}

/** The ids of a number in every set of that code in `lang`, newest set first. */
export function printedCandidates(table: SetTable, lang: Language, code: string, number: string): string[] {
  const forms = numberForms(printedNumber(code, number));
  return table.setsOf(lang, code).flatMap((set) => forms.map((form) => `${set.id}-${form}`));
}

/**
 * Where the game's basic Energy is printed lately, newest first: Mega Evolution Energy (MEE) and
 * Scarlet & Violet Energy (SVE), each numbering the eight types in this order from 1.
 */
const BASIC_ENERGY_SETS = ['MEE', 'SVE'];
const BASIC_ENERGY_ORDER: readonly BasicEnergyType[] = ['Grass', 'Fire', 'Water', 'Lightning', 'Psychic', 'Fighting', 'Darkness', 'Metal'];

/** The basic Energy cards of `type` in `lang`, newest printing first; [] for a type those sets do not print (Fairy). */
export function basicEnergyCandidates(table: SetTable, lang: Language, type: BasicEnergyType): string[] {
  const position = BASIC_ENERGY_ORDER.indexOf(type);
  if (position < 0) return [];
  const number = String(position + 1).padStart(3, '0');
  return BASIC_ENERGY_SETS.flatMap((code) => table.setsOf(lang, code).map((set) => `${set.id}-${number}`));
}

/** The set codes that stand for basic Energy rather than a set: Limitless writes `Energy`. */
export const isEnergyPseudoCode = (code: string) => code.toUpperCase() === 'ENERGY';

/** Whether a code names one of the basic Energy sets, whose numbers a list may write as another printing's. */
export const isBasicEnergySetCode = (code: string) => BASIC_ENERGY_SETS.includes(code.toUpperCase());
