import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { basicEnergyTypeOf, basicEnergyTypeOfLoneType, basicEnergyWithoutPrinting } from '../../src/decks/basicEnergy.js';

describe('basicEnergyTypeOf reads the type of a basic Energy name', () => {
  it('reads the English spellings: symbols, Basic, and the plain names', () => {
    for (const name of ['Basic {P} Energy', 'Basic Psychic Energy', 'Psychic Energy', '{P} Energy', 'basic {p} energy', 'PSYCHIC ENERGY']) {
      assert.equal(basicEnergyTypeOf(name), 'Psychic', name);
    }
    assert.equal(basicEnergyTypeOf('Darkness Energy'), 'Darkness');
    assert.equal(basicEnergyTypeOf('Basic {D} Energy'), 'Darkness');
    assert.equal(basicEnergyTypeOf('Basic {L} Energy'), 'Lightning');
    assert.equal(basicEnergyTypeOf('Basic {R} Energy'), 'Fire');
  });

  it('reads every symbol of the client, Fairy as {Y} and {Fa}', () => {
    const symbols = { G: 'Grass', R: 'Fire', W: 'Water', L: 'Lightning', P: 'Psychic', F: 'Fighting', D: 'Darkness', M: 'Metal', Y: 'Fairy', Fa: 'Fairy' };
    for (const [letter, type] of Object.entries(symbols)) assert.equal(basicEnergyTypeOf(`Basic {${letter}} Energy`), type, letter);
  });

  it('reads French, German, Spanish, Italian and Portuguese names, as pasted and as printed', () => {
    const names: [string, string][] = [
      ['Énergie {P} de base', 'Psychic'], ['Énergie Psy', 'Psychic'], ['Énergie Électrique', 'Lightning'],
      ['Énergie Obscurité', 'Darkness'], ['Énergie Fighting de base', 'Fighting'],
      ['Basis-{P}-Energie', 'Psychic'], ['Psycho-Energie', 'Psychic'], ['Pflanzenenergie', 'Grass'], ['Finsternis-Energie', 'Darkness'],
      ['Energía {W} básica', 'Water'], ['Energía Psíquica', 'Psychic'], ['Energía Metálica', 'Metal'],
      ['Energia base Darkness', 'Darkness'], ['Energia Lotta', 'Fighting'], ['Energia Folletto', 'Fairy'],
      ['Energia de Água', 'Water'], ['Energia de Luta', 'Fighting'],
    ];
    for (const [name, type] of names) assert.equal(basicEnergyTypeOf(name), type, name);
  });

  it('reads Japanese, Chinese, Korean, Thai and Indonesian names', () => {
    const names: [string, string][] = [
      ['基本超エネルギー', 'Psychic'], ['基本フェアリーエネルギー', 'Fairy'], ['基本鋼エネルギー', 'Metal'],
      ['基本【惡】能量', 'Darkness'], ['基本金属能量', 'Metal'], ['기본 강철 에너지', 'Metal'],
      ['พลังงานพื้นฐาน[น้ำ]', 'Water'], ['Energi Dasar Petarung', 'Fighting'],
    ];
    for (const [name, type] of names) assert.equal(basicEnergyTypeOf(name), type, name);
  });

  it('is null for special Energy, other cards, and a type without the word Energy', () => {
    for (const name of ['Double Turbo Energy', 'Prism Energy', "Team Rocket's Energy", 'Heat {R} Energy', 'Energy', 'Pikachu', 'Fire', 'Energy Search', 'Basic {C} Energy']) {
      assert.equal(basicEnergyTypeOf(name), null, name);
    }
  });
});

describe('basicEnergyWithoutPrinting says when any basic Energy of a type will do', () => {
  it('answers for a line without a set code or with Limitless\'s `Energy`', () => {
    assert.equal(basicEnergyWithoutPrinting({ name: 'Basic {P} Energy', setCode: 'Energy' }), 'Psychic');
    assert.equal(basicEnergyWithoutPrinting({ name: 'Psychic Energy', setCode: null }), 'Psychic');
  });

  it('is null when the line names a printing, or is not basic Energy', () => {
    assert.equal(basicEnergyWithoutPrinting({ name: 'Basic {P} Energy', setCode: 'SVE' }), null);
    assert.equal(basicEnergyWithoutPrinting({ name: 'Ultra Ball', setCode: null }), null);
  });
});

describe('basicEnergyTypeOfLoneType', () => {
  it('reads a type alone as a hand-written list means it: Dark, {D}, Darkness, Psychic; anything else is no Energy', () => {
    assert.deepEqual(['Dark', '{D}', 'Darkness', 'psychic', 'Feu', '[L]'].map(basicEnergyTypeOfLoneType),
      ['Darkness', 'Darkness', 'Darkness', 'Psychic', 'Fire', 'Lightning']);
    assert.deepEqual(['Dark Patch', 'Juniper', 'N', '{Q}'].map(basicEnergyTypeOfLoneType), [null, null, null, null]);
  });
});
