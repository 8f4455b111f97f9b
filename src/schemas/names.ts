import { Type, type Static } from '@sinclair/typebox';
import { CardWithVariants } from './card.js';
import { Language, RetrievedAt } from './common.js';
import { ErrorCodeSchema } from './errorCodes.js';
import { SET_CODE_PATTERN } from './queries.js';

/*
 * Names as people type them: GET /v1/cards/named (and MCP's find_card), GET /v1/cards/autocomplete.
 */

/** 1 to 60 code points once surrounding white space is trimmed: a name may be one letter (`N`). */
export const TYPED_NAME_PATTERN = '^\\s*\\S(?:[\\s\\S]{0,58}\\S)?\\s*$';

const typedName = (description: string, example: string) => Type.String({
  minLength: 1,
  pattern: TYPED_NAME_PATTERN,
  description: `${description} 1 to 60 characters (after trimming). Case, accents, letter width, hiragana/katakana, ` +
    'white space, apostrophes, hyphens and dots are ignored; what is left must still be a character or more.',
  examples: [example],
});

export const ExactName = typedName('A card name exactly as printed, but for the folding: `mewtwo gx` is `Mewtwo-GX`.', 'Iono');
export const FuzzyName = typedName('A card name as someone typed it: a typo or two (fewer for short names), a missing ' +
  'possessive (`boss orders`), a spaced suffix (`pikachu v max`), a trailing qualifier in parentheses, or the start of ' +
  'the one name it begins are forgiven. A name that matches exactly always wins.', 'charzard');

const LookupLanguage = Type.Union(Language.anyOf, {
  description: 'The language of the name, default en: names are matched in that language only.',
  examples: ['en'],
});

export const NamedCardQuery = Type.Object({
  exact: Type.Optional(ExactName),
  fuzzy: Type.Optional(FuzzyName),
  lang: Type.Optional(LookupLanguage),
  set_code: Type.Optional(Type.String({
    pattern: SET_CODE_PATTERN,
    examples: ['PAL'],
    description: 'The printing in the set with this printed abbreviation (`PAL`, `SVI`, `PR-SV`), ignoring case, ' +
      'instead of the newest printing.',
  })),
});
export type NamedCardQuery = Static<typeof NamedCardQuery>;

export const AutocompleteQuery = Type.Object({
  q: Type.String({
    minLength: 1,
    pattern: TYPED_NAME_PATTERN,
    description: 'What has been typed so far, 1 to 60 characters (after trimming), folded as a search folds it.',
    examples: ['chari'],
  }),
  lang: Type.Optional(LookupLanguage),
});
export type AutocompleteQuery = Static<typeof AutocompleteQuery>;

export const NamedCard = Type.Object(
  { data: CardWithVariants, retrieved_at: RetrievedAt },
  {
    title: 'NamedCard',
    additionalProperties: false,
    description: 'The card of the name found: its newest printing from a main expansion (newest set, then set, then ' +
      'number; a promo, trainer kit or McDonald\'s card only when the name has no other), or its printing in set_code, ' +
      'with its variants.',
  },
);

export const NameList = Type.Object(
  {
    data: Type.Array(Type.String(), { maxItems: 20, description: 'Distinct card names in the language asked, best first.' }),
    retrieved_at: RetrievedAt,
  },
  { title: 'NameList', additionalProperties: false },
);

export const NameNotFound = Type.Object(
  {
    error: Type.String({ description: 'A sentence saying whether the name was ambiguous or nothing was close.' }),
    code: Type.Unsafe<'not_found' | 'ambiguous_name'>({ ...ErrorCodeSchema, enum: ['not_found', 'ambiguous_name'] }),
    candidates: Type.Array(Type.String(), {
      maxItems: 20,
      description: 'Card names that may be meant, best first; empty when none is close.',
    }),
  },
  {
    title: 'NameNotFound',
    additionalProperties: false,
    examples: [{ error: '"chariz" fits several card names in en equally: give one of the candidates', code: 'ambiguous_name', candidates: ['Charizard', 'Charizard ex'] }],
  },
);
