import type { Card } from '../schemas/card.js';
import type { Language } from '../schemas/common.js';
import type { CardSet } from '../schemas/set.js';
import type { DeckListLine } from './deckList.js';
import { nearestCodes } from '../catalog/answers/setCodes.js';
import type { SetTable } from '../catalog/answers/setTable.js';

/**
 * Why a deck list's line names no card, as a sentence a person can act on: which set code is
 * unknown (and the nearest known ones), which number a set lacks (and what it holds), which card a
 * code and number name instead, and the nearest cards by name, written as a list writes them.
 */

const nearestByName = (nearest: readonly string[]) =>
  nearest.length > 0 ? `; nearest by name: ${nearest.join(', ')}` : '';

export function wrongName(line: DeckListLine, code: string, card: Pick<Card, 'name'>, nearest: readonly string[]): string {
  return `${code} ${line.number} is ${card.name}, not ${line.name}${nearestByName(nearest)}`;
}

export function unknownCode(line: DeckListLine, code: string, lang: Language, table: SetTable, nearest: readonly string[]): string {
  // The filters' nearest codes (catalog/answers/setCodes.ts), among the codes of the list's language.
  const codes = nearestCodes(code, table.codesOf(lang));
  const known = codes.length > 0 ? `; the nearest known codes are ${codes.join(', ')}` : '';
  const written = line.setCode !== null && line.setCode.toUpperCase() !== code ? ` (written ${line.setCode})` : '';
  return `no set in language ${lang} has the code ${code}${written}${known}${nearestByName(nearest)}`;
}

export function unknownNumber(line: DeckListLine, set: CardSet, nearest: readonly string[]): string {
  const holds = [
    set.printed_total === null ? null : `numbered up to ${set.printed_total}`,
    set.total === null ? null : `${set.total} cards in all`,
  ].filter((part) => part !== null);
  const what = holds.length > 0 ? ` (its cards are ${holds.join(', ')})` : '';
  return `${set.name} (${set.abbreviation}) has no card ${line.number}${what}${nearestByName(nearest)}`;
}

export function unknownName(line: DeckListLine, lang: Language, nearest: readonly string[], meant: string | null = null): string {
  const how = line.setCode === null || line.number === null ? ' (the line gives no set code and number)' : '';
  const typo = meant === null ? '' : `; did you mean ${meant}?`;
  return `no card named ${line.name} in language ${lang}${how}${typo}${nearestByName(nearest)}`;
}
