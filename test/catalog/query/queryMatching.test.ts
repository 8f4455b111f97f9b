import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DocumentIndex } from '../../../src/catalog/query/documentIndex.js';
import { parseQuery } from '../../../src/catalog/query/queryParser.js';
import { QUERY_CARDS, QUERY_FIELDS } from './queryCards.js';

const index = new DocumentIndex(QUERY_CARDS, QUERY_FIELDS, 'id');

/** The ids `q` finds, in catalog order. */
function ids(q: string): string[] {
  const { ordinals, total } = index.search({ query: parseQuery(q, QUERY_FIELDS), offset: 0, limit: 100 });
  assert.equal(total, ordinals.length, q);
  return ordinals.map((ordinal) => QUERY_CARDS[ordinal]!.id);
}

describe('query matching, as pokemontcg.io answers', () => {
  it('a text term matches a word of the field, whatever else the field holds', () => {
    assert.deepEqual(ids('name:charizard'), ['base1-4', 'sv3pt5-6', 'base5-4']);
    assert.deepEqual(ids('set.name:rocket'), ['base5-4']);
  });

  it('folds case, accents, width and kana in the documents and the query alike', () => {
    assert.equal(ids('supertype:pokemon').length, 10);
    assert.deepEqual(ids('supertype:TRAINER'), ['xy7-54']);
    assert.deepEqual(ids('supertype:POKÉMON'), ids('supertype:pokemon'));
    assert.deepEqual(ids('name:vmax'), ['swsh12tg-TG2'], 'a full-width name');
    assert.deepEqual(ids('name:ｃｈａｒｍａｎｄｅｒ'), ['base1-46'], 'a full-width query');
    assert.deepEqual(ids('name:ぴかちゅう'), ['swsh12tg-TG01'], 'hiragana finds katakana');
  });

  it('a phrase matches its words in sequence, within one value of an array', () => {
    assert.deepEqual(ids('name:"venusaur v"'), ['swsh1-1']);
    assert.deepEqual(ids('name:"v venusaur"'), []);
    assert.deepEqual(ids('attacks.name:"explosive vortex"'), ['sv3pt5-6']);
    assert.deepEqual(ids('attacks.name:"scratch ember"'), [], 'two attacks are not one phrase');
    assert.deepEqual(ids('name:blastoise-ex'), ['xy1-2'], 'an unquoted value of several words is a phrase');
  });

  it('! matches the whole value and nothing more', () => {
    assert.deepEqual(ids('!name:charizard'), ['base1-4']);
    assert.deepEqual(ids('!name:"charizard ex"'), ['sv3pt5-6']);
    assert.deepEqual(ids('!name:venusaur'), ['base1-15']);
  });

  it('a wildcard matches words by prefix, inside, at the end, and ? one character', () => {
    assert.deepEqual(ids('name:char*'), ['base1-4', 'sv3pt5-6', 'base5-4', 'base1-46']);
    assert.deepEqual(ids('name:char*der'), ['base1-46']);
    assert.deepEqual(ids('name:*zard'), ['base1-4', 'sv3pt5-6', 'base5-4']);
    assert.deepEqual(ids('name:*x*'), ['sv3pt5-6', 'xy1-2', 'swsh12tg-TG2']);
    assert.deepEqual(ids('name:"pika*"'), ['swsh12tg-TG10', 'swsh12tg-TG2'], 'a quoted wildcard, as apps send it');
    assert.deepEqual(ids('id:base1-?'), ['base1-4'], 'a keyword wildcard matches the whole value');
    assert.deepEqual(ids('id:swsh12tg-*'), ['swsh12tg-TG10', 'swsh12tg-TG2', 'swsh12tg-TG01']);
    assert.deepEqual(ids('name:"charizard e*"'), ['sv3pt5-6'], 'several words: the whole value');
    assert.deepEqual(ids('!name:dark*'), ['base5-4']);
  });

  it('a keyword matches the whole value, folded: ids, codes, legalities', () => {
    assert.deepEqual(ids('id:xy7-54'), ['xy7-54']);
    assert.deepEqual(ids('id:XY7-54'), ['xy7-54']);
    assert.deepEqual(ids('id:xy7'), []);
    assert.deepEqual(ids('legalities.standard:banned'), ['xy7-54']);
    assert.deepEqual(ids('set.id:base1'), ['base1-4', 'base1-46', 'base1-15', 'base1-92']);
  });

  it('terms side by side, or joined by AND, all hold', () => {
    assert.deepEqual(ids('name:charizard subtypes:ex'), ['sv3pt5-6']);
    assert.deepEqual(ids('name:charizard AND subtypes:ex'), ['sv3pt5-6']);
    assert.deepEqual(ids('name:charizard && set.id:base5'), ['base5-4']);
  });

  it('OR holds either side, AND binding tighter, and parentheses group', () => {
    assert.deepEqual(ids('subtypes:mega OR subtypes:vmax'), ['xy1-2', 'swsh12tg-TG2']);
    assert.deepEqual(ids('types:grass OR types:water subtypes:mega'), ['swsh1-1', 'base1-15', 'xy1-2']);
    assert.deepEqual(ids('(types:grass OR types:water) subtypes:basic'), ['swsh1-1']);
    assert.deepEqual(ids('types:(fire OR water) subtypes:basic'), ['base1-46'], 'a group takes the field');
  });

  it('- and NOT leave out what they name', () => {
    assert.deepEqual(ids('supertype:pokemon -types:fire -types:lightning'), ['swsh1-1', 'base1-15', 'xy1-2']);
    assert.deepEqual(ids('supertype:pokemon NOT types:fire NOT types:lightning'), ['swsh1-1', 'base1-15', 'xy1-2']);
    assert.deepEqual(ids('-supertype:pokemon'), ['xy7-54', 'base1-92']);
    assert.deepEqual(ids('-(supertype:pokemon OR set.id:base1)'), ['xy7-54']);
  });

  it('ranges include [ ] ends, exclude { } ends, mix them and leave * ends open, on numbers held as strings', () => {
    assert.deepEqual(ids('hp:[220 TO *]'), ['sv3pt5-6', 'swsh1-1', 'xy1-2', 'swsh12tg-TG2']);
    assert.deepEqual(ids('hp:[* TO 60]'), ['base1-46', 'swsh12tg-TG01']);
    assert.deepEqual(ids('hp:[80 TO 120]'), ['base1-4', 'base5-4', 'base1-15']);
    assert.deepEqual(ids('hp:{80 TO 120}'), ['base1-15']);
    assert.deepEqual(ids('hp:[80 TO 120}'), ['base5-4', 'base1-15']);
    assert.deepEqual(ids('hp:>=310'), ['sv3pt5-6', 'swsh12tg-TG2']);
    assert.deepEqual(ids('hp:<60'), ['base1-46']);
    assert.deepEqual(ids('hp:100'), ['base1-15']);
    assert.deepEqual(ids('nationalPokedexNumbers:[1 TO 5]'), ['base1-46', 'swsh1-1', 'base1-15']);
  });

  it('date ranges read YYYY/MM/DD, and a year or a month covers its days', () => {
    assert.deepEqual(ids('set.releaseDate:[2020/01/01 TO *]'), ['sv3pt5-6', 'swsh1-1', 'swsh12tg-TG10', 'swsh12tg-TG2', 'swsh12tg-TG01']);
    assert.deepEqual(ids('set.releaseDate:[* TO 2000-04-24]'), ['base1-4', 'base5-4', 'base1-46', 'base1-15', 'base1-92']);
    assert.deepEqual(ids('set.releaseDate:{* TO 2000}'), ['base1-4', 'base1-46', 'base1-15', 'base1-92']);
    assert.deepEqual(ids('set.releaseDate:{2014 TO 2020]'), ['swsh1-1', 'xy7-54']);
    assert.deepEqual(ids('set.releaseDate:2015/08'), ['xy7-54']);
  });

  it('nested paths reach into objects and every element of arrays', () => {
    assert.deepEqual(ids('attacks.name:ember'), ['base1-46']);
    assert.deepEqual(ids('attacks.convertedEnergyCost:0'), ['base5-4']);
    assert.deepEqual(ids('attacks.convertedEnergyCost:4 types:fire'), ['base1-4', 'sv3pt5-6']);
  });

  it('field:* holds when the field has a value, and -field:* when it has none', () => {
    assert.deepEqual(ids('-hp:*'), ['xy7-54', 'base1-92']);
    assert.equal(ids('attacks.name:*').length, 10);
    assert.deepEqual(ids('legalities.standard:*'), ['sv3pt5-6', 'swsh1-1', 'xy7-54', 'swsh12tg-TG10']);
  });

  it('a bare word searches every field that can hold it', () => {
    assert.deepEqual(ids('ember'), ['base1-46'], 'an attack name');
    assert.deepEqual(ids('rocket charizard'), ['base5-4']);
    assert.deepEqual(ids('330'), ['sv3pt5-6'], 'a number reaches the number fields');
    assert.deepEqual(ids('"giant plants"'), ['xy7-54']);
  });

  it('an empty query matches every card', () => {
    assert.equal(ids('  ').length, QUERY_CARDS.length);
  });

  it('answers from its indexes alone: no document is read by a query once the index is built', () => {
    let reads = 0;
    const watched = QUERY_CARDS.map((card) => watch(card, () => reads++));
    const watchedIndex = new DocumentIndex(watched, QUERY_FIELDS, 'id');
    // A field's word sequences (phrases) and whole values (`!`) are read from the documents on first use, then kept.
    watchedIndex.search({ query: parseQuery('name:"venusaur v" !name:x', QUERY_FIELDS), offset: 0, limit: 5 });
    const queries = ['name:"charizard ex"', 'name:char*', '!name:charizard', '!name:dark*', 'hp:[100 TO *] -types:fire', '*x*', 'set.releaseDate:{2014 TO 2020]', 'subtypes:mega OR name:pikachu'];
    reads = 0;
    for (const q of queries) watchedIndex.search({ query: parseQuery(q, QUERY_FIELDS), offset: 0, limit: 5 });
    assert.equal(reads, 0);
  });
});

/** `value` behind proxies that call `onRead` on every property read, at any depth. */
function watch<T extends object>(value: T, onRead: () => void): T {
  return new Proxy(value, {
    get(target, key, receiver) {
      onRead();
      const found: unknown = Reflect.get(target, key, receiver);
      return typeof found === 'object' && found !== null ? watch(found, onRead) : found;
    },
  });
}
