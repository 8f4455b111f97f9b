import { memoized } from './memoized.js';
import type { DeckListLine, ParsedDeckList } from './deckList.js';

/*
 * One reader for every format players paste, told by the lines themselves rather than by a
 * header: Pokémon TCG Live (`4 Ultra Ball SVI 196` under `Trainer: 36`), Limitless (the same, with
 * `Basic {P} Energy Energy 13`) and the older PTCGO form (`* 4 Ultra Ball SVI 196` under
 * `##Trainer Cards - 36`). A card line starts with its count; everything else, whatever its
 * language (`Pokémon: 12`, `Dresseur : 36`, `Cartes totales : 60`, `Karten insgesamt: 60`,
 * `ポケモン: 12`), is skipped, so no table of headings and trailers has to keep up with the
 * client's translations.
 *
 * A line without a count is a card line only when it ends in a set code and a number
 * (`Ultra Ball SVI 196`, one copy): that much says it names a printing, while a title, a note or a
 * heading without a number never will. Such lines are rare; titles and notes are not, and a note
 * read as a card would make a legal deck fail with an unresolved line.
 */

/**
 * The count: one or two digits (a deck holds 60 cards; `2024 Worlds` is a title), and the `4x`,
 * `4×` and `4 x` forms. A spaced `X` is left to the name: `4 X Speed` is four X Speed.
 */
const COUNTED_LINE = /^(\d{1,2})(?:[xX×]|\s+[x×](?=\s))?\s+(\S.*)$/;

/** Bullets the older PTCGO form and hand-written lists put before a card line. */
const BULLET = /^[*•·]\s*/;

/** Comments and the PTCGO `##` headings. */
const COMMENT = /^(?:\/\/|#)/;

/** A collector number as printed: letters and digits with at least one digit (`84`, `084`, `TG05`, `SWSH262`). */
const NUMBER = /^(?=.*\d)[a-z0-9]{1,10}$/i;

/**
 * A set code as printed: 2 to 6 letters and digits with a letter among them, maybe with a
 * hyphen or colon part (`SVI`, `SV1`, `PR-SV`, `CRZ:GG`).
 */
const SET_CODE = /^(?=[^a-z]*[a-z])[a-z0-9]{2,6}(?:[-:][a-z0-9]{1,5})?$/i;

/**
 * The words a name ends with that are never set codes though shaped like one: the rule-box
 * suffixes (`Pikachu ex 57` would otherwise read set `ex`). `EX` is not among them: it is
 * Expedition's printed code, and `Alakazam EX 1` is Expedition's Alakazam.
 */
const NAME_SUFFIXES: ReadonlySet<string> = new Set(['ex', 'GX', 'VMAX', 'VSTAR', 'BREAK', 'LEGEND', 'Prime', 'Star']);

/**
 * Set codes are printed in one case; pasted ones come upper- or lower-cased (`SVI`, `svi`), and
 * Limitless writes `Energy` for basic Energy. A word in mixed case (`Ball`, `Ho-Oh`) is part of the name.
 */
const isSetCode = (token: string) =>
  SET_CODE.test(token) && !NAME_SUFFIXES.has(token) &&
  (token === token.toUpperCase() || token === token.toLowerCase() || token.toLowerCase() === 'energy');

interface NameAndPrinting {
  name: string;
  setCode: string | null;
  number: string | null;
}

/** The free-text form players post: `Darkrai EX from DEX 63/108`, the set's printed total after the number. */
const FROM_PRINTING = /^(.+?) from (\S+) (\S+)$/iu;

/** A number over its set's printed total (`63/108`): the number alone. */
const withoutTotal = (number: string) => number.replace(/\/\d+$/u, '');

/** Reads `name SETCODE number` (or `name from SETCODE number/total`) from the right; the name keeps every other word as it is. */
function splitPrinting(rest: string): NameAndPrinting {
  const from = FROM_PRINTING.exec(rest);
  if (from && NUMBER.test(withoutTotal(from[3]!)) && SET_CODE.test(from[2]!)) {
    return { name: from[1]!, setCode: from[2]!, number: withoutTotal(from[3]!) };
  }
  const tokens = rest.split(' ');
  if (tokens.length >= 3) {
    const number = withoutTotal(tokens[tokens.length - 1]!);
    const setCode = tokens[tokens.length - 2]!;
    if (NUMBER.test(number) && isSetCode(setCode)) {
      return { name: tokens.slice(0, -2).join(' '), setCode, number };
    }
  }
  return { name: rest, setCode: null, number: null };
}

/** A line as the reader compares it: tabs and runs of spaces (the non-breaking one too) as one space, trimmed. */
const tidy = (text: string) => text.replace(/[\s\u00a0\ufeff]+/g, ' ').trim();

/** What a line says, wherever it stands in a list. */
type CardLineReading = Pick<DeckListLine, 'count' | 'name' | 'setCode' | 'number'>;

function readCardLine(text: string): CardLineReading | null {
  const tidied = tidy(text).replace(BULLET, '');
  if (tidied === '' || COMMENT.test(tidied)) return null;
  const counted = COUNTED_LINE.exec(tidied);
  if (counted) {
    const count = Number(counted[1]);
    // A count of 0 asks for no card: a line a player left in, not one to resolve.
    if (count === 0) return null;
    return { count, ...splitPrinting(counted[2]!) };
  }
  const printing = splitPrinting(tidied);
  if (printing.setCode === null) return null;
  return { count: 1, ...printing };
}

/**
 * Lines as lists write them (`4 Ultra Ball SVI 196`): the lists pasted share most of theirs, each
 * read once. Bounded by the characters kept (about 1 MiB), a line charged its length and its reading.
 */
const readCardLineOnce = memoized(readCardLine, 2 ** 19, 2, 100);

/**
 * Reads the card lines of a pasted deck list, in any of the formats players paste. `line` is
 * the 1-based line of the text as pasted, blank lines and headings included, whatever the line
 * breaks (`\n`, `\r\n`, `\r`).
 */
export function parseDeckList(text: string): ParsedDeckList {
  const lines: DeckListLine[] = [];
  text.split(/\r\n|\r|\n/).forEach((lineText, index) => {
    const card = readCardLineOnce(lineText);
    if (card) lines.push({ line: index + 1, text: lineText, ...card });
  });
  return { lines };
}
