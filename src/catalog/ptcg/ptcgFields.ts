import type { FieldCatalog, FieldSpec } from '../query/fieldCatalog.js';

/*
 * Every leaf path of pokemontcg.io's set and card objects (ptcgShapes.ts) that their query language
 * (`q`) may name, with how it matches and whether `orderBy` may name it. A path through an array
 * (`attacks.name`) reaches every element; an array sorts by its first.
 */

const text: FieldSpec = { kind: 'text' };
const sortableText: FieldSpec = { kind: 'text', sortable: true };
const keyword: FieldSpec = { kind: 'keyword' };
const sortableKeyword: FieldSpec = { kind: 'keyword', sortable: true };
const sortableNumber: FieldSpec = { kind: 'number', sortable: true };
const sortableDate: FieldSpec = { kind: 'date', sortable: true };

export const PTCG_SET_FIELDS: FieldCatalog = {
  id: sortableKeyword,
  name: sortableText,
  series: sortableText,
  printedTotal: sortableNumber,
  total: sortableNumber,
  'legalities.unlimited': sortableKeyword,
  'legalities.standard': sortableKeyword,
  'legalities.expanded': sortableKeyword,
  ptcgoCode: sortableKeyword,
  releaseDate: sortableDate,
  updatedAt: sortableDate,
  'images.symbol': keyword,
  'images.logo': keyword,
  catalogId: sortableKeyword,
};

/** The set inside every card, under `set.`. */
const SET_IN_CARD: FieldCatalog = Object.fromEntries(Object.entries(PTCG_SET_FIELDS).map(([path, spec]) => [`set.${path}`, spec]));

export const PTCG_CARD_FIELDS: FieldCatalog = {
  id: sortableKeyword,
  name: sortableText,
  supertype: sortableText,
  subtypes: sortableText,
  hp: sortableNumber,
  types: sortableText,
  evolvesFrom: sortableText,
  evolvesTo: text,
  rules: text,
  'ancientTrait.name': text,
  'ancientTrait.text': text,
  'abilities.name': text,
  'abilities.text': text,
  'abilities.type': text,
  'attacks.name': text,
  'attacks.cost': text,
  'attacks.convertedEnergyCost': sortableNumber,
  'attacks.damage': keyword,
  'attacks.text': text,
  'weaknesses.type': text,
  'weaknesses.value': keyword,
  'resistances.type': text,
  'resistances.value': keyword,
  retreatCost: text,
  convertedRetreatCost: sortableNumber,
  ...SET_IN_CARD,
  // A string (`4`, `TG01`, `SWSH001`): matched whole, sorted in natural number order.
  number: sortableKeyword,
  artist: sortableText,
  rarity: sortableText,
  flavorText: text,
  nationalPokedexNumbers: sortableNumber,
  'legalities.unlimited': sortableKeyword,
  'legalities.standard': sortableKeyword,
  'legalities.expanded': sortableKeyword,
  regulationMark: sortableKeyword,
  'images.small': keyword,
  'images.large': keyword,
  catalogId: sortableKeyword,
};
