import type { CardRecord } from '../../schemas/card.js';
import type { Language } from '../../schemas/common.js';
import { canonicalSetCode, printedNumber } from '../../vocabulary/setCodeAliases.js';
import { searchKey } from '../names/searchKey.js';

/**
 * What GET /v1/cards can filter on. Each value names one facet of a card (`type:Fire`,
 * `number:4/102`); the rows store every facet of every card, and a filter is the list of facets a
 * card must all have. Rows and queries build their facets here, so the two always agree.
 */
export interface CardFilters {
  supertype?: string;
  subtype?: string;
  type?: string;
  rarity?: string;
  regulation_mark?: string;
  legal?: string;
  artist?: string;
  number?: string;
  set_code?: string;
}

export const FILTER_NAMES = [
  'supertype', 'subtype', 'type', 'rarity', 'regulation_mark', 'legal', 'artist', 'number', 'set_code',
] as const satisfies ReadonlyArray<keyof CardFilters>;

/** The filters among a request's parameters or a tool's arguments, and only those. */
export function filtersOf(values: CardFilters): CardFilters {
  // A loop, not entries mapped: every GET /v1/cards runs it, a card by id included.
  const filters: CardFilters = {};
  for (const name of FILTER_NAMES) if (values[name] !== undefined) filters[name] = values[name];
  return filters;
}

/**
 * The facets a filter asks for, the most selective kind first: a filter-only listing walks the
 * first one's cards in order and checks the others, so the first should have the fewest cards.
 */
export function facetsOf(filters: CardFilters): string[] {
  const facets: string[] = [];
  if (filters.number !== undefined) {
    // A promo's number as the player reads it off the card with its set's code (`PR-SW` `179`).
    const number = filters.set_code === undefined ? filters.number : printedNumber(filters.set_code, filters.number);
    facets.push(numberFacet(number));
  }
  if (filters.artist !== undefined) facets.push(`artist:${searchKey(filters.artist)}`);
  if (filters.set_code !== undefined) facets.push(`set_code:${canonicalSetCode(filters.set_code)}`);
  if (filters.regulation_mark !== undefined) facets.push(`mark:${filters.regulation_mark.toUpperCase()}`);
  if (filters.rarity !== undefined) facets.push(`rarity:${filters.rarity}`);
  if (filters.subtype !== undefined) facets.push(`subtype:${filters.subtype}`);
  if (filters.type !== undefined) facets.push(`type:${filters.type}`);
  if (filters.legal !== undefined) facets.push(`legal:${filters.legal}`);
  if (filters.supertype !== undefined) facets.push(`supertype:${filters.supertype}`);
  return facets;
}

/** The facet of a language, for a filter-only listing in one language. */
export const languageFacet = (lang: Language) => `lang:${lang}`;

/** Every facet of a card: what any filter may ask of it. */
export function cardFacets(card: CardRecord, lang: string, set: { printed_total: number | null; abbreviation: string | null }): string[] {
  const facets = [`lang:${lang}`];
  if (card.supertype) facets.push(`supertype:${card.supertype}`);
  for (const subtype of card.subtypes ?? []) facets.push(`subtype:${subtype}`);
  for (const type of card.types ?? []) facets.push(`type:${type}`);
  if (card.rarity) facets.push(`rarity:${card.rarity}`);
  if (card.regulation_mark) facets.push(`mark:${card.regulation_mark.toUpperCase()}`);
  if (card.legalities?.standard) facets.push('legal:standard');
  if (card.legalities?.expanded) facets.push('legal:expanded');
  if (card.artist) facets.push(`artist:${searchKey(card.artist)}`);
  if (card.number) {
    const number = numberKey(card.number);
    facets.push(`number:${number}`);
    if (set.printed_total !== null) facets.push(`number:${number}/${set.printed_total}`);
  }
  if (set.abbreviation) facets.push(`set_code:${set.abbreviation.toUpperCase()}`);
  return [...new Set(facets)];
}

/**
 * A card number as people type it: leading zeros of each digit run do not matter (`004` is `4`,
 * `TG05` is `TG5`), nor does the case of its letters.
 */
function numberKey(number: string): string {
  return number.toUpperCase().replace(/\d+/g, (digits) => String(Number(digits)));
}

/** `4`, `004` → `number:4`; `4/102` → `number:4/102`, the number over the set's printed total. */
function numberFacet(typed: string): string {
  const slash = typed.lastIndexOf('/');
  if (slash === -1) return `number:${numberKey(typed.trim())}`;
  return `number:${numberKey(typed.slice(0, slash).trim())}/${Number(typed.slice(slash + 1).trim())}`;
}
