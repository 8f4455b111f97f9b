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

export const CardsQuery = Type.Object({
  id: Type.Optional(Type.String({ minLength: 1, description: 'A card id; returns that card with its variants.', examples: ['en-base1-4'] })),
  set: Type.Optional(Type.String({ minLength: 1, description: 'A set id; lists its cards in number order.', examples: ['en-base1'] })),
  q: Type.Optional(SearchText),
  lang: Type.Optional(Type.Union(Language.anyOf, { description: 'Restricts a search to one language.' })),
  ...Paging,
});
export type CardsQuery = Static<typeof CardsQuery>;
