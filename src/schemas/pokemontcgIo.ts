import { Type, type Static, type TObject } from '@sinclair/typebox';

/**
 * pokemontcg.io's v2 shapes, as its public docs (PokemonTCG/pokemon-tcg-api-docs) describe them,
 * served at /v2 from our English catalog. Field names, types and key order are theirs, so their
 * SDKs read our answers as they read theirs; `catalogId` is ours (the /v1 id of the same record).
 * Prices (`tcgplayer`, `cardmarket`) are not offered.
 */

const CATALOG_ID = Type.String({ description: 'Our id of the same record at /v1 (`en-base1-4`, `en-base1`).', examples: ['en-base1-4'] });

const Legality = Type.Union([Type.Literal('Legal'), Type.Literal('Banned')]);

export type PtcgLegality = Static<typeof Legality>;

export const PtcgLegalities = Type.Object(
  { unlimited: Type.Optional(Legality), standard: Type.Optional(Legality), expanded: Type.Optional(Legality) },
  { title: 'PtcgLegalities', description: 'A format is absent when the card or set is not legal in it (from our own legality, so right after rotations).' },
);
export type PtcgLegalities = Static<typeof PtcgLegalities>;

export const PtcgSet = Type.Object(
  {
    id: Type.String({ description: "pokemontcg.io's set id.", examples: ['base1', 'sv3pt5'] }),
    name: Type.String({ description: 'As pokemontcg.io names it (`Base`, where /v1 says `Base Set`).' }),
    series: Type.String(),
    printedTotal: Type.Integer(),
    total: Type.Integer(),
    legalities: PtcgLegalities,
    ptcgoCode: Type.Optional(Type.String({ description: 'The printed set code.', examples: ['BS', 'MEW'] })),
    releaseDate: Type.String({ description: '`YYYY/MM/DD`.', examples: ['1999/01/09'] }),
    updatedAt: Type.String({ description: '`YYYY/MM/DD HH:MM:SS`, UTC.', examples: ['2026/08/21 07:25:49'] }),
    images: Type.Object({ symbol: Type.Optional(Type.String()), logo: Type.Optional(Type.String()) }),
    catalogId: CATALOG_ID,
  },
  { title: 'PtcgSet' },
);
export type PtcgSet = Static<typeof PtcgSet>;


export const PtcgCard = Type.Object(
  {
    id: Type.String({ description: "pokemontcg.io's card id.", examples: ['base1-4', 'sv3pt5-6'] }),
    name: Type.String(),
    supertype: Type.String({ description: '`Pokémon`, `Trainer` or `Energy`.' }),
    subtypes: Type.Optional(Type.Array(Type.String(), { description: 'As pokemontcg.io writes them: `Stage 2`, `MEGA`, `Pokémon Tool`.' })),
    level: Type.Optional(Type.String()),
    hp: Type.Optional(Type.String({ description: 'A string, as pokemontcg.io has it.', examples: ['120'] })),
    types: Type.Optional(Type.Array(Type.String())),
    evolvesFrom: Type.Optional(Type.String()),
    evolvesTo: Type.Optional(Type.Array(Type.String(), { description: 'The Pokémon whose English cards evolve from this one.' })),
    rules: Type.Optional(Type.Array(Type.String(), { description: "Rule boxes, and a Trainer's or Energy's text." })),
    ancientTrait: Type.Optional(Type.Object({ name: Type.String(), text: Type.String() }, { title: 'PtcgAncientTrait' })),
    abilities: Type.Optional(Type.Array(Type.Object({ name: Type.String(), text: Type.String(), type: Type.String() }, { title: 'PtcgAbility' }))),
    attacks: Type.Optional(Type.Array(Type.Object({
      name: Type.String(),
      cost: Type.Array(Type.String()),
      convertedEnergyCost: Type.Integer(),
      damage: Type.String({ description: '`` when none is printed.' }),
      text: Type.String(),
    }, { title: 'PtcgAttack' }))),
    weaknesses: Type.Optional(Type.Array(Type.Object({ type: Type.String(), value: Type.String() }))),
    resistances: Type.Optional(Type.Array(Type.Object({ type: Type.String(), value: Type.String() }))),
    retreatCost: Type.Optional(Type.Array(Type.String())),
    convertedRetreatCost: Type.Optional(Type.Integer()),
    set: PtcgSet,
    number: Type.String(),
    artist: Type.Optional(Type.String()),
    rarity: Type.Optional(Type.String({ description: 'In pokemontcg.io\'s words (`Rare Holo` where the card is printed holo).' })),
    flavorText: Type.Optional(Type.String()),
    nationalPokedexNumbers: Type.Optional(Type.Array(Type.Integer())),
    legalities: PtcgLegalities,
    regulationMark: Type.Optional(Type.String()),
    images: Type.Object({ small: Type.Optional(Type.String()), large: Type.Optional(Type.String()) }),
    catalogId: CATALOG_ID,
  },
  { title: 'PtcgCard' },
);
export type PtcgCard = Static<typeof PtcgCard>;

/** A list's envelope, keys in pokemontcg.io's order: one SDK returns whatever the first key holds. */
const PtcgList = <T extends TObject>(item: T, title: string) => Type.Object(
  {
    data: Type.Array(item),
    page: Type.Integer({ minimum: 1 }),
    pageSize: Type.Integer({ minimum: 1, maximum: 250 }),
    count: Type.Integer({ description: 'The records on this page.' }),
    totalCount: Type.Integer({ description: 'Every record the query matches (exact).' }),
  },
  { title },
);

export const PtcgCardList = PtcgList(PtcgCard, 'PtcgCardList');
export const PtcgSetList = PtcgList(PtcgSet, 'PtcgSetList');
export const PtcgSingleCard = Type.Object({ data: PtcgCard }, { title: 'PtcgSingleCard' });
export const PtcgSingleSet = Type.Object({ data: PtcgSet }, { title: 'PtcgSingleSet' });
export const PtcgVocabulary = Type.Object({ data: Type.Array(Type.String()) }, { title: 'PtcgVocabulary' });

export const PtcgError = Type.Object(
  { error: Type.Object({ message: Type.String(), code: Type.Integer({ description: 'The HTTP status.' }) }) },
  { title: 'PtcgError', description: "pokemontcg.io's error shape: `{\"error\": {\"message\", \"code\"}}`." },
);

const Select = Type.String({
  description: 'A comma list of top-level fields to return (`id,name,set`); a field this API does not serve (`tcgplayer`) is left out, not refused.',
  examples: ['id,name'],
});
const Q = Type.String({
  maxLength: 1000,
  description: 'A query in pokemontcg.io\'s language: `field:value` (a word of the field, case and accents folded), ' +
    '`field:"a phrase"`, wildcards (`name:char*`), `!field:value` (the whole field), `-field:value` (not), ' +
    'AND by default, `OR`, parentheses, ranges (`hp:[150 TO *]`, `{a TO b}`), nested fields (`set.id:sv3pt5`). ' +
    'A `+` stands for a space. See docs/pokemontcg-io.md.',
  examples: ['name:charizard set.id:sv3pt5'],
});
const Page = Type.Integer({ minimum: 1, default: 1, description: 'The page, from 1. A page past the end has `data: []`.' });
// No schema default: one would be filled in before `pagesize` is read.
const PageSize = Type.Integer({ minimum: 1, maximum: 250, description: 'Records per page, at most 250; 250 unless given.' });
const OrderBy = Type.String({
  description: 'A comma list of fields, `-` for descending, nested keys allowed (`-set.releaseDate,number`); the id is always the ' +
    'last key. Without it, cards come by set release date, set, then number; sets by release date, then id.',
  examples: ['-set.releaseDate'],
});

/**
 * A list's parameters. Real apps send `pagesize` and `orderby` as well; any other parameter is
 * ignored, as pokemontcg.io ignores it.
 */
export const PtcgListQuery = Type.Object(
  {
    q: Type.Optional(Q),
    page: Type.Optional(Page),
    pageSize: Type.Optional(PageSize),
    pagesize: Type.Optional(PageSize),
    orderBy: Type.Optional(OrderBy),
    orderby: Type.Optional(OrderBy),
    select: Type.Optional(Select),
  },
  { additionalProperties: true },
);
export type PtcgListQuery = Static<typeof PtcgListQuery>;

export const PtcgRecordQuery = Type.Object({ select: Type.Optional(Select) }, { additionalProperties: true });
export const PtcgIdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 100 }) });
