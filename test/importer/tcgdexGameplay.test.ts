import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { mapTcgdex } from '../../src/importer/mapTcgdex.js';
import type { TcgdexCard } from '../../src/importer/tcgdexRecords.js';
import { tcgdexCard, tcgdexSet } from '../support/tcgdexFixtures.js';

const byId = <T extends { id: string }>(records: T[], id: string): T => {
  const found = records.find((r) => r.id === id);
  assert.ok(found, `no record ${id}`);
  return found;
};

/** A Stage 2 Fire Pokémon with one of everything, its texts written for this test. */
const ember = (lang: string, localId: string, overrides: Partial<TcgdexCard> = {}) => tcgdexCard(lang, 'base1', localId, {
  dexId: [6],
  evolveFrom: 'Middle Ember',
  description: 'It keeps its tail lit.',
  abilities: [{ type: 'Pokemon Power', name: 'Warm Up', effect: 'Once during your turn, draw a card.' }],
  attacks: [
    { cost: ['Fire', 'Colorless'], name: 'Singe', damage: 30 },
    { cost: ['Fire', 'Fire', 'Fire'], name: 'Blaze', effect: 'Flip a coin.', damage: '50x' },
  ],
  weaknesses: [{ type: 'Water', value: 'x2' }],
  resistances: [{ type: 'Fighting', value: '−30' }],
  retreat: 2,
  legal: { standard: false, expanded: true },
  ...overrides,
});

describe('gameplay fields of an English card', () => {
  const { catalog } = mapTcgdex([{
    lang: 'en',
    sets: [tcgdexSet('en', 'base1')],
    cards: [
      ember('en', '1'),
      tcgdexCard('en', 'base1', '2', {
        category: 'Trainer', trainerType: 'Item', hp: undefined, types: undefined, stage: undefined,
        effect: 'Search your deck for a card.', legal: { standard: true, expanded: true },
      }),
      tcgdexCard('en', 'base1', '3', {
        evolveFrom: '', description: ' ', dexId: [], abilities: [], attacks: [{ cost: [], name: 'Tackle', damage: '' }],
        weaknesses: [{ type: 'Grass' }], resistances: [], rarity: 'None',
      }),
    ],
  }]);

  test('every field is mapped, damage and values in one spelling', () => {
    const card = byId(catalog.cards, 'en-base1-1');
    assert.deepEqual({
      evolves_from: card.evolves_from, pokedex_numbers: card.pokedex_numbers, flavor_text: card.flavor_text,
      abilities: card.abilities, attacks: card.attacks, weaknesses: card.weaknesses, resistances: card.resistances,
      retreat_cost: card.retreat_cost, rules_text: card.rules_text, legalities: card.legalities,
    }, {
      evolves_from: 'Middle Ember',
      pokedex_numbers: [6],
      flavor_text: 'It keeps its tail lit.',
      abilities: [{ type: 'Pokemon Power', name: 'Warm Up', effect: 'Once during your turn, draw a card.' }],
      attacks: [
        { name: 'Singe', cost: ['Fire', 'Colorless'], damage: '30', effect: null },
        { name: 'Blaze', cost: ['Fire', 'Fire', 'Fire'], damage: '50×', effect: 'Flip a coin.' },
      ],
      weaknesses: [{ type: 'Water', value: '×2' }],
      resistances: [{ type: 'Fighting', value: '-30' }],
      retreat_cost: 2,
      rules_text: null,
      legalities: { standard: false, expanded: true },
    });
  });

  test("a Trainer's text is its rules_text, and it has no Pokémon fields", () => {
    const card = byId(catalog.cards, 'en-base1-2');
    assert.equal(card.rules_text, 'Search your deck for a card.');
    assert.deepEqual([card.attacks, card.abilities, card.weaknesses, card.retreat_cost, card.pokedex_numbers], [null, null, null, null, null]);
    assert.deepEqual(card.legalities, { standard: true, expanded: true });
  });

  test('what the source leaves empty is null: blank texts, empty lists, an empty cost, an empty damage', () => {
    const card = byId(catalog.cards, 'en-base1-3');
    assert.deepEqual([card.evolves_from, card.flavor_text, card.pokedex_numbers, card.abilities, card.resistances], [null, null, null, null, null]);
    assert.deepEqual(card.attacks, [{ name: 'Tackle', cost: null, damage: null, effect: null }]);
    assert.deepEqual(card.weaknesses, [{ type: 'Grass', value: null }]);
  });

  test("the source's placeholder rarity None is null", () => {
    assert.equal(byId(catalog.cards, 'en-base1-3').rarity, null);
  });
});

describe('gameplay vocabularies of localized cards in English', () => {
  const fr = (localId: string, overrides: Partial<TcgdexCard> = {}) => ember('fr', localId, {
    name: 'Braise', evolveFrom: 'Braise moyenne', description: 'Sa queue reste allumée.', rarity: 'Rare',
    abilities: [{ type: 'Pouvoir Pokémon', name: 'Échauffement', effect: 'Piochez une carte.' }],
    attacks: [
      { cost: ['Feu', 'Incolore'], name: 'Roussir', damage: 30 },
      { cost: ['Feu', 'Feu', 'Feu'], name: 'Brasier', effect: 'Lancez une pièce.', damage: '50×' },
    ],
    weaknesses: [{ type: 'Eau', value: '×2' }],
    resistances: [{ type: 'Combat', value: '-30' }],
    ...overrides,
  });
  const { catalog, report } = mapTcgdex([
    {
      lang: 'en',
      sets: [tcgdexSet('en', 'base1')],
      cards: [ember('en', '1'), ember('en', '2', { rarity: 'None' })],
    },
    {
      lang: 'fr',
      sets: [tcgdexSet('fr', 'base1')],
      cards: [
        fr('1'),
        fr('2', { rarity: 'Sans Rareté' }),
        // No English counterpart: the table learned from the pairs above decides.
        fr('100', { abilities: [{ type: 'Poké-POWER', name: 'Chaleur' }], rarity: 'Sans Rareté' }),
        fr('101', {
          abilities: [{ type: 'Pouvoir Inconnu', name: 'Mystère' }],
          attacks: [{ cost: ['Feu', 'Néant'], name: 'Flammèche', damage: '10＋' }],
          weaknesses: [{ type: 'Brume', value: '×2' }, { type: 'Eau', value: '×2' }],
        }),
      ],
    },
    {
      lang: 'ja',
      sets: [tcgdexSet('ja', 'SV1a')],
      cards: [tcgdexCard('ja', 'SV1a', '001', {
        abilities: [{ type: 'Poke-BODY', name: 'あたたか' }, { name: 'ふしぎ' }],
        attacks: [{ cost: ['Fire'], name: 'ひのこ', damage: '20＋' }],
        resistances: [{ type: 'Fighting', value: '－30' }],
      })],
    },
  ]);

  test('a localized card takes the English card’s types; its names and texts stay French', () => {
    const card = byId(catalog.cards, 'fr-base1-1');
    assert.equal(card.evolves_from, 'Braise moyenne');
    assert.equal(card.flavor_text, 'Sa queue reste allumée.');
    assert.deepEqual(card.abilities, [{ type: 'Pokemon Power', name: 'Échauffement', effect: 'Piochez une carte.' }]);
    assert.deepEqual(card.attacks, [
      { name: 'Roussir', cost: ['Fire', 'Colorless'], damage: '30', effect: null },
      { name: 'Brasier', cost: ['Fire', 'Fire', 'Fire'], damage: '50×', effect: 'Lancez une pièce.' },
    ]);
    assert.deepEqual(card.weaknesses, [{ type: 'Water', value: '×2' }]);
    assert.deepEqual(card.resistances, [{ type: 'Fighting', value: '-30' }]);
  });

  test('a localized rarity that stands for None is null', () => {
    assert.equal(byId(catalog.cards, 'fr-base1-2').rarity, null);
    assert.equal(byId(catalog.cards, 'fr-base1-100').rarity, null, 'by the learned table');
  });

  test('without an English counterpart, the learned table and the canonical spellings translate', () => {
    const card = byId(catalog.cards, 'fr-base1-100');
    assert.deepEqual(card.abilities, [{ type: 'Poke-Power', name: 'Chaleur', effect: null }]);
    assert.deepEqual(card.attacks![0]!.cost, ['Fire', 'Colorless']);
    assert.deepEqual(card.resistances, [{ type: 'Fighting', value: '-30' }]);
  });

  test('a word nobody translates is reported: null as an ability type, left out of a cost or the weaknesses', () => {
    const card = byId(catalog.cards, 'fr-base1-101');
    assert.deepEqual(card.abilities, [{ type: null, name: 'Mystère', effect: null }]);
    assert.deepEqual(card.attacks, [{ name: 'Flammèche', cost: ['Fire'], damage: '10+', effect: null }]);
    assert.deepEqual(card.weaknesses, [{ type: 'Water', value: '×2' }]);
    const untranslated = [...report.notes!.untranslated].sort((a, b) => (a.field < b.field ? -1 : 1));
    assert.deepEqual(untranslated, [
      { lang: 'fr', field: 'ability type', value: 'Pouvoir Inconnu', count: 1 },
      { lang: 'fr', field: 'attack cost', value: 'Néant', count: 1 },
      { lang: 'fr', field: 'weakness type', value: 'Brume', count: 1 },
    ]);
  });

  test('a language already in English keeps its words, in the canonical spelling; an ability without a type has null', () => {
    const card = byId(catalog.cards, 'ja-SV1a-001');
    assert.deepEqual(card.abilities, [{ type: 'Poke-Body', name: 'あたたか', effect: null }, { type: null, name: 'ふしぎ', effect: null }]);
    assert.deepEqual(card.attacks, [{ name: 'ひのこ', cost: ['Fire'], damage: '20+', effect: null }]);
    assert.deepEqual(card.resistances, [{ type: 'Fighting', value: '-30' }]);
  });
});

describe('set abbreviations', () => {
  const { catalog } = mapTcgdex([{
    lang: 'en',
    sets: [
      tcgdexSet('en', 'sv02', { abbreviation: { official: 'PAL' }, tcgOnline: 'PAL2' }),
      tcgdexSet('en', 'base1', { tcgOnline: 'BS' }),
      tcgdexSet('en', 'np'),
    ],
    cards: [],
  }]);

  test('the official abbreviation, else the Pokémon TCG Online code, else null', () => {
    assert.deepEqual(catalog.sets.map((s) => [s.id, s.abbreviation]), [['en-sv02', 'PAL'], ['en-base1', 'BS'], ['en-np', null]]);
  });
});
