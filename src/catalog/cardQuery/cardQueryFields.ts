import type { FieldCatalog, FieldSpec } from '../query/fieldCatalog.js';
import { GAME_TEXT_FIELDS } from '../gameText/gameTextValues.js';

/*
 * The fields /v1's `query` may name: the /v1 card's own names (docs/reference.md, "Query
 * language"), over the compact documents of cardQueryDocument.ts. A path through an array
 * (`attacks.name`) reaches every element.
 */

const text: FieldSpec = { kind: 'text' };
const keyword: FieldSpec = { kind: 'keyword' };

export const CARD_QUERY_FIELDS: FieldCatalog = {
  id: keyword,
  name: { kind: 'text', sortable: true },
  lang: keyword,
  number: { kind: 'keyword', sortable: true },
  hp: { kind: 'number', sortable: true },
  types: keyword,
  supertype: text,
  subtypes: text,
  rarity: text,
  artist: text,
  regulation_mark: keyword,
  evolves_from: text,
  pokedex_numbers: { kind: 'number' },
  retreat_cost: { kind: 'number' },
  'attacks.name': text,
  'attacks.damage': keyword,
  'attacks.effect': text,
  'abilities.name': text,
  'abilities.effect': text,
  'weaknesses.type': keyword,
  'resistances.type': keyword,
  rules_text: text,
  flavor_text: text,
  'set.id': keyword,
  'set.code': keyword,
  'set.name': text,
  'set.series': text,
  'set.release_date': { kind: 'date' },
  legal: keyword,
  variant: keyword,
};

/** What `order=` takes, each with `-` before it to reverse: `release` is newest first, as search orders. */
export const CARD_QUERY_ORDERS = ['release', 'name', 'hp', 'number'] as const;
export type CardQueryOrder = (typeof CARD_QUERY_ORDERS)[number];

/** The fields of game text: answered by the store's text index, never held in memory (cardQuerySearch.ts). */
export const GAME_TEXT: ReadonlySet<string> = new Set(GAME_TEXT_FIELDS);
