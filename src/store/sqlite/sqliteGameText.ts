import type Database from 'better-sqlite3';
import { prefixBound, termMatches, type GameTextRequest } from '../../catalog/gameText/gameTextMatch.js';

/** Words per MATCH of a wildcard's words, ORed: a bounded query string whatever the wildcard reaches. */
const WORDS_PER_MATCH = 200;

/** Beyond this many words (a wildcard such as `*e*`), reading every value costs less than as many MATCHes. */
const WORDS_BEFORE_SCAN = 5000;

/** An FTS5 string: the ascii tokenizer cuts it at the spaces between our words, so several words are a phrase. */
const quoted = (words: string) => `"${words.replaceAll('"', '""')}"`;

/**
 * The search orders of the cards whose game text matches a request, from card_game_text (an FTS5
 * table of every value's words, migrations.ts), inside the caller's read transaction; a card may
 * come more than once. The field is checked here, not in SQL: card_game_text indexes words only.
 */
export function gameTextOrders(db: Database.Database, { fields, match }: GameTextRequest): number[] {
  const wanted = new Set(fields);
  const orders: number[] = [];
  const keep = (rows: Iterable<[number, number]>) => {
    for (const [field, order] of rows) if (wanted.has(field)) orders.push(order);
  };
  const matching = db.prepare<[string], [number, number]>(
    'SELECT field, search_order FROM card_game_text WHERE card_game_text MATCH ?').raw();
  switch (match.kind) {
    case 'exists':
      keep(db.prepare<[], [number, number]>('SELECT field, search_order FROM card_game_text').raw().iterate());
      break;
    case 'words':
      if (match.words.length > 0) keep(matching.iterate(quoted(match.words.join(' '))));
      break;
    case 'whole': {
      const whole = match.words === ''
        ? db.prepare<[], [number, number]>(`SELECT field, search_order FROM card_game_text WHERE words = ''`).raw().iterate()
        : db.prepare<[string, string], [number, number]>(
          'SELECT field, search_order FROM card_game_text WHERE card_game_text MATCH ? AND words = ?').raw().iterate(quoted(match.words), match.words);
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
      for (const [field, order, words] of db.prepare<[], [number, number, string]>(
        'SELECT field, search_order, words FROM card_game_text').raw().iterate()) {
        if (wanted.has(field) && words.startsWith(match.prefix) && matches(words)) orders.push(order);
      }
      break;
    }
  }
  return orders;

  function keepWords(words: string[]) {
    if (words.length > WORDS_BEFORE_SCAN) {
      const held = new Set(words);
      for (const [field, order, value] of db.prepare<[], [number, number, string]>(
        'SELECT field, search_order, words FROM card_game_text').raw().iterate()) {
        if (wanted.has(field) && value !== '' && value.split(' ').some((word) => held.has(word))) orders.push(order);
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

