import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Card } from '../../src/schemas/card.js';
import { deckCardCount, deckProblems, type ResolvedDeckEntry } from '../../src/decks/deckRules.js';
import { DECK_RULES } from '../../src/vocabulary/deckRuleNames.js';
import { basicEnergy, basicPokemon, card, item, stage1 } from './deckCards.js';

const entry = (line: number, count: number, resolved: Card, legal = true): ResolvedDeckEntry =>
  ({ line, count, card: resolved, legal });

const RALTS = basicPokemon('en-sv01-84', 'Ralts');
const KIRLIA = stage1('en-sv01-85', 'Kirlia');
const ULTRA_BALL = item('en-sv01-196', 'Ultra Ball');
const ULTRA_BALL_MEG = item('en-me01-131', 'Ultra Ball');
const PSYCHIC_ENERGY = basicEnergy('en-sve-005', 'Psychic Energy');

/** A legal 60-card deck: 4 Ralts, 4 Kirlia, 4 Ultra Ball, 48 Psychic Energy. */
const legalDeck = (): ResolvedDeckEntry[] => [
  entry(2, 4, RALTS), entry(3, 4, KIRLIA), entry(6, 4, ULTRA_BALL), entry(9, 48, PSYCHIC_ENERGY),
];

const rules = (entries: ResolvedDeckEntry[], unresolved: { line: number; count: number }[] = [], format: 'standard' | 'expanded' = 'standard') =>
  deckProblems(entries, unresolved, format).map((problem) => problem.rule);

describe('deckProblems finds nothing wrong with a legal deck', () => {
  it('has no problem for 60 legal cards with a Basic Pokémon and basic Energy past 4 copies', () => {
    assert.deepEqual(deckProblems(legalDeck(), [], 'standard'), []);
  });
});

describe('deckProblems names each rule broken', () => {
  it('deck_size: not exactly 60 cards, saying how far off', () => {
    const short = legalDeck().map((e) => (e.line === 9 ? { ...e, count: 47 } : e));
    assert.deepEqual(deckProblems(short, [], 'standard'), [{
      rule: 'deck_size', message: 'A deck has exactly 60 cards: this list has 59, 1 too few.', lines: [],
    }]);
    const long = legalDeck().map((e) => (e.line === 9 ? { ...e, count: 50 } : e));
    assert.equal(deckProblems(long, [], 'standard')[0]?.message, 'A deck has exactly 60 cards: this list has 62, 2 too many.');
  });

  it('deck_size counts unresolved lines, so a typo is reported once, as unresolved', () => {
    const withTypo = legalDeck().filter((e) => e.line !== 6);
    assert.deepEqual(rules(withTypo, [{ line: 6, count: 4 }]), ['unresolved']);
    assert.equal(deckCardCount(withTypo, [{ line: 6, count: 4 }]), 60);
  });

  it('copies: more than 4 of one name across printings, one problem per name, naming its lines', () => {
    const deck = [entry(2, 4, RALTS), entry(3, 4, KIRLIA), entry(12, 3, ULTRA_BALL), entry(14, 2, ULTRA_BALL_MEG), entry(20, 47, PSYCHIC_ENERGY)];
    assert.deepEqual(deckProblems(deck, [], 'standard'), [{
      rule: 'copies',
      message: '4 copies is the most of one name: Ultra Ball appears 5 times (lines 12, 14).',
      lines: [12, 14],
    }]);
  });

  it('copies compares names folded and without the parenthesis that tells printings apart', () => {
    const bossGhetsis = card({ id: 'en-sv02-172', name: "Boss's Orders (Ghetsis)", supertype: 'Trainer', subtypes: ['Supporter'], rules_text: 'Switch.' });
    const boss = card({ id: 'en-me01-114', name: 'Boss’s Orders', supertype: 'Trainer', subtypes: ['Supporter'], rules_text: 'Switch.' });
    const deck = [entry(1, 4, RALTS), entry(2, 3, bossGhetsis), entry(3, 2, boss), entry(4, 51, PSYCHIC_ENERGY)];
    const [problem] = deckProblems(deck, [], 'standard');
    assert.equal(problem?.rule, 'copies');
    assert.deepEqual(problem?.lines, [2, 3]);
  });

  it('copies lets basic Energy through but not special Energy labelled Normal', () => {
    const prismEnergy = card({ id: 'en-me02.5-216', name: 'Prism Energy', supertype: 'Energy', subtypes: ['Normal'], rules_text: 'This card provides {C} Energy.' });
    const deck = [entry(1, 4, RALTS), entry(2, 5, prismEnergy), entry(3, 51, PSYCHIC_ENERGY)];
    assert.deepEqual(rules(deck), ['copies']);
  });

  it('ace_spec: more than one ACE SPEC card, of any names', () => {
    const masterBall = item('en-sv05-153', 'Master Ball', 'ACE SPEC Rare');
    const primeCatcher = item('en-sv05-157', 'Prime Catcher', 'ACE SPEC Rare');
    const deck = [entry(1, 4, RALTS), entry(10, 1, masterBall), entry(11, 1, primeCatcher), entry(12, 54, PSYCHIC_ENERGY)];
    assert.deepEqual(deckProblems(deck, [], 'standard'), [{
      rule: 'ace_spec',
      message: '1 ACE SPEC card is the most a deck may hold: this list has 2 (Master Ball, Prime Catcher; lines 10, 11).',
      lines: [10, 11],
    }]);
  });

  it('radiant: more than one Radiant Pokémon', () => {
    const greninja = basicPokemon('en-swsh10-046', 'Radiant Greninja', 'Radiant Rare');
    const charizard = basicPokemon('en-swsh10.5-011', 'Radiant Charizard', 'Radiant Rare');
    const deck = [entry(3, 1, greninja), entry(5, 1, charizard), entry(6, 58, PSYCHIC_ENERGY)];
    assert.deepEqual(deckProblems(deck, [], 'expanded'), [{
      rule: 'radiant',
      message: '1 Radiant Pokémon is the most a deck may hold: this list has 2 (Radiant Greninja, Radiant Charizard; lines 3, 5).',
      lines: [3, 5],
    }]);
  });

  it('prism_star: two of one Prism Star name, while two different ones are fine', () => {
    const giratina = basicPokemon('en-sm5-58', 'Giratina ◇', 'Rare');
    const lunala = basicPokemon('en-sm5-62', 'Lunala ◇', 'Rare');
    assert.deepEqual(rules([entry(1, 1, giratina), entry(2, 1, lunala), entry(3, 58, PSYCHIC_ENERGY)], [], 'expanded'), []);
    const deck = [entry(4, 2, giratina), entry(5, 58, PSYCHIC_ENERGY)];
    assert.deepEqual(deckProblems(deck, [], 'expanded'), [{
      rule: 'prism_star',
      message: '1 copy is the most of a Prism Star card: Giratina ◇ appears 2 times (line 4).',
      lines: [4],
    }]);
  });

  it('no_basic: no Basic Pokémon among the cards found', () => {
    const deck = [entry(1, 4, KIRLIA), entry(2, 4, ULTRA_BALL), entry(3, 52, PSYCHIC_ENERGY)];
    assert.deepEqual(deckProblems(deck, [], 'standard'), [{
      rule: 'no_basic',
      message: 'A deck needs at least one Basic Pokémon to start the game: none of the cards found is one.',
      lines: [],
    }]);
  });

  it('no_basic: when no card found is a Basic Pokémon, the lines that name no card are the ones it names', () => {
    const deck = [entry(3, 4, ULTRA_BALL), entry(4, 52, PSYCHIC_ENERGY)];
    const [noBasic] = deckProblems(deck, [{ line: 2, count: 2 }, { line: 1, count: 2 }], 'standard').filter((p) => p.rule === 'no_basic');
    assert.deepEqual(noBasic, {
      rule: 'no_basic',
      message: 'A deck needs at least one Basic Pokémon to start the game: none of the cards found is one. ' +
        'The lines that name no card may hold them: 1, 2.',
      lines: [1, 2],
    });
  });

  it('not_legal: one problem per name not legal in the format, naming the format and the lines', () => {
    const superRod = item('en-sv02-188', 'Super Rod');
    const gardevoir = card({ id: 'en-sv01-86', name: 'Gardevoir ex', supertype: 'Pokemon', subtypes: ['Stage2', 'ex'] });
    const deck = [entry(2, 4, RALTS), entry(3, 2, gardevoir, false), entry(4, 1, gardevoir, false), entry(20, 2, superRod, false), entry(21, 51, PSYCHIC_ENERGY)];
    assert.deepEqual(deckProblems(deck, [], 'standard'), [
      { rule: 'not_legal', message: 'Gardevoir ex is not legal in Standard (lines 3, 4): replace it with a card that is.', lines: [3, 4] },
      { rule: 'not_legal', message: 'Super Rod is not legal in Standard (line 20): replace it with a card that is.', lines: [20] },
    ]);
    assert.match(deckProblems(deck, [], 'expanded')[0]!.message, /not legal in Expanded/);
  });

  it('unresolved: the lines that resolve to nothing, in one problem', () => {
    const deck = legalDeck().filter((e) => e.line !== 6 && e.line !== 3);
    assert.deepEqual(deckProblems(deck, [{ line: 6, count: 4 }, { line: 3, count: 4 }], 'standard'), [{
      rule: 'unresolved',
      message: '2 lines match no card (lines 3, 6): correct the set code, number or name, or remove the line.',
      lines: [3, 6],
    }]);
  });

  it('lists every rule broken at once, in the order of DECK_RULES', () => {
    const masterBall = item('en-sv05-153', 'Master Ball', 'ACE SPEC Rare');
    const greninja = card({ id: 'en-swsh10-046', name: 'Radiant Greninja', supertype: 'Pokemon', subtypes: ['Stage1'], rarity: 'Radiant Rare' });
    const giratina = card({ id: 'en-sm5-58', name: 'Giratina ◇', supertype: 'Pokemon', subtypes: ['Stage1'] });
    const deck = [
      entry(1, 5, ULTRA_BALL), entry(2, 2, masterBall), entry(3, 2, greninja), entry(4, 2, giratina, false),
    ];
    assert.deepEqual(rules(deck, [{ line: 5, count: 1 }]), [...DECK_RULES]);
  });
});
