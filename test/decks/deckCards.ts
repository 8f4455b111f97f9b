import type { Card } from '../../src/schemas/card.js';

/** A catalog card with only what the deck rules read set; the rest null. */
export function card(fields: Partial<Card> & Pick<Card, 'id' | 'name'>): Card {
  return {
    set_id: fields.id.replace(/-[^-]+$/, ''), set_name: 'A Set', set_code: null, number: fields.id.replace(/^.*-/, ''), local_id: null,
    supertype: null, subtypes: null, hp: null, types: null, rarity: null, artist: null, regulation_mark: null,
    image_small: null, image_large: null, updated_at: null, evolves_from: null, pokedex_numbers: null,
    flavor_text: null, abilities: null, attacks: null, weaknesses: null, resistances: null, retreat_cost: null,
    rules_text: null, legalities: null,
    ...fields,
  };
}

export const basicPokemon = (id: string, name: string, rarity: string | null = 'Common') =>
  card({ id, name, supertype: 'Pokemon', subtypes: ['Basic'], rarity });
export const stage1 = (id: string, name: string) => card({ id, name, supertype: 'Pokemon', subtypes: ['Stage1'] });
export const item = (id: string, name: string, rarity: string | null = 'Uncommon') =>
  card({ id, name, supertype: 'Trainer', subtypes: ['Item'], rarity, rules_text: 'Search your deck.' });
export const basicEnergy = (id: string, name: string) => card({ id, name, supertype: 'Energy', subtypes: ['Normal'] });

