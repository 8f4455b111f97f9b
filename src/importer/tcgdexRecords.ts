/**
 * The TCGdex records the importer reads, as both TCGdex sources (dump files and the live API)
 * yield them: the fields of the TCGdex REST API v2 objects that the mapping uses, nothing else.
 * Picking only these keeps the whole multi-language catalog small in memory (no pricing, boosters,
 * held items, variant counts or card lists).
 */

/** Every language TCGdex publishes; `pt-br` and `pt-pt` are not catalog codes as they are. */
export const TCGDEX_LANGUAGES = [
  'en', 'fr', 'es', 'es-mx', 'it', 'pt', 'pt-br', 'pt-pt', 'de', 'nl', 'pl', 'ru',
  'ja', 'ko', 'zh-tw', 'id', 'th', 'zh-cn',
] as const;

/** Languages whose sets share TCGdex ids (`base1-4` is the same card in each). */
export const INTERNATIONAL_LANGUAGES: readonly string[] = [
  'en', 'fr', 'es', 'it', 'pt', 'de', 'es-mx', 'pt-br', 'pt-pt', 'nl', 'pl', 'ru',
];

export interface TcgdexCardCount {
  official?: number;
  total?: number;
}

export interface TcgdexSet {
  id: string;
  name?: string;
  serie?: { id?: string; name?: string };
  releaseDate?: string;
  cardCount?: TcgdexCardCount;
  logo?: string;
  symbol?: string;
  /** Pokémon TCG Online/Live set code. */
  tcgOnline?: string;
  /** The printed abbreviation (`official`); TCGdex's `localized` one is not used. */
  abbreviation?: { official?: string };
}

/** The brief of its set that every card embeds. */
export interface TcgdexSetBrief {
  id: string;
  name?: string;
  logo?: string;
  symbol?: string;
  cardCount?: TcgdexCardCount;
}

export interface TcgdexVariantDetail {
  type?: string;
  size?: string;
  subtype?: string;
  stamp?: string[];
  foil?: string;
  variantId?: string;
}

export interface TcgdexLegacyVariants {
  normal?: boolean;
  reverse?: boolean;
  holo?: boolean;
  firstEdition?: boolean;
  wPromo?: boolean;
}

export interface TcgdexAbility {
  type?: string;
  name?: string;
  effect?: string;
}

export interface TcgdexAttack {
  cost?: string[];
  name?: string;
  effect?: string;
  /** An integer, or text such as `30+` or `50×`. */
  damage?: number | string;
}

/** A weakness or a resistance. */
export interface TcgdexTypeModifier {
  type?: string;
  value?: string;
}

export interface TcgdexLegality {
  standard?: boolean;
  expanded?: boolean;
}

export interface TcgdexCard {
  id: string;
  localId?: string;
  name?: string;
  category?: string;
  set?: TcgdexSetBrief;
  image?: string;
  updated?: string;
  illustrator?: string;
  rarity?: string;
  hp?: number;
  types?: string[];
  stage?: string;
  suffix?: string;
  trainerType?: string;
  energyType?: string;
  regulationMark?: string;
  variants?: TcgdexLegacyVariants;
  variants_detailed?: TcgdexVariantDetail[];
  dexId?: number[];
  evolveFrom?: string;
  description?: string;
  abilities?: TcgdexAbility[];
  attacks?: TcgdexAttack[];
  weaknesses?: TcgdexTypeModifier[];
  resistances?: TcgdexTypeModifier[];
  retreat?: number;
  /** A Trainer's or Energy's text. */
  effect?: string;
  legal?: TcgdexLegality;
}

/** A record a source listed but could not retrieve (the live API answered 404 for it). */
export interface UnavailableRecord {
  kind: 'set' | 'card';
  id: string;
}

/** Everything one source holds for one TCGdex language. */
export interface TcgdexLanguageData {
  /** The TCGdex language code (`pt-br`, not the catalog's `pt`). */
  lang: string;
  sets: TcgdexSet[];
  cards: TcgdexCard[];
  unavailable?: UnavailableRecord[];
}

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const str = (value: unknown) => (typeof value === 'string' ? value : undefined);
const num = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);
const bool = (value: unknown) => (typeof value === 'boolean' ? value : undefined);
const strings = (value: unknown) =>
  Array.isArray(value) && value.every((v) => typeof v === 'string') ? (value as string[]) : undefined;
const numbers = (value: unknown) =>
  Array.isArray(value) && value.every((v) => typeof v === 'number' && Number.isFinite(v)) ? (value as number[]) : undefined;

/** The objects of a list, each picked; undefined when the value is not a list. */
function listOf<T>(value: unknown, pick: (item: Json) => T): T[] | undefined {
  return Array.isArray(value) ? value.filter(isObject).map(pick) : undefined;
}

/**
 * The record without the keys whose value is undefined, so picked records compare equal whatever
 * their origin. Copied rather than deleted from: `delete` turns an object into a slow dictionary,
 * several times its size, and the whole catalog's records are held at once.
 */
function defined<T extends object>(record: T): T {
  const kept = {} as T;
  for (const key of Object.keys(record) as Array<keyof T>) if (record[key] !== undefined) kept[key] = record[key];
  return kept;
}

function cardCount(value: unknown): TcgdexCardCount | undefined {
  if (!isObject(value)) return undefined;
  return defined({ official: num(value.official), total: num(value.total) });
}

function requireId(value: unknown, where: string): Json & { id: string } {
  if (!isObject(value) || typeof value.id !== 'string' || value.id === '') {
    throw new Error(`${where}: not a TCGdex record (no string id)`);
  }
  return value as Json & { id: string };
}

/** The fields of a TCGdex set object (a set file line or `GET /v2/{lang}/sets/{id}`) the mapping uses. */
export function pickTcgdexSet(value: unknown, where: string): TcgdexSet {
  const json = requireId(value, where);
  const serie = isObject(json.serie) ? defined({ id: str(json.serie.id), name: str(json.serie.name) }) : undefined;
  const abbreviation = isObject(json.abbreviation) ? defined({ official: str(json.abbreviation.official) }) : undefined;
  return defined({
    id: json.id,
    name: str(json.name),
    serie,
    releaseDate: str(json.releaseDate),
    cardCount: cardCount(json.cardCount),
    logo: str(json.logo),
    symbol: str(json.symbol),
    tcgOnline: str(json.tcgOnline),
    abbreviation,
  });
}

function pickSetBrief(value: unknown): TcgdexSetBrief | undefined {
  if (!isObject(value) || typeof value.id !== 'string') return undefined;
  return defined({
    id: value.id,
    name: str(value.name),
    logo: str(value.logo),
    symbol: str(value.symbol),
    cardCount: cardCount(value.cardCount),
  });
}

function pickVariantDetail(value: unknown): TcgdexVariantDetail | undefined {
  if (!isObject(value)) return undefined;
  return defined({
    type: str(value.type),
    size: str(value.size),
    subtype: str(value.subtype),
    stamp: strings(value.stamp),
    foil: str(value.foil),
    variantId: str(value.variantId),
  });
}

const pickAbility = (value: Json): TcgdexAbility =>
  defined({ type: str(value.type), name: str(value.name), effect: str(value.effect) });

const pickAttack = (value: Json): TcgdexAttack => defined({
  cost: strings(value.cost),
  name: str(value.name),
  effect: str(value.effect),
  damage: num(value.damage) ?? str(value.damage),
});

const pickTypeModifier = (value: Json): TcgdexTypeModifier => defined({ type: str(value.type), value: str(value.value) });

const pickLegality = (value: unknown): TcgdexLegality | undefined =>
  isObject(value) ? defined({ standard: bool(value.standard), expanded: bool(value.expanded) }) : undefined;

/** The fields of a TCGdex card object (a card file line or `GET /v2/{lang}/cards/{id}`) the mapping uses. */
export function pickTcgdexCard(value: unknown, where: string): TcgdexCard {
  const json = requireId(value, where);
  const legacy = isObject(json.variants)
    ? defined({
      normal: bool(json.variants.normal),
      reverse: bool(json.variants.reverse),
      holo: bool(json.variants.holo),
      firstEdition: bool(json.variants.firstEdition),
      wPromo: bool(json.variants.wPromo),
    })
    : undefined;
  const detailed = Array.isArray(json.variants_detailed)
    ? json.variants_detailed.map(pickVariantDetail).filter((v): v is TcgdexVariantDetail => v !== undefined)
    : undefined;
  return defined({
    id: json.id,
    localId: str(json.localId),
    name: str(json.name),
    category: str(json.category),
    set: pickSetBrief(json.set),
    image: str(json.image),
    updated: str(json.updated),
    illustrator: str(json.illustrator),
    rarity: str(json.rarity),
    hp: num(json.hp),
    types: strings(json.types),
    stage: str(json.stage),
    suffix: str(json.suffix),
    trainerType: str(json.trainerType),
    energyType: str(json.energyType),
    regulationMark: str(json.regulationMark),
    variants: legacy,
    variants_detailed: detailed,
    dexId: numbers(json.dexId),
    evolveFrom: str(json.evolveFrom),
    description: str(json.description),
    abilities: listOf(json.abilities, pickAbility),
    attacks: listOf(json.attacks, pickAttack),
    weaknesses: listOf(json.weaknesses, pickTypeModifier),
    resistances: listOf(json.resistances, pickTypeModifier),
    retreat: num(json.retreat),
    effect: str(json.effect),
    legal: pickLegality(json.legal),
  });
}
