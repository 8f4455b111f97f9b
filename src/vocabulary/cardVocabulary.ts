/**
 * The closed English vocabularies of a card's gameplay fields, the same in every catalog
 * language: the energy types of attack costs, weaknesses and resistances, and the kinds of
 * ability. Names and texts stay in the card's language; these words never do.
 */

/** Every energy type the full TCGdex catalog uses (Dragon occurs as a weakness, never as a cost). */
export const ENERGY_TYPES = [
  'Colorless', 'Darkness', 'Dragon', 'Fairy', 'Fighting', 'Fire', 'Grass', 'Lightning', 'Metal', 'Psychic', 'Water',
] as const;
export type EnergyType = (typeof ENERGY_TYPES)[number];

/** The kinds of ability printed over the years: Pokémon Power (Base Set era), Poké-Power and Poké-Body (EX to HGSS), Ancient Trait (XY), Ability. */
export const ABILITY_TYPES = ['Ability', 'Poke-Power', 'Poke-Body', 'Pokemon Power', 'Ancient Trait'] as const;
export type AbilityType = (typeof ABILITY_TYPES)[number];

const ENERGY_TYPE_SET: ReadonlySet<string> = new Set(ENERGY_TYPES);

export const isEnergyType = (value: string): value is EnergyType => ENERGY_TYPE_SET.has(value);

/** Letters only, lower case, accents dropped: `Poké-POWER`, `Poke-POWER` and `poke power` all read `pokepower`. */
const spellingKey = (value: string) =>
  value.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/[^a-z]/g, '');

const ABILITY_TYPE_BY_SPELLING: ReadonlyMap<string, AbilityType> = new Map(
  ABILITY_TYPES.map((type) => [spellingKey(type), type]),
);

/**
 * The canonical ability type of an English spelling, whatever its case, accents or hyphens
 * (TCGdex writes `Poke-POWER` and `Poke-BODY`, fr and de `Poké-POWER`); null for any other word.
 */
export function abilityTypeOf(spelling: string): AbilityType | null {
  return ABILITY_TYPE_BY_SPELLING.get(spellingKey(spelling)) ?? null;
}

/** A card's supertype. */
export const SUPERTYPES = ['Pokemon', 'Trainer', 'Energy'] as const;

/**
 * Every subtype the full TCGdex catalog gives a card in English: stages, rule-box suffixes, trainer
 * and energy kinds. A test over the full catalog keeps this list complete.
 */
export const SUBTYPES = [
  'Basic', 'Stage1', 'Stage2', 'BREAK', 'LEVEL-UP', 'MEGA', 'RESTORED', 'Baby', 'VMAX', 'VSTAR', 'V-UNION',
  'EX', 'GX', 'TAG TEAM-GX', 'V', 'ex', 'Prime', 'Legend', 'SP',
  'Item', 'Supporter', 'Stadium', 'Tool', 'Technical Machine', "Rocket's Secret Machine",
  'Normal', 'Special',
] as const;

/** Every rarity the full TCGdex catalog gives a card in English (TCGdex's spellings, kept as they are). */
export const RARITIES = [
  'Common', 'Uncommon', 'Rare', 'Rare Holo', 'Holo Rare', 'Holo Rare V', 'Holo Rare VMAX', 'Holo Rare VSTAR',
  'Rare Holo LV.X', 'Rare PRIME', 'LEGEND', 'Ultra Rare', 'Secret Rare', 'Promo', 'Double rare', 'Triple Rare',
  'Illustration rare', 'Special illustration rare', 'Hyper rare', 'Mega Hyper Rare', 'Shiny rare', 'Shiny rare V',
  'Shiny rare VMAX', 'Shiny Ultra Rare', 'ACE SPEC Rare', 'Radiant Rare', 'Amazing Rare', 'Character Rare',
  'Character Super Rare', 'Classic Collection', 'Full Art Trainer', 'Black White Rare',
] as const;

/** Regulation marks printed so far (since Sword & Shield; A to C only on some Asian printings). */
export const REGULATION_MARKS = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I', 'J'] as const;

/** The formats a card's legalities name. */
export const FORMATS = ['standard', 'expanded'] as const;
export type Format = (typeof FORMATS)[number];
