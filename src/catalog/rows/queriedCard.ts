import type { CardRecord } from '../../schemas/card.js';

/**
 * A card as /v1's query reads it, stored with its row (`query_doc`) so that the query's index is
 * built from these alone, not from every card's whole answer: the fields the query names but the
 * game text (the store's text index answers it) and the set's (read from the sets), in the /v1
 * card's names, with its legality and its printings' keys as the query's `legal` and `variant`.
 */
export interface QueriedCard {
  id: string;
  set_id: string;
  name: string;
  number: string | null;
  hp: string | number | null;
  types: string[] | null;
  supertype: string | null;
  subtypes: string[] | null;
  rarity: string | null;
  artist: string | null;
  regulation_mark: string | null;
  evolves_from: string | null;
  pokedex_numbers: number[] | null;
  retreat_cost: number | null;
  attacks: Array<{ name: string | null; damage: string | null }> | null;
  abilities: Array<{ name: string | null }> | null;
  weaknesses: Array<{ type: string }> | null;
  resistances: Array<{ type: string }> | null;
  legal: string[];
  variant: string[];
}

export function queriedCard(card: CardRecord): QueriedCard {
  return {
    id: card.id,
    set_id: card.set_id,
    name: card.name,
    number: card.number ?? null,
    hp: card.hp ?? null,
    types: card.types ?? null,
    supertype: card.supertype ?? null,
    subtypes: card.subtypes ?? null,
    rarity: card.rarity ?? null,
    artist: card.artist ?? null,
    regulation_mark: card.regulation_mark ?? null,
    evolves_from: card.evolves_from ?? null,
    pokedex_numbers: card.pokedex_numbers ?? null,
    retreat_cost: card.retreat_cost ?? null,
    attacks: card.attacks?.map((attack) => ({ name: attack.name ?? null, damage: attack.damage ?? null })) ?? null,
    abilities: card.abilities?.map((ability) => ({ name: ability.name ?? null })) ?? null,
    weaknesses: card.weaknesses?.map((weakness) => ({ type: weakness.type })) ?? null,
    resistances: card.resistances?.map((resistance) => ({ type: resistance.type })) ?? null,
    legal: [...(card.legalities?.standard ? ['standard'] : []), ...(card.legalities?.expanded ? ['expanded'] : [])],
    variant: card.variants.map((variant) => variant.variant_key),
  };
}
