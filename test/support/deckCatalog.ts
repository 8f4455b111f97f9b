import type { Catalog } from '../../src/catalog/catalogShapes.js';
import type { CardWithVariants } from '../../src/schemas/card.js';
import type { Language } from '../../src/schemas/common.js';
import type { CardSet } from '../../src/schemas/set.js';

/**
 * A small hand-made catalog for the deck check: real card names, set codes and numbers, short game
 * texts of our own, and legalities as the game's rules give them in 2026 (marks H, I and J in
 * Standard; an older printing legal when reprinted unchanged in a legal set, as Ultra Ball, Rare
 * Candy and Boss's Orders are in Mega Evolution; Standard implies Expanded).
 */

const set = (language: Language, source: string, name: string, abbreviation: string, release: string, printed: number, total: number): CardSet => ({
  id: `${language}-${source}`, name, name_en: null, series: null, release_date: release, total, printed_total: printed,
  language, logo_url: null, symbol_url: null, abbreviation,
});

interface CardFields {
  name: string;
  supertype: 'Pokemon' | 'Trainer' | 'Energy';
  subtypes: string[];
  mark: string | null;
  standard: boolean;
  expanded?: boolean;
  rarity?: string;
  text?: string;
  hp?: number;
}

const card = (cardSet: CardSet, number: string, fields: CardFields): CardWithVariants => {
  const pokemon = fields.supertype === 'Pokemon';
  return {
    id: `${cardSet.id}-${number}`, set_id: cardSet.id, set_name: cardSet.name, set_code: cardSet.abbreviation, number,
    local_id: /^\d+$/.test(number) ? `${number}/${cardSet.printed_total}` : number,
    name: fields.name, supertype: fields.supertype, subtypes: fields.subtypes,
    hp: pokemon ? fields.hp ?? 70 : null, types: pokemon ? ['Psychic'] : null, rarity: fields.rarity ?? 'Common',
    artist: null, regulation_mark: fields.mark, image_small: null, image_large: null, updated_at: null,
    evolves_from: null, pokedex_numbers: null, flavor_text: null, abilities: null,
    attacks: pokemon ? [{ name: 'Test Attack', cost: ['Psychic'], damage: '30', effect: fields.text ?? null }] : null,
    weaknesses: null, resistances: null, retreat_cost: pokemon ? 1 : null,
    // Basic Energy prints no text (cardKinds.isBasicEnergy).
    rules_text: pokemon || fields.subtypes.includes('Normal') ? null : fields.text ?? 'A short rule written for this fixture.',
    legalities: { standard: fields.standard, expanded: fields.expanded ?? true },
    variants: [{ variant_key: 'normal', variant_label: null, is_default: true, image_small: null, image_large: null }],
  };
};

const pokemon = (name: string, subtypes: string[], mark: string | null, standard: boolean, extra: Partial<CardFields> = {}): CardFields =>
  ({ name, supertype: 'Pokemon', subtypes, mark, standard, ...extra });
const trainer = (name: string, subtype: string, mark: string | null, standard: boolean, extra: Partial<CardFields> = {}): CardFields =>
  ({ name, supertype: 'Trainer', subtypes: [subtype], mark, standard, ...extra });
const basicEnergy = (name: string): CardFields => ({ name, supertype: 'Energy', subtypes: ['Normal'], mark: null, standard: true, text: undefined });

const SVI = set('en', 'sv01', 'Scarlet & Violet', 'SVI', '2023-03-31', 198, 258);
const PAL = set('en', 'sv02', 'Paldea Evolved', 'PAL', '2023-06-09', 193, 279);
const TEF = set('en', 'sv05', 'Temporal Forces', 'TEF', '2024-03-22', 162, 218);
const SVE = set('en', 'sve', 'Scarlet & Violet Energy', 'SVE', '2023-03-31', 24, 24);
const SVP = set('en', 'svp', 'SVP Black Star Promos', 'SVP', '2023-03-31', 225, 226);
const ASR = set('en', 'swsh10', 'Astral Radiance', 'ASR', '2022-05-27', 189, 216);
const CRZ = set('en', 'swsh12.5', 'Crown Zenith', 'CRZ', '2023-01-20', 159, 230);
const UPR = set('en', 'sm5', 'Ultra Prism', 'UPR', '2018-02-02', 156, 173);
const MEG = set('en', 'me01', 'Mega Evolution', 'MEG', '2025-09-26', 132, 188);
const MEE = set('en', 'mee', 'Mega Evolution Energy', 'MEE', '2025-09-25', 8, 8);
const FR_SVI = set('fr', 'sv01', 'Écarlate et Violet', 'SVI', '2023-03-31', 198, 258);
const FR_SVE = set('fr', 'sve', 'Écarlate et Violet Énergie', 'SVE', '2023-03-31', 24, 24);

const ACE_SPEC = { rarity: 'ACE SPEC Rare' };
const RADIANT = { rarity: 'Radiant Rare' };

export const DECK_CATALOG: Catalog = {
  sets: [SVI, PAL, TEF, SVE, SVP, ASR, CRZ, UPR, MEG, MEE, FR_SVI, FR_SVE],
  cards: [
    card(SVI, '084', pokemon('Ralts', ['Basic'], 'G', true)),
    card(SVI, '085', pokemon('Kirlia', ['Stage1'], 'G', true)),
    card(SVI, '086', pokemon('Gardevoir ex', ['Stage2', 'ex'], 'G', false, { hp: 310 })),
    card(SVI, '089', pokemon('Drifloon', ['Basic'], 'G', true)),
    card(SVI, '181', trainer('Nest Ball', 'Item', 'G', true)),
    card(SVI, '189', trainer('Professor\'s Research', 'Supporter', 'G', true)),
    card(SVI, '191', trainer('Rare Candy', 'Item', 'G', true, { text: 'Choose 1 of your Basic Pokémon in play.' })),
    card(SVI, '196', trainer('Ultra Ball', 'Item', 'G', true, { text: 'Discard 2 cards from your hand. Search your deck for a Pokémon.' })),
    card(PAL, '172', trainer('Boss\'s Orders', 'Supporter', 'G', true, { text: 'Switch in 1 of your opponent\'s Benched Pokémon.' })),
    card(PAL, '185', trainer('Iono', 'Supporter', 'G', true)),
    card(PAL, '188', trainer('Super Rod', 'Item', 'G', false)),
    card(TEF, '157', trainer('Prime Catcher', 'Item', 'H', true, ACE_SPEC)),
    card(TEF, '154', trainer('Maximum Belt', 'Tool', 'H', true, ACE_SPEC)),
    card(SVE, '003', basicEnergy('Water Energy')),
    card(SVE, '005', basicEnergy('Psychic Energy')),
    card(SVE, '013', basicEnergy('Psychic Energy')),
    card(SVP, '027', pokemon('Pikachu', ['Basic'], 'G', true, { rarity: 'Promo' })),
    card(ASR, '046', pokemon('Radiant Greninja', ['Basic'], 'F', false, RADIANT)),
    card(CRZ, '020', pokemon('Radiant Charizard', ['Basic'], 'F', false, RADIANT)),
    card(UPR, '062', pokemon('Lunala ◇', ['Basic'], null, false, { rarity: 'Rare' })),
    card(MEG, '114', trainer('Boss\'s Orders', 'Supporter', 'I', true, { text: 'Switch in 1 of your opponent\'s Benched Pokémon.' })),
    card(MEG, '125', trainer('Rare Candy', 'Item', 'I', true, { text: 'Choose 1 of your Basic Pokémon in play.' })),
    card(MEG, '131', trainer('Ultra Ball', 'Item', 'I', true, { text: 'Discard 2 cards from your hand. Search your deck for a Pokémon.' })),
    card(MEE, '005', basicEnergy('Psychic Energy')),
    card(FR_SVI, '084', pokemon('Tarsal', ['Basic'], 'G', true)),
    card(FR_SVI, '086', pokemon('Gardevoir-ex', ['Stage2', 'ex'], 'G', false, { hp: 310 })),
    card(FR_SVI, '196', trainer('Hyper Ball', 'Item', 'G', true)),
    card(FR_SVE, '005', basicEnergy('Énergie Psy')),
  ],
};

/** A Pokémon TCG Live export of 15 card lines, 60 cards. */
export const TCG_LIVE_LIST = [
  'Pokémon: 13',
  '4 Ralts SVI 84',
  '3 Kirlia SVI 85',
  '2 Gardevoir ex SVI 86',
  '2 Drifloon SVI 89',
  '1 Radiant Greninja ASR 46',
  '1 Pikachu PR-SV 27',
  '',
  'Trainer: 26',
  '4 Ultra Ball SVI 196',
  '4 Rare Candy SVI 191',
  '3 Boss\'s Orders (Ghetsis) PAL 172',
  '2 Super Rod PAL 188',
  '4 Nest Ball SVI 181',
  '4 Iono PAL 185',
  '1 Prime Catcher TEF 157',
  '4 Professor\'s Research SVI 189',
  '',
  'Energy: 21',
  '21 Basic {P} Energy SVE 5',
  '',
  'Total Cards: 60',
].join('\n');
