import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { NameLookup, type NameSpelling } from '../../../src/catalog/names/nameLookup.js';

const spelling = (lang: string, key: string, printings = 1): NameSpelling => [lang, key, key.toUpperCase(), printings, `${lang}-${key}`];

describe('NameLookup', () => {
  const lookup = new NameLookup('v', [
    spelling('en', 'charizard', 3), spelling('en', 'charizardex'), spelling('en', 'charmander', 2), spelling('en', 'blainescharizard'),
    spelling('en', 'aaaa'), spelling('en', '𝒜bc'), spelling('de', 'glurak'), spelling('de', 'charizard'), spelling('fr', 'dracaufeu'),
  ]);
  const keysOf = (entries: Iterable<number>) => [...entries].map((entry) => `${lookup.languages[entry]}:${lookup.keys[entry]}`).sort();

  it('finds a folded name in its language only, and the names a prefix begins as a range', () => {
    assert.equal(lookup.keys[lookup.exact('charizard', 'en')], 'charizard');
    assert.equal(lookup.languages[lookup.exact('charizard', 'de')], 'de');
    assert.equal(lookup.exact('glurak', 'en'), -1);
    assert.equal(lookup.exact('charizard', 'ja'), -1);
    const [from, to] = lookup.prefixRange('char', 'en');
    assert.deepEqual(keysOf(Array.from({ length: to - from }, (_, i) => from + i)), ['en:charizard', 'en:charizardex', 'en:charmander']);
    assert.deepEqual(lookup.languagesHeld.sort(), ['de', 'en', 'fr']);
  });

  it('finds the names holding a text past their start, with trigrams or (two code points) by a scan', () => {
    assert.deepEqual(keysOf(lookup.containing('chariz', 'en')), ['en:blainescharizard']);
    assert.deepEqual(keysOf(lookup.containing('ar', 'en')), ['en:blainescharizard', 'en:charizard', 'en:charizardex', 'en:charmander']);
    assert.deepEqual(keysOf(lookup.containing('chariz', undefined)), ['en:blainescharizard']);
  });

  it('finds every name at distance 0 from itself, and the names within a few edits, in a language or all', () => {
    for (let entry = 0; entry < lookup.size; entry++) {
      const near = lookup.near(lookup.keys[entry]!, lookup.languages[entry], 0);
      assert.deepEqual(near, [{ entry, distance: 0 }], lookup.keys[entry]);
    }
    assert.deepEqual(lookup.near('charzard', 'en', 2).map(({ entry, distance }) => [lookup.keys[entry], distance]), [['charizard', 1]]);
    assert.deepEqual(keysOf(lookup.near('charzard', undefined, 2).map(({ entry }) => entry)), ['de:charizard', 'en:charizard']);
    assert.deepEqual(lookup.near('aaa', 'en', 1).map(({ entry }) => lookup.keys[entry]), ['aaaa']);
    assert.deepEqual(lookup.near('abc', 'en', 1).map(({ entry }) => lookup.names[entry]), ['𝒜BC']);
  });
});
