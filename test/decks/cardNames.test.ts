import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { namesMatch } from '../../src/decks/cardNames.js';
import { numberForms } from '../../src/decks/lineCandidates.js';

describe('a deck line\'s name checked against the card found at its code and number', () => {
  it('matches the card\'s name however a list spells it', () => {
    const same: Array<[string, string]> = [
      ['Boss\'s Orders (Ghetsis)', 'Boss\'s Orders'],
      ['Boss’s Orders', 'Boss\'s Orders'],
      ['Team Rocket Energy', 'Team Rocket\'s Energy'],
      ['Pikachu GX', 'Pikachu-GX'],
      ['gardevoir EX', 'Gardevoir ex'],
      ['Basic {P} Energy', 'Basic Psychic Energy'],
      ['Lunala Prism Star', 'Lunala ◇'],
      ['Pokemon Catcher', 'Pokémon Catcher'],
    ];
    for (const [line, card] of same) assert.ok(namesMatch(line, card), `${line} / ${card}`);
  });

  it('tells another card apart', () => {
    assert.equal(namesMatch('Ultra Ball', 'Boss\'s Orders'), false);
    assert.equal(namesMatch('Gardevoir', 'Gardevoir ex'), false);
  });
});

describe('a collector number as the ids may write it', () => {
  it('with and without zeros in front, letters upper case', () => {
    assert.deepEqual(numberForms('86'), ['86', '086']);
    assert.deepEqual(numberForms('086'), ['086', '86']);
    assert.deepEqual(numberForms('5'), ['5', '05', '005']);
    assert.deepEqual(numberForms('tg5'), ['tg5', 'TG5', 'TG05', 'TG005']);
    assert.deepEqual(numberForms('SWSH050'), ['SWSH050', 'SWSH50']);
  });
});
