import { Type, type Static } from '@sinclair/typebox';
import { ErrorCodeSchema } from './errorCodes.js';

/** The 16 catalog languages, in the order of the specification. */
export const LANGUAGES = [
  'en', 'ja', 'fr', 'it', 'de', 'es', 'ko', 'pt',
  'zh-tw', 'id', 'th', 'zh-cn', 'es-mx', 'ru', 'pl', 'nl',
] as const;
export type Language = (typeof LANGUAGES)[number];

export const Language = Type.Union(LANGUAGES.map((code) => Type.Literal(code)), {
  description: 'A catalog language code.',
  examples: ['en'],
});

export const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) =>
  Type.Union([schema, Type.Null()]);

export const ErrorBody = Type.Object(
  {
    error: Type.String({ description: 'A sentence saying what went wrong and what to do.' }),
    code: ErrorCodeSchema,
  },
  { title: 'Error', additionalProperties: false, examples: [{ error: 'no card with id en-base1-999; card ids look like en-base1-4', code: 'not_found' }] },
);
export type ErrorBody = Static<typeof ErrorBody>;

/** What any path answers when it is not valid percent-encoding (`/healthz%`): the router refuses it before any route. */
export const MalformedPathResponse = { ...ErrorBody, description: 'The path is not valid percent-encoding.' };

export const Pagination = Type.Object(
  {
    limit: Type.Integer(),
    offset: Type.Integer(),
    total: Nullable(Type.Integer()),
    total_is_estimate: Type.Boolean({ description: 'True for searches, whose total is an estimate.' }),
    has_more: Type.Boolean({ description: 'The reliable end-of-results signal: stop paging when false.' }),
  },
  { title: 'Pagination', additionalProperties: false },
);
export type Pagination = Static<typeof Pagination>;

export const RetrievedAt = Type.String({
  format: 'date-time',
  description: 'When the catalog being served was last retrieved from its source (UTC): the same in every answer until ' +
    'the next import or sync; the Date header says when the response was sent.',
});

export const Limit = Type.Integer({ minimum: 1, maximum: 200, default: 50, description: 'Page size, 1 to 200.' });
/**
 * At most 2^53 - 1, the largest integer JSON carries exactly (I-JSON, RFC 7493): a query string's
 * `Infinity`, `1e400` or `1e20` would otherwise pass as an integer and reach the database.
 */
export const MAX_OFFSET = Number.MAX_SAFE_INTEGER;
export const Offset = Type.Integer({ minimum: 0, maximum: MAX_OFFSET, default: 0, description: 'How many results to skip.' });

/**
 * The characters an identifier, a code or a name of the catalog never holds: control characters
 * (C0, DEL, C1) and lone UTF-16 surrogates (a JSON string may hold one; no text does). PostgreSQL's
 * text cannot even hold NUL. For use inside a pattern's character class; Ajv compiles patterns
 * with the u flag, so a surrogate pair (an emoji, a rare CJK character) is one code point outside it.
 */
export const NOT_TEXT = '\\u0000-\\u001f\\u007f-\\u009f\\ud800-\\udfff';
/** One or more characters, none of them NOT_TEXT: any id or name a client may ask for. */
export const IDENTIFIER_PATTERN = `^[^${NOT_TEXT}]+$`;

/** How a link between the Asian catalogs and the English one was made (absent on links of one TCGdex id). */
export const PRINTING_MATCHES = ['printed', 'set-order', 'name', 'override'] as const;
export type PrintingMatch = (typeof PRINTING_MATCHES)[number];
export const PrintingMatch = Type.Union(PRINTING_MATCHES.map((match) => Type.Literal(match)), {
  description: 'Only on a link between the Asian catalogs (ja, ko, zh-tw, zh-cn, th, id) and English, which share no ' +
    'TCGdex id: `printed`, the same Pokédex numbers, HP, types, attack costs and damage, retreat and illustrator (a set: ' +
    'its cards so matched); `set-order`, within the sets those matches pair: a Trainer or Energy of the same kind, ' +
    'illustrator, rarity and numbers and Energy types in its text, or a tie of Pokémon settled by rarity and collector-number ' +
    'order; `name`, a Trainer or Energy of the name and illustrator that the links so ' +
    'made translate its name to; `override`, settled by hand.',
});

/** The same card (or set) in another language of the catalog: same TCGdex id, another language prefix, or matched across the Asian and English catalogs. */
export const LanguageLink = Type.Object(
  {
    language: Language,
    id: Type.String({ description: 'Its id in that language.', examples: ['fr-base1-4'] }),
    name: Type.String({ description: 'Its name in that language.', examples: ['Dracaufeu'] }),
    match: Type.Optional(PrintingMatch),
    linked_share: Type.Optional(Type.Number({
      minimum: 0, maximum: 1,
      description: 'Sets only, with `match`: the share of this set\'s cards linked to a card of that set.',
    })),
  },
  { title: 'LanguageLink', additionalProperties: false },
);
export type LanguageLink = Static<typeof LanguageLink>;

export const OtherLanguages = Type.Array(LanguageLink, {
  description: 'The same TCGdex id in every other language of the catalog, in the order of the 16 language codes; ' +
    'empty when no other language has it. Names are localized, so this is how to go from de-base1-4 (Glurak) to ' +
    'en-base1-4 (Charizard). Then, each with `match`, the printings (or counterpart sets) matched between the Asian ' +
    'catalogs and English, which share no TCGdex id (ja-SV2a-006 and en-sv03.5-006), in the same language order, ' +
    'then by id: several in one language where the same card was printed more than once.',
});
