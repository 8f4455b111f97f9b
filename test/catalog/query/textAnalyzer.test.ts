import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { searchKey } from '../../../src/catalog/names/searchKey.js';
import { spacedWords } from '../../../src/catalog/query/textAnalyzer.js';

describe('spacedWords, the query language analyzer of spaced languages', () => {
  it('cuts at spaces and punctuation and folds each word as search folds a name', () => {
    assert.deepEqual(spacedWords.words('Pokémon-EX rule: When a Pokémon-EX has been Knocked Out'), ['pokemon', 'ex', 'rule', 'when', 'a', 'pokemon', 'ex', 'has', 'been', 'knocked', 'out']);
    assert.deepEqual(spacedWords.words('Mr. Mime'), ['mr', 'mime']);
    assert.deepEqual(spacedWords.words('Farfetch’d'), ['farfetchd']);
    assert.deepEqual(spacedWords.words('ＰＩＫＡＣＨＵ　ＶＭＡＸ'), ['pikachu', 'vmax'], 'full-width letters and space');
    assert.deepEqual(spacedWords.words('カプ・コケコ'), ['カプ', 'コケコ'], 'the middle dot between the words of a name');
    assert.deepEqual(spacedWords.words('ぴかちゅう'), ['ピカチュウ']);
    assert.deepEqual(spacedWords.words('Pika\u200bchu'), ['pikachu'], 'an invisible format character inside a word');
    assert.deepEqual(spacedWords.words(' - '), []);
  });

  it('gives a one-word name searchKey’s key', () => {
    for (const name of ['Pokémon', 'Farfetch’d', 'ＰＩＫＡＣＨＵ', 'Flabébé', 'ぴかちゅう', 'Glurak', 'Ñ']) {
      assert.deepEqual(spacedWords.words(name), [searchKey(name)], name);
    }
  });

  it('folds a whole-value wildcard piece with a space where its edge falls between words', () => {
    assert.equal(spacedWords.wholePiece('Charizard E'), 'charizard e');
    assert.equal(spacedWords.wholePiece(' ex'), ' ex');
    assert.equal(spacedWords.wholePiece('M Blastoise-'), 'm blastoise ');
  });

  it('folds a keyword whole, its punctuation kept', () => {
    assert.equal(spacedWords.keyword('XY7-54'), 'xy7-54');
    assert.equal(spacedWords.keyword('Légal'), 'legal');
  });
});
