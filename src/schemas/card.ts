import { Type, type Static } from '@sinclair/typebox';
import { ABILITY_TYPES, ENERGY_TYPES } from '../vocabulary/cardVocabulary.js';
import { VARIANT_KEYS } from '../vocabulary/variantKeys.js';
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

export const EnergyType = Type.Union(ENERGY_TYPES.map((type) => Type.Literal(type)), {
  description: 'An energy type, English in every language. Closed vocabulary: only these values occur.',
});

export const AbilityType = Type.Union(ABILITY_TYPES.map((type) => Type.Literal(type)), {
  description: 'The kind of ability as printed in its era, English in every language. Closed vocabulary.',
});

export const Ability = Type.Object(
  {
    type: Nullable(AbilityType),
    name: Nullable(Type.String({ description: "In the card's own language." })),
    effect: Nullable(Type.String({ description: "In the card's own language." })),
  },
  { title: 'Ability', additionalProperties: false, description: 'An ability, Poké-Power, Poké-Body, Pokémon Power or Ancient Trait printed on a Pokémon.' },
);
export type Ability = Static<typeof Ability>;

export const Attack = Type.Object(
  {
    name: Nullable(Type.String({ description: "In the card's own language." })),
    cost: Nullable(Type.Array(EnergyType, { minItems: 1, description: 'One entry per energy symbol; null when none is printed.' })),
    damage: Nullable(Type.String({
      description: 'As printed: digits with at most one of `+`, `×`, `-` (`30`, `30+`, `50×`, `10-`); ' +
        'a value the source spells otherwise (`?`) is kept as it is. Null when none is printed.',
    })),
    effect: Nullable(Type.String({ description: "In the card's own language." })),
  },
  { title: 'Attack', additionalProperties: false, description: "An attack printed on a Pokémon, in the card's own language." },
);
export type Attack = Static<typeof Attack>;

export const WeaknessOrResistance = Type.Object(
  {
    type: EnergyType,
    value: Nullable(Type.String({ description: 'As printed, in one spelling: `×2`, `+20`, `-30`.' })),
  },
  { title: 'WeaknessOrResistance', additionalProperties: false, description: 'A weakness or resistance to an energy type.' },
);
export type WeaknessOrResistance = Static<typeof WeaknessOrResistance>;

export const Legalities = Type.Object(
  {
    standard: Type.Boolean({ description: 'Legal in the Standard format.' }),
    expanded: Type.Boolean({ description: 'Legal in the Expanded format.' }),
  },
  {
    title: 'Legalities',
    additionalProperties: false,
    description: "Format legality by the game's rules, worked out at the catalog's import from TCGdex's marks " +
      '(data of 2026-08-21): `standard` follows the regulation mark (the majority of its mark and language where ' +
      'the source disagrees); a printing is also legal when a printing of the same name and game text in its ' +
      'language is (reprints); every Standard-legal card is Expanded-legal, but for the Expanded ban list. ' +
      'See docs/reference.md, Legality.',
  },
);
export type Legalities = Static<typeof Legalities>;

/** The fields a source gives a card: what an import reads and an export writes (CardRecord). */
const recordFields = {
  id: Type.String({ description: 'Card id, `<set_id>-<number>` (the number as the source writes it).', examples: ['en-base1-4'] }),
  set_id: Type.String({ examples: ['en-base1'] }),
  number: Nullable(Type.String({ description: 'The number as printed, the last part of the id.' })),
  local_id: Nullable(Type.String({ description: 'Collector number over the printed total (`4/102`) when known.' })),
  name: Type.String({ description: "Name in the card's own language." }),
  supertype: Nullable(Type.String({ description: 'Pokemon, Trainer or Energy (English in every language).' })),
  subtypes: Nullable(Type.Array(Type.String(), { description: 'Stage, suffix, trainer or energy kind (English).' })),
  hp: Type.Union([Type.String(), Type.Integer(), Type.Null()]),
  types: Nullable(Type.Array(Type.String(), { description: 'Energy types (English).' })),
  rarity: Nullable(Type.String({ description: 'Rarity (English in every language); null when the card has none.' })),
  artist: Nullable(Type.String()),
  regulation_mark: Nullable(Type.String()),
  image_small: Nullable(Type.String({ format: 'uri' })),
  image_large: Nullable(Type.String({ format: 'uri' })),
  updated_at: Nullable(Type.String({ format: 'date-time' })),
  evolves_from: Nullable(Type.String({ description: "The Pokémon it evolves from, named in the card's own language." })),
  pokedex_numbers: Nullable(Type.Array(Type.Integer({ minimum: 1 }), { minItems: 1, description: 'National Pokédex numbers.' })),
  flavor_text: Nullable(Type.String({ description: "The Pokédex entry printed on the card, in the card's own language." })),
  abilities: Nullable(Type.Array(Ability, { minItems: 1 })),
  attacks: Nullable(Type.Array(Attack, { minItems: 1 })),
  weaknesses: Nullable(Type.Array(WeaknessOrResistance, { minItems: 1 })),
  resistances: Nullable(Type.Array(WeaknessOrResistance, { minItems: 1 })),
  retreat_cost: Nullable(Type.Integer({ minimum: 0, description: 'Energy to discard to retreat.' })),
  rules_text: Nullable(Type.String({ description: "A Trainer's or Energy's text, in the card's own language." })),
  legalities: Nullable(Legalities),
};

/**
 * The fields of a served card: the record's, with its set's name and code after set_id, so a row
 * shows its set without a second request. Both are derived from the set when rows are built
 * (catalogRows), never stored in a record, so the set stays their one source.
 */
const { id, set_id, ...restOfRecord } = recordFields;
const cardFields = {
  id,
  pokemontcg_io_id: Type.Optional(Type.String({
    description: 'Its pokemontcg.io id, for /v2 (English only).',
  })),
  set_id,
  set_name: Type.String({ description: "The name of the card's set, in the card's language (the set's `name`).", examples: ['Base Set'] }),
  set_code: Nullable(Type.String({
    description: "The printed abbreviation of the card's set (the set's `abbreviation`); null when it has none. " +
      'What the set_code filter takes.',
    examples: ['BS', 'PAL', 'SVP'],
  })),
  ...restOfRecord,
};

export const Card = Type.Object(cardFields, {
  title: 'Card',
  additionalProperties: false,
  examples: [{
    id: 'en-base1-4', pokemontcg_io_id: 'base1-4', set_id: 'en-base1', set_name: 'Base Set', set_code: 'BS', number: '4', local_id: '4/102', name: 'Charizard',
    supertype: 'Pokemon', subtypes: ['Stage2'], hp: 120, types: ['Fire'], rarity: 'Rare',
    artist: 'Mitsuhiro Arita', regulation_mark: null,
    image_small: 'https://assets.tcgdex.net/en/base/base1/4/low.webp',
    image_large: 'https://assets.tcgdex.net/en/base/base1/4/high.webp',
    updated_at: '2026-08-20T07:25:49.000Z',
    evolves_from: 'Charmeleon',
    pokedex_numbers: [6],
    flavor_text: 'Spits fire that is hot enough to melt boulders. Known to unintentionally cause forest fires.',
    abilities: [{
      type: 'Pokemon Power',
      name: 'Energy Burn',
      effect: 'As often as you like during your turn (before your attack), you may turn all Energy attached to ' +
        "Charizard into Fire Energy for the rest of the turn. This power can't be used if Charizard is Asleep, Confused, or Paralyzed.",
    }],
    attacks: [{
      name: 'Fire Spin',
      cost: ['Fire', 'Fire', 'Fire', 'Fire'],
      damage: '100',
      effect: 'Discard 2 Energy cards attached to Charizard in order to use this attack.',
    }],
    weaknesses: [{ type: 'Water', value: '×2' }],
    resistances: [{ type: 'Fighting', value: '-30' }],
    retreat_cost: 3,
    rules_text: null,
    legalities: { standard: false, expanded: false },
  }],
});
export type Card = Static<typeof Card>;

export const CardWithVariants = Type.Object(
  { ...cardFields, variants: Type.Array(Variant, { minItems: 1 }) },
  { title: 'CardWithVariants', additionalProperties: false },
);
export type CardWithVariants = Static<typeof CardWithVariants>;

/**
 * A card as a source gives it and as the export writes it: a CardWithVariants without the fields
 * derived from its set (set_name, set_code). Not served, so not in the OpenAPI document.
 */
export const CardRecord = Type.Object(
  { ...recordFields, variants: Type.Array(Variant, { minItems: 1 }) },
  { title: 'CardRecord', additionalProperties: false },
);
export type CardRecord = Static<typeof CardRecord>;

/** A search's suggestions: on an empty first page only. */
export const Suggestions = Type.Array(Type.String(), {
  maxItems: 5,
  description: 'Only when the first page of a search is empty: up to 5 card names close to q in the language(s) ' +
    'searched (a typo or two away, or q without a trailing qualifier in parentheses), closest first; filters do not ' +
    'apply to them. Absent on every other page.',
});

export const CardList = Type.Object(
  { data: Type.Array(Card), pagination: Pagination, suggestions: Type.Optional(Suggestions), retrieved_at: RetrievedAt },
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
