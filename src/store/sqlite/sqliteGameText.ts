import type Database from 'better-sqlite3';
import { prefixBound, termMatches, type GameTextRequest } from '../../catalog/gameText/gameTextMatch.js';

/** Words per MATCH of a wildcard's words, ORed: a bounded query string whatever the wildcard reaches. */
const WORDS_PER_MATCH = 200;

/** Beyond this many words (a wildcard such as `*e*`), reading every value costs less than as many MATCHes. */
const WORDS_BEFORE_SCAN = 5000;

/** An FTS5 string: the ascii tokenizer cuts it at the spaces between our words, so several words are a phrase. */
const quoted = (words: string) => `"${words.replaceAll('"', '""')}"`;

/** Values of one field of one card a rowid can tell apart: far more than any card has attacks. */
const VALUES_PER_FIELD = 1024;
const FIELDS = 4;

/**
 * A value's rowid in card_game_text: its card's search order, its field's number and its place
 * among the card's values of that field, so a match's card and field come from the index alone.
 */
export function gameTextRowid(searchOrder: number, field: number, place: number): number {
  if (place >= VALUES_PER_FIELD) throw new Error(`a card holds more than ${VALUES_PER_FIELD} values of game text field ${field}`);
  return (searchOrder * FIELDS + field) * VALUES_PER_FIELD + place;
}

const fieldOf = (rowid: number) => Math.floor(rowid / VALUES_PER_FIELD) % FIELDS;
const searchOrderOf = (rowid: number) => Math.floor(rowid / (VALUES_PER_FIELD * FIELDS));

/**
 * The search orders of the cards whose game text matches a request, from card_game_text (an FTS5
 * table of every value's words, migrations.ts), inside the caller's read transaction; a card may
 * come more than once. The field is checked here, from the rowid: card_game_text indexes words only.
 */
export function gameTextOrders(db: Database.Database, { fields, match }: GameTextRequest): number[] {
  const wanted = new Set(fields);
  const orders: number[] = [];
  const keep = (rowids: Iterable<number>) => {
    for (const rowid of rowids) if (wanted.has(fieldOf(rowid))) orders.push(searchOrderOf(rowid));
  };
  const matching = db.prepare<[string], number>('SELECT rowid FROM card_game_text WHERE card_game_text MATCH ?').pluck();
  switch (match.kind) {
    case 'exists':
      keep(db.prepare<[], number>('SELECT rowid FROM card_game_text').pluck().iterate());
      break;
    case 'words':
      if (match.words.length > 0) keep(matching.iterate(quoted(match.words.join(' '))));
      break;
    case 'whole': {
      const whole = match.words === ''
        ? db.prepare<[], number>(`SELECT rowid FROM card_game_text WHERE words = ''`).pluck().iterate()
        : db.prepare<[string, string], number>(
          'SELECT rowid FROM card_game_text WHERE card_game_text MATCH ? AND words = ?').pluck().iterate(quoted(match.words), match.words);
      keep(whole);
      break;
    }
    case 'wordPattern':
      if (match.prefixOnly && match.prefix !== '') keep(matching.iterate(`${quoted(match.prefix)}*`));
      else keepWords(dictionary(db, match.prefix).filter(termMatches(match)));
      break;
    case 'wordRange':
      keepWords(dictionary(db, '').filter(termMatches(match)));
      break;
    case 'wholePattern': {
      const matches = termMatches(match);
      for (const [rowid, words] of values()) {
        if (wanted.has(fieldOf(rowid)) && words.startsWith(match.prefix) && matches(words)) orders.push(searchOrderOf(rowid));
      }
      break;
    }
  }
  return orders;

  function values() {
    return db.prepare<[], [number, string]>('SELECT rowid, words FROM card_game_text').raw().iterate();
  }

  function keepWords(words: string[]) {
    if (words.length > WORDS_BEFORE_SCAN) {
      const held = new Set(words);
      for (const [rowid, value] of values()) {
        if (wanted.has(fieldOf(rowid)) && value !== '' && value.split(' ').some((word) => held.has(word))) orders.push(searchOrderOf(rowid));
      }
      return;
    }
    for (let at = 0; at < words.length; at += WORDS_PER_MATCH) {
      keep(matching.iterate(words.slice(at, at + WORDS_PER_MATCH).map(quoted).join(' OR ')));
    }
  }
}

/** The words of card_game_text_words that start with `prefix` (all for ''). */
function dictionary(db: Database.Database, prefix: string): string[] {
  const bound = prefixBound(prefix);
  return bound === null
    ? db.prepare<[], string>('SELECT word FROM card_game_text_words').pluck().all()
    : db.prepare<[string, string], string>('SELECT word FROM card_game_text_words WHERE word >= ? AND word < ?').pluck().all(prefix, bound);
}

