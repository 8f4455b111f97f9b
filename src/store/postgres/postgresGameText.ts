import type pg from 'pg';
import { prefixBound, termMatches, type GameTextRequest } from '../../catalog/gameText/gameTextMatch.js';

/** Words per tsquery of a wildcard's words, ORed: a bounded query whatever the wildcard reaches. */
const WORDS_PER_QUERY = 500;

/** A word as a tsquery (or tsvector) lexeme, quoted: taken as it is, no parser or dictionary between. */
const lexeme = (word: string) => `'${word.replace(/['\\]/g, (c) => c + c)}'`;

const MATCHING = 'SELECT DISTINCT search_order FROM card_game_text WHERE field = ANY($1::smallint[]) AND lexemes @@ $2::tsquery';

/**
 * The search orders of the cards whose game text matches a request, from card_game_text (one row
 * per value, its words as lexemes at their positions, with a GIN index: migrations.ts), on `client`
 * inside the caller's snapshot; a card may come more than once.
 */
export async function gameTextOrders(client: pg.ClientBase, { fields, match }: GameTextRequest): Promise<number[]> {
  const orders = async (text: string, values: unknown[]) =>
    (await client.query<{ search_order: number }>(text, [fields, ...values])).rows.map((row) => row.search_order);
  switch (match.kind) {
    case 'exists':
      return orders('SELECT DISTINCT search_order FROM card_game_text WHERE field = ANY($1::smallint[])', []);
    case 'words':
      return match.words.length === 0 ? [] : orders(MATCHING, [match.words.map(lexeme).join(' <-> ')]);
    case 'whole':
      return match.words === ''
        ? orders(`SELECT search_order FROM card_game_text WHERE field = ANY($1::smallint[]) AND words = ''`, [])
        : orders(`${MATCHING} AND words = $3`, [match.words.split(' ').map(lexeme).join(' <-> '), match.words]);
    case 'wordPattern':
      if (match.prefixOnly && match.prefix !== '') return orders(MATCHING, [`${lexeme(match.prefix)}:*`]);
      return ordersOfWords((await dictionary(client, match.prefix)).filter(termMatches(match)));
    case 'wordRange':
      return ordersOfWords((await dictionary(client, '')).filter(termMatches(match)));
    case 'wholePattern': {
      const matches = termMatches(match);
      const { rows } = await client.query<{ search_order: number; words: string }>(
        'SELECT search_order, words FROM card_game_text WHERE field = ANY($1::smallint[]) AND starts_with(words, $2)', [fields, match.prefix]);
      return rows.flatMap((row) => (matches(row.words) ? [row.search_order] : []));
    }
  }

  async function ordersOfWords(words: string[]): Promise<number[]> {
    const found: number[] = [];
    for (let at = 0; at < words.length; at += WORDS_PER_QUERY) {
      found.push(...await orders(MATCHING, [words.slice(at, at + WORDS_PER_QUERY).map(lexeme).join(' | ')]));
    }
    return found;
  }
}

/** The words of card_game_text_words that start with `prefix` (all for ''). */
async function dictionary(client: pg.ClientBase, prefix: string): Promise<string[]> {
  const bound = prefixBound(prefix);
  const { rows } = bound === null
    ? await client.query<{ word: string }>('SELECT word FROM card_game_text_words')
    : await client.query<{ word: string }>('SELECT word FROM card_game_text_words WHERE word >= $1 AND word < $2', [prefix, bound]);
  return rows.map((row) => row.word);
}
