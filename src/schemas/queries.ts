import { Type, type Static } from '@sinclair/typebox';
import { Language, Limit, Offset } from './common.js';

const Paging = { limit: Type.Optional(Limit), offset: Type.Optional(Offset) };

export const SetsQuery = Type.Object({
  id: Type.Optional(Type.String({ minLength: 1, description: 'A set id; returns that one set with its card_count.', examples: ['en-base1'] })),
  lang: Type.Optional(Language),
  ...Paging,
});
export type SetsQuery = Static<typeof SetsQuery>;

/** 2 to 60 code points once surrounding white space is trimmed. */
export const SearchText = Type.String({
  minLength: 2,
  pattern: '^\\s*\\S[\\s\\S]{0,58}\\S\\s*$',
  description: 'Name to search for, 2 to 60 characters (after trimming), in the language searched. ' +
    'Case, accents, letter width and hiragana/katakana are ignored, and so are white space, apostrophes, ' +
    'hyphens and dots (`mr mime` finds `Mr. Mime`); what is left must still be 2 characters or more.',
  examples: ['pikachu'],
});

/** How many card ids one `ids` request may name. */
export const MAX_BATCH_IDS = 50;
/**
 * A card id as a batch names it: 1 to 100 characters, none of them white space, a control character
 * or a comma (the separator). Every catalog id fits (the longest is 18 characters); any other
 * well-formed id is simply not found.
 */
const BATCH_ID = '[^\\s,\\u0000-\\u001f\\u007f-\\u009f]{1,100}';

export const CardIds = Type.String({
  pattern: `^${BATCH_ID}(?:,${BATCH_ID}){0,${MAX_BATCH_IDS - 1}}$`,
  description: `Up to ${MAX_BATCH_IDS} card ids separated by commas, in one request: the cards found, each with its ` +
    'variants, in the order asked (a repeated id once), and the ids that match no card in `not_found`.',
  examples: ['en-base1-4,fr-base1-4,en-base1-999'],
});

/** `ids` as MCP's get_card takes it: an array rather than a comma-separated string. */
export const CardIdList = Type.Array(Type.String({ pattern: `^${BATCH_ID}$` }), {
  minItems: 1,
  maxItems: MAX_BATCH_IDS,
  description: `1 to ${MAX_BATCH_IDS} card ids: the cards found, each with its variants, in the order asked (a repeated ` +
    'id once), and the ids that match no card in not_found.',
  examples: [['en-base1-4', 'fr-base1-4']],
});

export const CardsQuery = Type.Object({
  id: Type.Optional(Type.String({ minLength: 1, description: 'A card id; returns that card with its variants.', examples: ['en-base1-4'] })),
  set: Type.Optional(Type.String({ minLength: 1, description: 'A set id; lists its cards in number order.', examples: ['en-base1'] })),
  q: Type.Optional(SearchText),
  lang: Type.Optional(Type.Union(Language.anyOf, { description: 'Restricts a search to one language.' })),
  ...Paging,
  ids: Type.Optional(CardIds),
});
export type CardsQuery = Static<typeof CardsQuery>;
