import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { pokemonRules, textRules } from '../../../src/catalog/ptcg/ptcgRules.js';
import { ptcgAbilityType, ptcgRarity, ptcgSubtypes, ptcgSupertype } from '../../../src/catalog/ptcg/ptcgVocabulary.js';

describe("pokemontcg.io's words for ours", () => {
  const pokemon = (name: string, rarity: string | null = null) => ({ name, rarity, supertype: 'Pokémon' as const });

  it('subtypes: ours mapped, a stage where ours name none, the kinds TCGdex keeps in a name or rarity', () => {
    assert.deepEqual(ptcgSubtypes(['Stage2', 'ex'], pokemon('Charizard ex'), null), ['Stage 2', 'ex']);
    assert.deepEqual(ptcgSubtypes(['TAG TEAM-GX'], pokemon('Pikachu & Zekrom GX'), 'Basic'), ['Basic', 'TAG TEAM', 'GX']);
    assert.deepEqual(ptcgSubtypes(['VSTAR', 'V'], pokemon('Arceus VSTAR'), null), ['VSTAR']);
    assert.deepEqual(ptcgSubtypes(['Stage1', 'ex'], pokemon('Mega Lucario ex'), null), ['Stage 1', 'MEGA', 'ex']);
    assert.deepEqual(ptcgSubtypes(['Basic', 'Legend'], pokemon('Ho-Oh & Lugia LEGEND'), null), ['LEGEND']);
    assert.deepEqual(ptcgSubtypes(['Basic'], pokemon('Radiant Charizard', 'Radiant Rare'), null), ['Basic', 'Radiant']);
    assert.deepEqual(ptcgSubtypes(['Tool'], { name: 'Powerglass', rarity: 'Uncommon', supertype: 'Trainer' }, null), ['Pokémon Tool']);
    assert.deepEqual(ptcgSubtypes(['Item'], { name: 'Prime Catcher', rarity: 'ACE SPEC Rare', supertype: 'Trainer' }, null), ['Item', 'ACE SPEC']);
    assert.deepEqual(ptcgSubtypes(['Basic', 'Normal'], { name: 'Water Energy', rarity: 'Common', supertype: 'Energy' }, null), ['Basic']);
    assert.deepEqual(ptcgSubtypes(null, { name: 'Bill', rarity: 'Common', supertype: 'Trainer' }, null), []);
  });

  it('rarities in their words, by era, rule box and holo printing', () => {
    const clues = (series: string, subtypes: string[] = [], holo = false, set = { id: 'x1', name: 'X' }) => ({ holo, subtypes, series, set });
    assert.equal(ptcgRarity('Rare', clues('Base', ['Stage 2'], true)), 'Rare Holo');
    assert.equal(ptcgRarity('Rare', clues('Base', ['Stage 2'], false)), 'Rare');
    assert.equal(ptcgRarity('Rare', clues('Black & White', ['Basic', 'EX'])), 'Rare Holo EX');
    assert.equal(ptcgRarity('Rare', clues('Scarlet & Violet', ['Stage 1'], true)), 'Rare', 'a holo Rare of Scarlet & Violet is a Rare');
    assert.equal(ptcgRarity('Double rare', clues('Scarlet & Violet')), 'Double Rare');
    assert.equal(ptcgRarity('Ultra Rare', clues('Sun & Moon', ['GX'])), 'Rare Ultra');
    assert.equal(ptcgRarity('Ultra Rare', clues('Scarlet & Violet', ['ex'])), 'Ultra Rare');
    assert.equal(ptcgRarity('Holo Rare', clues('Sword & Shield', [], true, { id: 'swsh9tg', name: 'Brilliant Stars Trainer Gallery' })),
      'Trainer Gallery Rare Holo');
    assert.equal(ptcgRarity('Common', clues('Black & White', [], false, { id: 'bwp', name: 'BW Black Star Promos' })), 'Promo');
    assert.equal(ptcgRarity(null, clues('Base')), null);
  });

  it('supertypes and kinds of ability', () => {
    assert.deepEqual(['Pokemon', 'Trainer', 'Energy', null].map(ptcgSupertype), ['Pokémon', 'Trainer', 'Energy', null]);
    assert.deepEqual(['Pokemon Power', 'Poke-Power', 'Poke-Body', 'Ability'].map(ptcgAbilityType), ['Pokémon Power', 'Poké-Power', 'Poké-Body', 'Ability']);
  });

  it("rules: a Pokémon's rule boxes by kind and era, a Trainer's text and its era's reminder", () => {
    assert.deepEqual(pokemonRules(['Basic', 'EX'], ['Fire'], 'EX'), ['When Pokémon-ex has been Knocked Out, your opponent takes 2 Prize cards.']);
    assert.deepEqual(pokemonRules(['MEGA', 'EX'], ['Colorless'], 'XY'), [
      'Mega Evolution rule: When 1 of your Pokémon becomes a Mega Evolution Pokémon, your turn ends.',
      'Pokémon-EX rule: When a Pokémon-EX has been Knocked Out, your opponent takes 2 Prize cards.',
    ]);
    assert.deepEqual(pokemonRules(['Basic', 'TAG TEAM', 'GX'], ['Psychic'], 'Sun & Moon'),
      ['TAG TEAM rule: When your TAG TEAM is Knocked Out, your opponent takes 3 Prize cards.']);
    assert.deepEqual(pokemonRules(['Stage 1'], ['Grass', 'Darkness'], 'EX'), ['This Pokémon is both Grass Darkness type.']);
    assert.deepEqual(pokemonRules(['Stage 1'], ['Grass'], 'Scarlet & Violet'), []);
    assert.deepEqual(textRules('Trainer', 'Draw 3 cards.', ['Supporter'], 'Sun & Moon'),
      ['Draw 3 cards.', 'You may play only 1 Supporter card during your turn (before your attack).']);
    assert.deepEqual(textRules('Trainer', 'Draw 2 cards.', [], 'Base'), ['Draw 2 cards.'], 'no reminder before Black & White');
    assert.deepEqual(textRules('Energy', null, ['Basic'], 'Sun & Moon'), []);
    assert.deepEqual(textRules('Trainer', 'Draw a card. You may play as many Item cards as you like during your turn (before your attack).', ['Item'], 'XY'),
      ['Draw a card.', 'You may play as many Item cards as you like during your turn (before your attack).'], 'a reminder our text holds, once');
    const oldSupporter = 'You can play only one Supporter card each turn. When you play this card, put it next to your Active Pokémon. ' +
      'When your turn ends, discard this card.';
    assert.deepEqual(textRules('Trainer', `${oldSupporter} Draw 2 cards.`, ['Supporter'], 'EX'), [oldSupporter, 'Draw 2 cards.']);
  });
});
