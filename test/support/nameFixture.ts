import type { Catalog } from '../../src/catalog/catalogShapes.js';
import type { CardRecord } from '../../src/schemas/card.js';
import type { CardSet } from '../../src/schemas/set.js';

/*
 * A small catalog of our own for the lookups by typed name: names with possessives, spaced and
 * hyphenated suffixes, a qualifier in parentheses, a name that another begins (Iono, Iono's
 * Tadbulb), and printing counts that differ from alphabetical order.
 */

const set = (id: string, releaseDate: string, abbreviation: string, language: CardSet['language'] = 'en'): CardSet => ({
  id, name: id, name_en: null, series: null, release_date: releaseDate, total: null, printed_total: null, language,
  logo_url: null, symbol_url: null, abbreviation,
});

const card = (setId: string, number: string, name: string): CardRecord => ({
  id: `${setId}-${number}`, set_id: setId, number, local_id: number, name, supertype: 'Pokemon', subtypes: null, hp: null,
  types: null, rarity: null, artist: null, regulation_mark: null, image_small: null, image_large: null, updated_at: null,
  evolves_from: null, pokedex_numbers: null, flavor_text: null, abilities: null, attacks: null, weaknesses: null,
  resistances: null, retreat_cost: null, rules_text: null, legalities: null,
  variants: [{ variant_key: 'normal', variant_label: 'Normal', is_default: true, image_small: null, image_large: null }],
});

/** Sets: en-s3 (newest, NEW), en-s2 (MID), en-s1 (OLD), de-s1 (OLD). */
export const NAME_CATALOG: Catalog = {
  sets: [
    set('en-s1', '2020-01-01', 'OLD'), set('en-s2', '2023-01-01', 'MID'), set('en-s3', '2025-01-01', 'NEW'),
    set('de-s1', '2020-01-01', 'OLD', 'de'),
  ],
  cards: [
    card('en-s3', '1', 'Iono'), card('en-s3', '2', 'Iono\'s Tadbulb'), card('en-s3', '3', 'Boss\'s Orders'),
    card('en-s3', '4', 'Professor\'s Research'), card('en-s3', '5', 'Charizard ex'),
    card('en-s2', '1', 'Charizard'), card('en-s2', '2', 'Mewtwo-GX'), card('en-s2', '3', 'Lugia VSTAR'),
    card('en-s2', '4', 'Boss\'s Orders (Giovanni)'), card('en-s2', '5', 'Pikachu VMAX'), card('en-s2', '6', 'Iono'),
    card('en-s2', '7', 'Charmander'), card('en-s2', '9', 'Charizard'),
    card('en-s1', '1', 'Charizard'), card('en-s1', '2', 'Mewtwo GX'), card('en-s1', '3', 'Charmeleon'), card('en-s1', '4', 'Pikachu'),
    card('en-s1', '5', 'Pikachu V'), card('en-s1', '6', 'Boss\'s Orders'), card('en-s1', '8', 'Blaine\'s Charizard'),
    card('en-s1', '9', 'Charmander'),
    card('de-s1', '1', 'Glurak'), card('de-s1', '4', 'Pikachu'),
  ],
};
