import { PTCG_SET_ROWS, type PtcgSetRow } from './ptcgSetTable.js';

/*
 * pokemontcg.io's ids of our English sets and cards. A set they had is named by the table
 * (ptcgSetTable.ts); a set they never had gets an id by their own naming rule. A card is
 * `<their set id>-<number>`, the number as they write it.
 */

/** The language prefix of our English ids (`en-base1`). */
const ENGLISH = 'en-';

const ROW_BY_TCGDEX_ID: ReadonlyMap<string, PtcgSetRow> = new Map(PTCG_SET_ROWS.map((row) => [row[1], row]));

/** Their row of the set whose TCGdex id (without the language) is `tcgdexSetId`; undefined for a set they never had. */
export function ptcgSetRow(tcgdexSetId: string): PtcgSetRow | undefined {
  return ROW_BY_TCGDEX_ID.get(tcgdexSetId);
}

/**
 * Their id of one of our English sets (`en-sv03.5` -> `sv3pt5`): the table's where they had the set,
 * else their rule applied to TCGdex's id (`.` written `pt`, the leading zero of a two-digit Scarlet &
 * Violet or Mega Evolution number dropped: `en-me05` -> `me5`), else TCGdex's id as it is.
 */
export function ptcgSetId(ourSetId: string): string {
  const tcgdexId = withoutLanguage(ourSetId);
  const row = ROW_BY_TCGDEX_ID.get(tcgdexId);
  if (row) return row[0];
  return tcgdexId.replace(/^(sv|me)0(?=\d)/, '$1').replace(/\.(?=\d)/, 'pt');
}

/**
 * Cards they number otherwise than by rule: Celebrations' Classic Collection, which they number by
 * the original card's number (`CC001` is their `2_A`), and two Black & White promos they pad to
 * three digits.
 */
const CARD_ID_EXCEPTIONS: ReadonlyMap<string, string> = new Map([
  ...['2_A', '4_A', '15_A1', '73_A', '8_A', '15_A2', '15_A3', '24_A', '20_A', '66_A', '9_A', '86_A', '88_A', '93_A', '17_A',
    '15_A4', '109_A', '145_A', '107_A', '113_A', '114_A', '54_A', '97_A', '76_A', '60_A']
    .map((theirs, i): [string, string] => [`en-cel25cc-CC${String(i + 1).padStart(3, '0')}`, `cel25c-${theirs}`]),
  ['en-bwp-BW04', 'bwp-BW004'],
  ['en-bwp-BW05', 'bwp-BW005'],
]);

/** The Unown of Unseen Forces: a set of its own in TCGdex, numbered A to Z, `!` and `?` in theirs. */
const UNSEEN_FORCES_UNOWN = 'en-exu';

/**
 * Their id of one of our English cards, from its set id and number (`en-sv03.5`, `006` -> `sv3pt5-6`):
 * the number with TCGdex's zero padding of its leading digits dropped (they never pad one), Aquapolis'
 * and Skyridge's holo numbers unpadded (`H01` -> `H1`), Aquapolis' first of two printings `a` its plain
 * number (they hold only that one), the Unown of Unseen Forces in `ex10`, and the exceptions above.
 */
export function ptcgCardId(ourSetId: string, number: string): string {
  const exception = CARD_ID_EXCEPTIONS.get(`${ourSetId}-${number}`);
  if (exception) return exception;
  return `${ptcgCardSetId(ourSetId)}-${ptcgNumber(ourSetId, number)}`;
}

/** Their id of the set that holds the cards of one of our sets: its own (ptcgSetId), but `ex10` for the Unown of Unseen Forces. */
export function ptcgCardSetId(ourSetId: string): string {
  return ourSetId === UNSEEN_FORCES_UNOWN ? 'ex10' : ptcgSetId(ourSetId);
}

/** The card's number as they write it (the part of their id after the set id, up to a `_`). */
export function ptcgCardNumber(ptcgCardId: string, ptcgSetId: string): string {
  return ptcgCardId.slice(ptcgSetId.length + 1).replace(/_.*$/, '');
}

function ptcgNumber(ourSetId: string, number: string): string {
  if (ourSetId === UNSEEN_FORCES_UNOWN) return decodeNumber(number);
  let written = decodeNumber(number).replace(/^0+(?=\d)/, '');
  if (ourSetId === 'en-ecard2' || ourSetId === 'en-ecard3') written = written.replace(/^H0(?=\d)/, 'H');
  if (ourSetId === 'en-ecard2') written = written.replace(/^(\d+)a$/, '$1');
  return written;
}

/** A number as printed: TCGdex's ids escape `?` (`%3F`). */
function decodeNumber(number: string): string {
  try {
    return decodeURIComponent(number);
  } catch {
    return number;
  }
}

function withoutLanguage(ourId: string): string {
  return ourId.startsWith(ENGLISH) ? ourId.slice(ENGLISH.length) : ourId;
}

/** Whether an id of ours is of the English catalog, the only one pokemontcg.io's ids name. */
export const isEnglishId = (ourId: string): boolean => ourId.startsWith(ENGLISH);
