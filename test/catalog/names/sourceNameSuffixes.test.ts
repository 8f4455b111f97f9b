import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { searchKey } from '../../../src/catalog/names/searchKey.js';
import { SOURCE_NAME_SUFFIXES, withoutSourceSuffix } from '../../../src/catalog/names/sourceNameSuffixes.js';
import { dumpCards, trailingPhrases } from '../../../tools/nameSuffixScan.js';
import { needsSharedDump, sharedDumpDir } from '../../support/shared.js';

/** The phrases the scan finds in English that are part of the names as printed and played, each read and kept. */
const ENGLISH_NAME_PARTS = [
  '+', 'Admin', 'Attack', 'Base', 'Conspirator', 'Cube 01', 'Game', 'Schemer', 'Secret Base', 'α', 'β', 'γ',
];

describe('the labels the source runs into card names', () => {
  it('cuts a label whole, the longer first: Head Ringer, Casque Assourdissant, not Casque Assourdissant Hyper', () => {
    assert.equal(withoutSourceSuffix(searchKey('Head Ringer Team Flare Hyper Gear')), 'headringer');
    assert.equal(withoutSourceSuffix(searchKey('Casque Assourdissant Hypermatos Team Flare')), 'casqueassourdissant');
    assert.equal(withoutSourceSuffix(searchKey('Compressor de Batalha – Equipamento da Equipe Flare')), 'compressordebatalha');
    assert.equal(withoutSourceSuffix(searchKey('Team Flare Grunt')), null);
    assert.equal(withoutSourceSuffix(searchKey('Team Flare Gear')), null, 'a label alone is no name');
  });

  it('are what a scan of every European language\'s catalog finds, and in English nothing else but printed names', needsSharedDump(), async () => {
    const suffixes = new Set(SOURCE_NAME_SUFFIXES.map(searchKey));
    for (const lang of ['en', 'fr', 'de', 'es', 'it', 'pt']) {
      const cards = [];
      for await (const card of dumpCards(sharedDumpDir, lang)) cards.push(card);
      const phrases = trailingPhrases(cards);
      const labels = phrases.filter(({ names }) => names.every((name) => withoutSourceSuffix(searchKey(name)) !== null));
      // Each language's Phantom Forces labels are found, on the set's Gear alone.
      assert.ok(labels.some(({ set }) => set === 'xy4'), `${lang}: no label found`);
      for (const { set } of labels) assert.equal(set, 'xy4', lang);
      const labelled = new Set(labels.flatMap(({ names }) => names));
      assert.equal(labelled.size, 5, `${lang}: the five Team Flare Gear cards`);
      if (lang === 'en') {
        const others = phrases.filter(({ names }) => !names.some((name) => labelled.has(name))).map(({ phrase }) => phrase);
        assert.deepEqual(others, [...ENGLISH_NAME_PARTS].sort(), 'a new phrase: a label to add, or a printed name to list here');
      }
      for (const name of labelled) assert.ok([...suffixes].some((suffix) => searchKey(name).endsWith(suffix)), name);
    }
  });
});
