import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { codePointLength, searchKey } from '../../src/catalog/searchKey.js';

describe('searchKey folds what a search ignores', () => {
  it('folds case and accents: pokemon finds Pokémon', () => {
    assert.equal(searchKey('Pokémon'), searchKey('pokemon'));
    assert.equal(searchKey('ÉNERGIE'), 'energie');
  });
  it('folds hiragana to katakana: ぴかちゅう finds ピカチュウ', () => {
    assert.equal(searchKey('ぴかちゅう'), searchKey('ピカチュウ'));
  });
  it('folds full-width and half-width letters', () => {
    assert.equal(searchKey('ＰＩＫＡ'), 'pika');
    assert.equal(searchKey('ﾋﾟｶﾁｭｳ'), searchKey('ピカチュウ'));
  });
  it('keeps kana voicing marks, Hangul and Thai intact', () => {
    assert.notEqual(searchKey('ピカ'), searchKey('ヒカ'));
    assert.equal(searchKey('피카츄'), '피카츄');
    assert.equal(searchKey('พิคาชู'), 'พิคาชู'.normalize('NFC'));
  });
  it('counts code points, not UTF-16 units', () => {
    assert.equal(codePointLength('𠮷野'), 2);
  });
});
