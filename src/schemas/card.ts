import { Type, type Static } from '@sinclair/typebox';
import { VARIANT_KEYS } from '../catalog/variantKeys.js';
import { Nullable, OtherLanguages, Pagination, RetrievedAt } from './common.js';

export const VariantKey = Type.Union(VARIANT_KEYS.map((key) => Type.Literal(key)), {
  description:
    'The finish or edition of a printing: [1st-edition-]<finish>[-<pattern>][-<qualifier>][-stamped][-jumbo]; ' +
    'finish is normal, holo, reverse-holo, metal or lenticular. Closed vocabulary: only these values occur.',
});

export const Variant = Type.Object(
  {
    variant_key: VariantKey,
    variant_label: Nullable(Type.String({ description: 'Human-readable name of the printing.' })),
    is_default: Type.Boolean({ description: 'Exactly one variant of a card is the default.' }),
    image_small: Nullable(Type.String({ format: 'uri' })),
    image_large: Nullable(Type.String({ format: 'uri' })),
  },
  { title: 'Variant', additionalProperties: false },
);
export type Variant = Static<typeof Variant>;

const cardFields = {
  id: Type.String({ description: 'Card id, `<lang>-<set_code>-<number>`.', examples: ['en-base1-4'] }),
  set_id: Type.String({ examples: ['en-base1'] }),
  number: Nullable(Type.String({ description: 'The number as printed, the last part of the id.' })),
  local_id: Nullable(Type.String({ description: 'Collector number over the printed total (`4/102`) when known.' })),
  name: Type.String({ description: "Name in the card's own language." }),
  supertype: Nullable(Type.String({ description: 'Pokemon, Trainer or Energy (English in every language).' })),
  subtypes: Nullable(Type.Array(Type.String(), { description: 'Stage, suffix, trainer or energy kind (English).' })),
  hp: Type.Union([Type.String(), Type.Integer(), Type.Null()]),
  types: Nullable(Type.Array(Type.String(), { description: 'Energy types (English).' })),
  rarity: Nullable(Type.String({ description: 'Rarity (English in every language).' })),
  artist: Nullable(Type.String()),
  regulation_mark: Nullable(Type.String()),
  image_small: Nullable(Type.String({ format: 'uri' })),
  image_large: Nullable(Type.String({ format: 'uri' })),
  updated_at: Nullable(Type.String({ format: 'date-time' })),
};

export const Card = Type.Object(cardFields, {
  title: 'Card',
  additionalProperties: false,
  examples: [{
    id: 'en-base1-4', set_id: 'en-base1', number: '4', local_id: '4/102', name: 'Charizard',
    supertype: 'Pokemon', subtypes: ['Stage2'], hp: 120, types: ['Fire'], rarity: 'Rare',
    artist: 'Mitsuhiro Arita', regulation_mark: null,
    image_small: 'https://assets.tcgdex.net/en/base/base1/4/low.webp',
    image_large: 'https://assets.tcgdex.net/en/base/base1/4/high.webp',
    updated_at: '2026-08-20T07:25:49.000Z',
  }],
});
export type Card = Static<typeof Card>;

export const CardWithVariants = Type.Object(
  { ...cardFields, variants: Type.Array(Variant, { minItems: 1 }) },
  { title: 'CardWithVariants', additionalProperties: false },
);
export type CardWithVariants = Static<typeof CardWithVariants>;

export const CardList = Type.Object(
  { data: Type.Array(Card), pagination: Pagination, retrieved_at: RetrievedAt },
  { title: 'CardList', additionalProperties: false },
);
/** The single card: a CardWithVariants and the same card in the catalog's other languages. */
export const CardWithLanguages = Type.Object(
  { ...CardWithVariants.properties, other_languages: OtherLanguages },
  { title: 'CardWithLanguages', additionalProperties: false },
);
export type CardWithLanguages = Static<typeof CardWithLanguages>;

export const SingleCard = Type.Object(
  { data: CardWithLanguages, retrieved_at: RetrievedAt },
  { title: 'SingleCard', additionalProperties: false },
);

export const CardBatch = Type.Object(
  {
    data: Type.Array(CardWithVariants, { description: 'The cards found, each with its variants, in the order asked.' }),
    pagination: Pagination,
    not_found: Type.Array(Type.String(), { description: 'The ids asked that match no card, in the order asked.' }),
    retrieved_at: RetrievedAt,
  },
  {
    title: 'CardBatch',
    description: 'The answer to `ids`: one page holding every card found. pagination.limit is the number of distinct ' +
      'ids asked, offset 0, total the cards found (exact), has_more false.',
    additionalProperties: false,
  },
);
