import type { Card } from '../schemas/card.js';
import type { Language } from '../schemas/common.js';
import type { CardSet } from '../schemas/set.js';
import type { DeckListLine } from './deckList.js';
import type { SetTable } from './setTable.js';

/**
 * Why a deck list's line names no card, as a sentence a person can act on: which set code is
 * unknown (and the nearest known ones), which number a set lacks (and what it holds), which card a
 * code and number name instead, and the nearest cards by name, written as a list writes them.
 */

const nearestByName = (nearest: readonly string[]) =>
  nearest.length > 0 ? `; nearest by name: ${nearest.join(', ')}` : '';

export function wrongName(line: DeckListLine, code: string, card: Card, nearest: readonly string[]): string {
  return `${code} ${line.number} is ${card.name}, not ${line.name}${nearestByName(nearest)}`;
}

export function unknownCode(line: DeckListLine, code: string, lang: Language, table: SetTable, nearest: readonly string[]): string {
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

export function unknownName(line: DeckListLine, lang: Language, nearest: readonly string[]): string {
  const how = line.setCode === null || line.number === null ? ' (the line gives no set code and number)' : '';
  return `no card named ${line.name} in language ${lang}${how}${nearestByName(nearest)}`;
}

/** Up to three codes closest to `code` in edit distance (at most 2 edits), closest first, then newest set. */
export function nearestCodes(code: string, codes: readonly string[]): string[] {
  const asked = code.toUpperCase();
  return codes
    .map((known, order) => ({ known, order, distance: editDistance(asked, known) }))
    .filter(({ distance }) => distance <= 2)
    .sort((a, b) => a.distance - b.distance || a.order - b.order)
    .slice(0, 3)
    .map(({ known }) => known);
}

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[b.length]!;
}
