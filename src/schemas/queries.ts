import { Type, type Static } from '@sinclair/typebox';
import { ENERGY_TYPES, FORMATS, RARITIES, REGULATION_MARKS, SUBTYPES, SUPERTYPES } from '../vocabulary/cardVocabulary.js';
import { IDENTIFIER_PATTERN, Language, Limit, NOT_TEXT, Offset } from './common.js';

const Paging = { limit: Type.Optional(Limit), offset: Type.Optional(Offset) };

export const SetsQuery = Type.Object({
  id: Type.Optional(Type.String({
    minLength: 1, pattern: IDENTIFIER_PATTERN, description: 'A set id; returns that one set with its card_count.', examples: ['en-base1'],
  })),
  q: Type.Optional(Type.String({
    minLength: 2,
    pattern: '^\\s*\\S[\\s\\S]{0,58}\\S\\s*$',
    description: 'Set name to find, 2 to 60 characters, in the set\'s own language or in English, folded as card names ' +
      'are (case, accents, letter width, kana, spaces and punctuation ignored): the sets whose name holds it, exact ' +
      'names first, then names that start with it, each newest first.',
    examples: ['paldea'],
  })),
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
    'hyphens and dots (`mr mime` finds `Mr. Mime`); what is left must still be 2 characters or more (else a 400 ' +
    'that says so).',
  examples: ['pikachu'],
});

/** How many card ids one `ids` request may name. */
export const MAX_BATCH_IDS = 50;
/**
 * A card id as a batch names it: 1 to 100 characters, none of them white space, a control character,
 * a lone surrogate or a comma (the separator). Every catalog id fits (the longest is 18 characters);
 * any other well-formed id is simply not found.
 */
const BATCH_ID = `[^\\s,${NOT_TEXT}]{1,100}`;

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

/** A set's printed abbreviation as a parameter may give it. */
export const SET_CODE_PATTERN = '^[A-Za-z0-9][A-Za-z0-9.:-]{0,11}$';

const closed = (values: readonly string[], description: string, example: string) =>
  Type.Optional(Type.Union(values.map((value) => Type.Literal(value)), { description, examples: [example] }));

/**
 * The filters of GET /v1/cards (and of the MCP card list tools): with `q`, with `set`, or on their
 * own; they combine with AND. Closed vocabularies are the English ones every language shares.
 */
export const CardFilterParameters = {
  supertype: closed(SUPERTYPES, 'Only cards of this supertype.', 'Pokemon'),
  subtype: closed(SUBTYPES, 'Only cards with this subtype (a stage, a rule-box suffix, a trainer or energy kind).', 'Stage2'),
  type: closed(ENERGY_TYPES, 'Only cards of this energy type.', 'Fire'),
  rarity: closed(RARITIES, 'Only cards of this rarity.', 'Rare Holo'),
  regulation_mark: closed(REGULATION_MARKS, 'Only cards with this regulation mark.', 'G'),
  legal: closed(FORMATS, 'Only cards legal in this format (see `legalities`).', 'standard'),
  artist: Type.Optional(Type.String({
    // Something other than white space, and no control character.
    minLength: 1, maxLength: 100, pattern: `^[^${NOT_TEXT}]*[^\\s${NOT_TEXT}][^${NOT_TEXT}]*$`,
    description: 'Only cards by this artist: the whole name, ignoring case, accents, spaces and punctuation.',
    examples: ['Mitsuhiro Arita'],
  })),
  number: Type.Optional(Type.String({
    pattern: `^[^\\s/${NOT_TEXT}]{1,20}(/[0-9]{1,5})?$`,
    description: 'Only cards with this number as printed: `4` and `004` alike, or `4/102` for the number over the ' +
      'set\'s printed total; letters as printed (`TG05`, `SV107`, `H12`).',
    examples: ['4/102'],
  })),
  set_code: Type.Optional(Type.String({
    pattern: SET_CODE_PATTERN,
    description: 'Only cards of sets with this printed abbreviation (`PAL`, `SVI`, `BS`), ignoring case: the ' +
      '"PAL 185" on a card is set_code=PAL&number=185. The game client\'s promo codes are accepted too (`PR-SV` is ' +
      '`SVP`, `PR-SW` `SWSHP`, `PR-SM` `SMP`, `PR-XY` `XYP`, `PR-BLW` `BWP`). A code that is no set\'s abbreviation ' +
      'is a 400 naming the nearest known codes.',
    examples: ['PAL'],
  })),
};

/** `order=`'s values: a key of CARD_QUERY_ORDERS, each reversed by `-`. */
export const CardQueryOrderParameter = Type.Union(
  (['release', '-release', 'name', '-name', 'hp', '-hp', 'number', '-number'] as const).map((order) => Type.Literal(order)),
  {
    description: "The order of `query`'s cards: `release` (the default: newest set first, then set, then number, as search " +
      'orders), `name`, `hp` or `number` (natural: `4` before `TG01`), each reversed by a `-` before it. A card without ' +
      'the value comes last either way; ties in search order.',
  },
);

export const QueryText = Type.String({
  minLength: 1,
  description: 'Cards matching a query in the query language (docs/reference.md, "Query language"; pokemontcg.io\'s, with the ' +
    '/v1 card\'s field names): `field:value`, `"a phrase"`, `*` and `?` wildcards, `!` for the whole value, `-` to exclude, ' +
    'AND by default, `OR`, parentheses, and ranges `[100 TO *]` on numbers and dates. Names and game text match in the ' +
    "card's own language, folded as search folds names; in Japanese, Chinese and Thai a term matches anywhere in the text. " +
    'Goes alone, or with `lang`, `order`, `limit` and `offset`; the total is exact.',
  examples: ['types:fire hp:[100 TO *] legal:standard', 'name:glurak', 'attacks.effect:"search your deck" supertype:trainer'],
});

export const CardsQuery = Type.Object({
  id: Type.Optional(Type.String({
    minLength: 1, pattern: IDENTIFIER_PATTERN, description: 'A card id; returns that card with its variants.', examples: ['en-base1-4'],
  })),
  set: Type.Optional(Type.String({
    minLength: 1, pattern: IDENTIFIER_PATTERN, description: 'A set id; lists its cards in number order.', examples: ['en-base1'],
  })),
  q: Type.Optional(SearchText),
  query: Type.Optional(QueryText),
  order: Type.Optional(CardQueryOrderParameter),
  lang: Type.Optional(Type.Union(Language.anyOf, { description: 'Restricts a search, a query, or a listing by filters alone, to one language.' })),
  ...Paging,
  ids: Type.Optional(CardIds),
  ...CardFilterParameters,
});
export type CardsQuery = Static<typeof CardsQuery>;
