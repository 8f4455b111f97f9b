import type pg from 'pg';
import { prefixBound, termMatches, type GameTextRequest } from '../../catalog/gameText/gameTextMatch.js';

/**
 * Up to this many words (a wildcard's, a range's), one tsquery ORs them through the GIN index;
 * beyond it, each value's lexemes are joined to the words in one pass, which a tsquery of thousands
 * of words, checked again on every row it reaches, takes far longer than.
 */
const WORDS_IN_ONE_QUERY = 200;

/** A word as a tsquery (or tsvector) lexeme, quoted: taken as it is, no parser or dictionary between. */
const lexeme = (word: string) => `'${word.replace(/['\\]/g, (c) => c + c)}'`;

const MATCHING = 'SELECT DISTINCT search_order FROM card_game_text WHERE field = ANY($1::smallint[]) AND lexemes @@ $2::tsquery';
const HOLDING_ANY = `
  SELECT DISTINCT g.search_order FROM card_game_text g
  CROSS JOIN LATERAL unnest(tsvector_to_array(g.lexemes)) AS w (word)
  JOIN unnest($2::text[]) AS m (word) ON m.word = w.word
  WHERE g.field = ANY($1::smallint[])`;

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
    if (words.length === 0) return [];
    return words.length <= WORDS_IN_ONE_QUERY ? orders(MATCHING, [words.map(lexeme).join(' | ')]) : orders(HOLDING_ANY, [words]);
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
