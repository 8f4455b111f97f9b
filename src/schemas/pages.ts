import { Type, type Static } from '@sinclair/typebox';
import { IDENTIFIER_PATTERN, Language } from './common.js';
import { CardFilterParameters, SET_CODE_PATTERN } from './queries.js';
import { DeckFormat, MAX_DECK_LIST_LENGTH } from './deck.js';

/** The pages' parameters: what a browser's link or form sends (an empty field is left out before these are checked). */

const Identifier = Type.String({ minLength: 1, maxLength: 100, pattern: IDENTIFIER_PATTERN });

export const CardPageParams = Type.Object({ id: Identifier });
export const SetPageParams = Type.Object({ id: Identifier });

/** The last page a search walks to: 100 pages of 30. */
export const MAX_SEARCH_PAGE = 100;

export const SearchPageQuery = Type.Object({
  /** A name (up to 60 characters), or a query (anything with `field:`, up to the query language's limit). */
  q: Type.Optional(Type.String({ maxLength: 1000 })),
  lang: Type.Optional(Language),
  type: CardFilterParameters.type,
  supertype: CardFilterParameters.supertype,
  legal: CardFilterParameters.legal,
  set: Type.Optional(Type.String({ pattern: SET_CODE_PATTERN, description: 'A set\'s printed abbreviation (set_code).' })),
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_SEARCH_PAGE, default: 1 })),
});
export type SearchPageQuery = Static<typeof SearchPageQuery>;

export const NameSuggestionsQuery = Type.Object({
  q: Type.String({ maxLength: 60 }),
  lang: Type.Optional(Language),
});

export const DeckPageInput = Type.Object({
  list: Type.Optional(Type.String({ maxLength: MAX_DECK_LIST_LENGTH })),
  format: Type.Optional(DeckFormat),
  lang: Type.Optional(Language),
});
export type DeckPageInput = Static<typeof DeckPageInput>;
