import type { Catalog } from '../../src/catalog/catalogShapes.js';
import type { CardRecord } from '../../src/schemas/card.js';
import type { CardSet } from '../../src/schemas/set.js';

/*
 * A small catalog for the rows that stand alone and the codes players write (issue 24, items 4
 * and 5): sets with and without a printed abbreviation, the promo sets the game client writes as
 * PR-SV, PR-SW and PR-SM (SWSHP as the importer fills it for TCGdex's swshp), a set in French,
 * and numbers with leading zeros.
 */

const set = (id: string, name: string, abbreviation: string | null, release_date: string, printed_total: number | null = null): CardSet => ({
  id, name, name_en: null, series: null, release_date, total: null, printed_total, language: id.startsWith('fr-') ? 'fr' : 'en',
  logo_url: null, symbol_url: null, abbreviation,
});

const card = (setId: string, number: string, name: string): CardRecord => ({
  id: `${setId}-${number}`, set_id: setId, number, local_id: number, name, supertype: 'Pokemon', subtypes: ['Basic'], hp: 60,
  types: null, rarity: null, artist: null, regulation_mark: null, image_small: null, image_large: null, updated_at: null,
  evolves_from: null, pokedex_numbers: null, flavor_text: null, abilities: null, attacks: null, weaknesses: null,
  resistances: null, retreat_cost: null, rules_text: null, legalities: null,
  variants: [{ variant_key: 'normal', variant_label: 'Normal', is_default: true, image_small: null, image_large: null }],
});

export const ROWS_CATALOG: Catalog = {
  sets: [
    set('en-sv01', 'Scarlet & Violet', 'SVI', '2023-03-31', 198),
    set('fr-sv01', 'Écarlate et Violet', 'SVI', '2023-03-31', 198),
    set('en-svp', 'SVP Black Star Promos', 'SVP', '2023-01-01'),
    set('en-swshp', 'SWSH Black Star Promos', 'SWSHP', '2019-11-15'),
    set('en-smp', 'SM Black Star Promos', 'SMP', '2017-02-03'),
    set('en-sve', 'Scarlet & Violet Energy', 'SVE', '2023-03-31'),
    set('en-base1', 'Base Set', null, '1999-01-09', 102),
  ],
  cards: [
    card('en-sv01', '086', 'Pikachu'),
    card('en-sv01', '001', 'Pineco'),
    card('fr-sv01', '086', 'Pikachu'),
    card('en-svp', '001', 'Sprigatito'),
    card('en-swshp', 'SWSH001', 'Grookey'),
    card('en-smp', 'SM01', 'Rowlet'),
    card('en-sve', '001', 'Basic Grass Energy'),
    card('en-base1', '4', 'Charizard'),
  ],
};
