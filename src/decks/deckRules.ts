import { searchKey } from '../catalog/names/searchKey.js';
import type { FORMATS } from '../vocabulary/cardVocabulary.js';
import type { DeckRule } from '../vocabulary/deckRuleNames.js';
import { isAceSpec, isBasicEnergy, isBasicPokemon, isPrismStar, isRadiant } from './cardKinds.js';
import type { CardFacts } from './deckCards.js';
import type { DeckListLine } from './deckList.js';

/*
 * The construction rules of a deck, checked on the cards its lines resolved to. Every problem
 * names the lines at fault (none for the deck as a whole: its size, its lack of a Basic Pokémon)
 * and says what to change. The problems come in the order of DECK_RULES (vocabulary/deckRuleNames.ts), then of the lines.
 */

export type DeckFormat = (typeof FORMATS)[number];

export interface DeckProblem {
  rule: DeckRule;
  /** A sentence a player can act on. */
  message: string;
  /** The 1-based lines at fault, ascending; empty when the deck as a whole is. */
  lines: number[];
}

/** A card line and the card it resolved to, with the card's legality in the format checked. */
export interface ResolvedDeckEntry {
  line: number;
  count: number;
  card: CardFacts;
  legal: boolean;
}

/** A card line that resolved to no card. */
export type UnresolvedDeckEntry = Pick<DeckListLine, 'line' | 'count'>;

export const DECK_SIZE = 60;
export const MAX_COPIES_OF_A_NAME = 4;

const FORMAT_NAMES: Readonly<Record<DeckFormat, string>> = { standard: 'Standard', expanded: 'Expanded' };

/**
 * The cards a list asks for, the unresolved lines' counts included: a typo in a line is reported
 * as unresolved, and would otherwise also make a 60-card list read short.
 */
export function deckCardCount(entries: readonly ResolvedDeckEntry[], unresolved: readonly UnresolvedDeckEntry[]): number {
  return [...entries, ...unresolved].reduce((total, entry) => total + entry.count, 0);
}

/** Every problem of a deck in a format; none when the deck may be played. */
export function deckProblems(
  entries: readonly ResolvedDeckEntry[], unresolved: readonly UnresolvedDeckEntry[], format: DeckFormat,
): DeckProblem[] {
  return [
    ...deckSizeProblems(entries, unresolved),
    ...copiesProblems(entries),
    ...onePerDeckProblems('ace_spec', 'ACE SPEC card', entries.filter((entry) => isAceSpec(entry.card))),
    ...onePerDeckProblems('radiant', 'Radiant Pokémon', entries.filter((entry) => isRadiant(entry.card))),
    ...prismStarProblems(entries),
    ...noBasicProblems(entries, unresolved),
    ...notLegalProblems(entries, format),
    ...unresolvedProblems(unresolved),
  ];
}

function deckSizeProblems(entries: readonly ResolvedDeckEntry[], unresolved: readonly UnresolvedDeckEntry[]): DeckProblem[] {
  const count = deckCardCount(entries, unresolved);
  if (count === DECK_SIZE) return [];
  const off = count < DECK_SIZE ? `${DECK_SIZE - count} too few` : `${count - DECK_SIZE} too many`;
  return [{
    rule: 'deck_size',
    message: `A deck has exactly ${DECK_SIZE} cards: this list has ${count}, ${off}.`,
    lines: [],
  }];
}

/**
 * A card's name as the copy rules compare it: folded as search folds it, and without the
 * trailing parenthesis that tells printings of one card apart (`Boss's Orders (Giovanni)` is a
 * Boss's Orders, as the rulebook counts names).
 */
function ruleName(card: CardFacts): string {
  let name = RULE_NAMES.get(card);
  if (name === undefined) {
    name = searchKey(card.name.replace(/\s*[(（][^()（）]*[)）]\s*$/, ''));
    RULE_NAMES.set(card, name);
  }
  return name;
}

/** Folded once per card kept by DeckCards (its facts are the same object from check to check). */
const RULE_NAMES = new WeakMap<CardFacts, string>();

function byName(entries: readonly ResolvedDeckEntry[]): ResolvedDeckEntry[][] {
  const groups = new Map<string, ResolvedDeckEntry[]>();
  for (const entry of entries) {
    const key = ruleName(entry.card);
    const group = groups.get(key);
    if (group) group.push(entry);
    else groups.set(key, [entry]);
  }
  return [...groups.values()];
}

const totalCount = (entries: readonly ResolvedDeckEntry[]) => entries.reduce((total, entry) => total + entry.count, 0);

const linesOf = (entries: readonly { line: number }[]) => [...new Set(entries.map((entry) => entry.line))].sort((a, b) => a - b);

/** `line 4`, `lines 4, 7`. */
const lineList = (lines: readonly number[]) => `${lines.length === 1 ? 'line' : 'lines'} ${lines.join(', ')}`;

/** The names of a group's cards, each once, in the order pasted. */
const namesOf = (entries: readonly ResolvedDeckEntry[]) => [...new Set(entries.map((entry) => entry.card.name))].join(', ');

function copiesProblems(entries: readonly ResolvedDeckEntry[]): DeckProblem[] {
  return byName(entries.filter((entry) => !isBasicEnergy(entry.card)))
    .filter((group) => totalCount(group) > MAX_COPIES_OF_A_NAME)
    .map((group) => {
      const lines = linesOf(group);
      return {
        rule: 'copies',
        message: `${MAX_COPIES_OF_A_NAME} copies is the most of one name: ${group[0]!.card.name} appears ` +
          `${totalCount(group)} times (${lineList(lines)}).`,
        lines,
      };
    });
}

/** ACE SPEC cards and Radiant Pokémon: one in a deck, whatever their names. */
function onePerDeckProblems(rule: DeckRule, kind: string, entries: readonly ResolvedDeckEntry[]): DeckProblem[] {
  const count = totalCount(entries);
  if (count <= 1) return [];
  const lines = linesOf(entries);
  return [{
    rule,
    message: `1 ${kind} is the most a deck may hold: this list has ${count} (${namesOf(entries)}; ${lineList(lines)}).`,
    lines,
  }];
}

function prismStarProblems(entries: readonly ResolvedDeckEntry[]): DeckProblem[] {
  return byName(entries.filter((entry) => isPrismStar(entry.card)))
    .filter((group) => totalCount(group) > 1)
    .map((group) => {
      const lines = linesOf(group);
      return {
        rule: 'prism_star',
        message: `1 copy is the most of a Prism Star card: ${group[0]!.card.name} appears ${totalCount(group)} times ` +
          `(${lineList(lines)}).`,
        lines,
      };
    });
}

function noBasicProblems(entries: readonly ResolvedDeckEntry[], unresolved: readonly UnresolvedDeckEntry[]): DeckProblem[] {
  if (entries.some((entry) => isBasicPokemon(entry.card))) return [];
  // The Basic Pokémon may be among the lines that name no card: those are the lines to look at.
  const lines = unresolved.map((entry) => entry.line).sort((a, b) => a - b);
  const unfound = lines.length === 0 ? '' : ` The lines that name no card may hold them: ${lines.join(', ')}.`;
  return [{
    rule: 'no_basic',
    message: `A deck needs at least one Basic Pokémon to start the game: none of the cards found is one.${unfound}`,
    lines,
  }];
}

/** One problem per name, so each says which card to replace. */
function notLegalProblems(entries: readonly ResolvedDeckEntry[], format: DeckFormat): DeckProblem[] {
  return byName(entries.filter((entry) => !entry.legal)).map((group) => {
    const lines = linesOf(group);
    return {
      rule: 'not_legal',
      message: `${group[0]!.card.name} is not legal in ${FORMAT_NAMES[format]} (${lineList(lines)}): ` +
        'replace it with a card that is.',
      lines,
    };
  });
}

function unresolvedProblems(unresolved: readonly UnresolvedDeckEntry[]): DeckProblem[] {
  if (unresolved.length === 0) return [];
  const lines = linesOf(unresolved);
  const what = lines.length === 1 ? '1 line matches' : `${lines.length} lines match`;
  return [{
    rule: 'unresolved',
    message: `${what} no card (${lineList(lines)}): correct the set code, number or name, or remove the line.`,
    lines,
  }];
}
