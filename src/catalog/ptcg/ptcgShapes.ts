import type { PtcgSupertype } from './ptcgVocabulary.js';

/*
 * pokemontcg.io's card and set objects (their docs' card-object.md and set-object.md), as /v2 serves
 * them from our English catalog, in their key order. A key they leave out when it has nothing to say
 * is optional here and absent, never empty. No prices (`tcgplayer`, `cardmarket`): we have none; no
 * `level` either (the level of a Pokémon of the oldest sets), which our catalog does not hold. Each
 * carries one field of ours, last: `catalogId`, the id of the same card or set at /v1.
 */

export type PtcgLegality = 'Legal' | 'Banned';

/** A format is absent when the card or set is not legal in it. */
export interface PtcgLegalities {
  unlimited?: PtcgLegality;
  standard?: PtcgLegality;
  expanded?: PtcgLegality;
}

export interface PtcgSet {
  id: string;
  name: string;
  series: string;
  printedTotal: number;
  total: number;
  legalities: PtcgLegalities;
  ptcgoCode?: string;
  /** `YYYY/MM/DD`. */
  releaseDate: string;
  /** `YYYY/MM/DD HH:MM:SS`. */
  updatedAt: string;
  images: { symbol?: string; logo?: string };
  /** Our id of the set (`en-base1`). */
  catalogId: string;
}

export interface PtcgAbility {
  name: string;
  text: string;
  type: string;
}

export interface PtcgAttack {
  name: string;
  cost: string[];
  convertedEnergyCost: number;
  /** `''` when none is printed, as theirs. */
  damage: string;
  /** `''` when none is printed, as theirs. */
  text: string;
}

export interface PtcgWeaknessOrResistance {
  type: string;
  value: string;
}

export interface PtcgCard {
  id: string;
  name: string;
  supertype: PtcgSupertype;
  subtypes?: string[];
  hp?: string;
  types?: string[];
  evolvesFrom?: string;
  evolvesTo?: string[];
  rules?: string[];
  ancientTrait?: { name: string; text: string };
  abilities?: PtcgAbility[];
  attacks?: PtcgAttack[];
  weaknesses?: PtcgWeaknessOrResistance[];
  resistances?: PtcgWeaknessOrResistance[];
  retreatCost?: string[];
  convertedRetreatCost?: number;
  set: PtcgSet;
  number: string;
  artist?: string;
  rarity?: string;
  flavorText?: string;
  nationalPokedexNumbers?: number[];
  legalities: PtcgLegalities;
  regulationMark?: string;
  images: { small?: string; large?: string };
  /** Our id of the card (`en-base1-4`). */
  catalogId: string;
}
