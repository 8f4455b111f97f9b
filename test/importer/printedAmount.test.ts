import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { abilityTypeOf, isEnergyType } from '../../src/vocabulary/cardVocabulary.js';
import { printedAmount } from '../../src/importer/printedAmount.js';

describe('damage and weakness or resistance values in one spelling', () => {
  // Every form the shared dump holds, in any language, and what it becomes.
  const cases: Array<[string | number | undefined, string | null]> = [
    [30, '30'],
    [0, '0'],
    ['30', '30'],
    ['30+', '30+'],
    ['50×', '50×'],
    ['50x', '50×'],
    ['50X', '50×'],
    ['10-', '10-'],
    ['20＋', '20+'],
    ['10−', '10-'],
    ['10－', '10-'],
    ['×2', '×2'],
    ['x2', '×2'],
    ['+20', '+20'],
    ['-30', '-30'],
    ['−20', '-20'],
    ['－30', '-30'],
    ['₋30', '-30'],
    ['３０＋', '30+'],
    [' 30 + ', '30+'],
    ['', null],
    ['  ', null],
    [undefined, null],
  ];
  for (const [source, expected] of cases) {
    test(`${JSON.stringify(source)} → ${JSON.stringify(expected)}`, () => {
      assert.equal(printedAmount(source), expected);
    });
  }

  test('a value the rule does not read is kept exactly as the source wrote it', () => {
    for (const source of ['?', 'n/a', '{L}{C}{C}', '+30×', '10×2', 'x', '×']) assert.equal(printedAmount(source), source);
  });
});

describe('the closed vocabularies', () => {
  test('every spelling of an ability type reads as one of the five', () => {
    assert.equal(abilityTypeOf('Poke-POWER'), 'Poke-Power');
    assert.equal(abilityTypeOf('Poké-POWER'), 'Poke-Power');
    assert.equal(abilityTypeOf('Poke-BODY'), 'Poke-Body');
    assert.equal(abilityTypeOf('Pokemon Power'), 'Pokemon Power');
    assert.equal(abilityTypeOf('Ancient Trait'), 'Ancient Trait');
    assert.equal(abilityTypeOf('ability'), 'Ability');
    assert.equal(abilityTypeOf('Talent'), null);
  });

  test('energy types are the English words only', () => {
    assert.equal(isEnergyType('Colorless'), true);
    assert.equal(isEnergyType('Dragon'), true);
    assert.equal(isEnergyType('Incolore'), false);
    assert.equal(isEnergyType('Void'), false);
  });
});
