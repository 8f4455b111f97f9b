import { Type, type Static } from '@sinclair/typebox';
import { Language, Nullable, OtherLanguages, Pagination, RetrievedAt } from './common.js';

const setFields = {
  id: Type.String({ description: 'Set id, `<lang>-<source set id>` (TCGdex\'s set id; not the printed abbreviation).', examples: ['en-base1'] }),
  pokemontcg_io_id: Type.Optional(Type.String({
    description: 'Its pokemontcg.io id, for /v2 (English only).',
  })),
  name: Type.String({ description: "Name in the set's own language." }),
  name_en: Nullable(Type.String({ description: 'English name where known.' })),
  series: Nullable(Type.String()),
  release_date: Nullable(Type.String({ format: 'date' })),
  total: Nullable(Type.Integer()),
  printed_total: Nullable(Type.Integer()),
  language: Language,
  logo_url: Nullable(Type.String({ format: 'uri' })),
  symbol_url: Nullable(Type.String({ format: 'uri' })),
  abbreviation: Nullable(Type.String({ description: "The set's printed abbreviation.", examples: ['PAL', 'SVI', 'BS'] })),
};

export const CardSet = Type.Object(setFields, {
  title: 'Set',
  additionalProperties: false,
  examples: [{
    id: 'en-base1', pokemontcg_io_id: 'base1', name: 'Base Set', name_en: 'Base Set', series: 'Base', release_date: '1999-01-09',
    total: 102, printed_total: 102, language: 'en',
    logo_url: 'https://assets.tcgdex.net/en/base/base1/logo.webp',
    symbol_url: 'https://assets.tcgdex.net/univ/base/base1/symbol.webp',
    abbreviation: 'BS',
  }],
});
export type CardSet = Static<typeof CardSet>;

export const SetWithCount = Type.Object(
  { ...setFields, card_count: Type.Integer({ description: 'Cards of this set present in the catalog.' }), other_languages: OtherLanguages },
  { title: 'SetWithCount', additionalProperties: false },
);
export type SetWithCount = Static<typeof SetWithCount>;

export const SetList = Type.Object(
  { data: Type.Array(CardSet), pagination: Pagination, retrieved_at: RetrievedAt },
  { title: 'SetList', additionalProperties: false },
);
export const SingleSet = Type.Object(
  { data: SetWithCount, retrieved_at: RetrievedAt },
  { title: 'SingleSet', additionalProperties: false },
);
