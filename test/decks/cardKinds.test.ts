import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { isAceSpec, isBasicEnergy, isBasicPokemon, isPrismStar, isRadiant } from '../../src/decks/cardKinds.js';
import { basicEnergy, basicPokemon, card, item, stage1 } from './deckCards.js';

describe('isAceSpec', () => {
  it('knows the ACE SPEC cards since Temporal Forces by their rarity, in every language', () => {
    assert.equal(isAceSpec(item('en-sv05-153', 'Master Ball', 'ACE SPEC Rare')), true);
    assert.equal(isAceSpec(item('de-sv05-153', 'Meisterball', 'ACE SPEC Rare')), true);
  });

  it('knows the Black & White ACE SPECs, rated Rare, by their printing, in every language', () => {
    assert.equal(isAceSpec(item('en-bw7-137', 'Computer Search', 'Rare')), true);
    assert.equal(isAceSpec(item('fr-bw8-128', 'Cherch’Objet', 'Rare')), true);
    assert.equal(isAceSpec(item('en-bw10-94', 'Master Ball', 'Rare')), true);
    assert.equal(isAceSpec(item('en-bw7-138', 'Crystal Edge', 'Rare')), true);
  });

  it('does not take a card that only mentions ACE SPEC, or an older Master Ball, for one', () => {
    assert.equal(isAceSpec(card({ id: 'en-bw11-87', name: 'Spiritomb', supertype: 'Pokemon', subtypes: ['Basic'], rarity: 'Uncommon' })), false);
    assert.equal(isAceSpec(item('en-ex16-78', 'Master Ball', 'Uncommon')), false);
    assert.equal(isAceSpec(item('en-xbw7-137', 'Not a set', 'Rare')), false);
  });
});

describe('isRadiant', () => {
  it('knows Radiant Pokémon by rarity, and by name where the rarity does not say it', () => {
    assert.equal(isRadiant(basicPokemon('en-swsh10-046', 'Radiant Greninja', 'Radiant Rare')), true);
    assert.equal(isRadiant(basicPokemon('en-swshp-SWSH230', 'Radiant Eevee', 'Ultra Rare')), true);
    assert.equal(isRadiant(basicPokemon('fr-swshp-SWSH230', 'Évoli Radieux', 'Ultra Rare')), true);
    assert.equal(isRadiant(basicPokemon('de-swshp-SWSH230', 'Strahlendes Evoli', 'Ultra Rare')), true);
    assert.equal(isRadiant(basicPokemon('ja-SVK-001', 'かがやくリザードン', null)), true);
  });

  it('is false for other Pokémon and for cards that are not Pokémon', () => {
    assert.equal(isRadiant(basicPokemon('en-sv01-86', 'Gardevoir ex', 'Double rare')), false);
    assert.equal(isRadiant(item('en-x-1', 'Radiant Star', 'Uncommon')), false);
  });
});

describe('isPrismStar', () => {
  it('knows Prism Star cards by the ◇ in their name', () => {
    assert.equal(isPrismStar(basicPokemon('en-sm5-58', 'Giratina ◇', 'Rare')), true);
    assert.equal(isPrismStar(item('fr-sm8-182', 'Elsa-Mina ◇', 'Rare')), true);
    assert.equal(isPrismStar(basicPokemon('en-pl1-9', 'Giratina', 'Holo Rare')), false);
  });

  it('knows the Japanese printings, which carry no ◇, by their printing', () => {
    assert.equal(isPrismStar(basicPokemon('ja-SM5M-030', 'ギラティナ', 'Rare Holo')), true);
    assert.equal(isPrismStar(item('ja-SM8-093', 'ヒートファクトリー', 'Rare')), true);
    assert.equal(isPrismStar(basicPokemon('ja-SM7b-017', 'ギラティナ', 'Rare')), false);
  });
});

describe('isBasicPokemon and isBasicEnergy', () => {
  it('knows a Basic Pokémon by supertype and subtype', () => {
    assert.equal(isBasicPokemon(basicPokemon('en-sv01-84', 'Ralts')), true);
    assert.equal(isBasicPokemon(stage1('en-sv01-85', 'Kirlia')), false);
    assert.equal(isBasicPokemon(basicEnergy('en-sve-005', 'Psychic Energy')), false);
  });

  it('takes basic Energy as the importer does: Normal and no card text', () => {
    assert.equal(isBasicEnergy(basicEnergy('en-sve-005', 'Psychic Energy')), true);
    assert.equal(isBasicEnergy(card({ id: 'en-me02.5-216', name: 'Prism Energy', supertype: 'Energy', subtypes: ['Normal'], rules_text: 'This card provides {C} Energy.' })), false);
    assert.equal(isBasicEnergy(card({ id: 'en-sv10-175', name: "Team Rocket's Energy", supertype: 'Energy', subtypes: ['Special'] })), false);
  });
});
