import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { codePointLength, searchKey } from '../../../src/catalog/names/searchKey.js';

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
  it('drops spaces, hyphens and dashes: Shaymin EX and shaymin-ex find Shaymin-EX', () => {
    for (const typed of ['Shaymin EX', 'shaymin-ex', 'ShayminEX', 'Shaymin – EX', 'SHAYMIN\u00a0EX', 'ＳＨＡＹＭＩＮ－ＥＸ', 'Shaymin\u2011EX']) {
      assert.equal(searchKey(typed), searchKey('Shaymin-EX'), typed);
    }
    assert.equal(searchKey('Shaymin-EX'), 'shayminex');
    assert.equal(searchKey('洗翠　萬針魚'), '洗翠萬針魚', 'the ideographic space too');
    assert.equal(searchKey('Fosil Akar Usang\u200c'), 'fosilakarusang', 'and invisible format characters');
  });
  it('drops apostrophes of every kind: farfetchd and Farfetch’d find Farfetch\'d', () => {
    for (const typed of ['farfetchd', 'Farfetch’d', 'Farfetch‘d', 'Farfetchʼd', 'Farfetch＇d', 'Farfetch`d']) {
      assert.equal(searchKey(typed), searchKey("Farfetch'd"), typed);
    }
    assert.equal(searchKey("Farfetch'd"), 'farfetchd');
  });
  it('drops dots and runs of spaces: mr mime finds Mr. Mime', () => {
    for (const typed of ['mr mime', 'Mr.Mime', 'mr  mime', ' Mr. Mime ', 'mrmime']) assert.equal(searchKey(typed), searchKey('Mr. Mime'), typed);
    assert.equal(searchKey('Mr. Mime'), 'mrmime');
  });
  it('drops the middle dot between the words of a Japanese name, keeps the prolonged sound mark', () => {
    assert.equal(searchKey('カプ・コケコGX'), searchKey('カプコケコgx'));
    assert.equal(searchKey('ｶﾌﾟ･ｺｹｺ'), searchKey('カプコケコ'));
    assert.equal(searchKey('ブーバー'), 'ブーバー');
    assert.equal(searchKey('ﾌﾞｰﾊﾞｰ'), 'ブーバー');
    assert.notEqual(searchKey('ブーバー'), searchKey('ブバ'));
  });
  it('keeps every other character: ranks compare the folded names', () => {
    assert.equal(searchKey('Nidoran ♂'), 'nidoran♂');
    assert.equal(searchKey('100% Energy'), '100%energy');
    assert.equal(searchKey('Entei & Raikou'), 'entei&raikou');
    assert.equal(searchKey(' - . '), '', 'a query may fold to nothing: the catalog refuses it');
  });
  it('counts code points, not UTF-16 units', () => {
    assert.equal(codePointLength('𠮷野'), 2);
  });
});
