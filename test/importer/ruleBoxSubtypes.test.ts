import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { formatReport } from '../../src/cli/formatReport.js';
import { mapTcgdex } from '../../src/importer/mapTcgdex.js';
import { tcgdexCard, tcgdexSet } from '../support/tcgdexFixtures.js';

describe('a Pokémon is ex or EX as its name says, whatever the source marks', () => {
  const { catalog, report } = mapTcgdex([
    {
      lang: 'en',
      sets: ['me04', 'me02', 'bw5', 'sv01'].map((id) => tcgdexSet('en', id)),
      cards: [
        tcgdexCard('en', 'me04', '015', { name: 'Mega Pyroar ex', stage: 'Stage1', suffix: 'EX' }),
        tcgdexCard('en', 'me02', '013', { name: 'Mega Charizard X ex', stage: 'Stage2', suffix: undefined }),
        tcgdexCard('en', 'bw5', '63', { name: 'Darkrai-EX', stage: 'Basic', suffix: undefined }),
        tcgdexCard('en', 'sv01', '86', { name: 'Gardevoir ex', stage: 'Stage2', suffix: 'ex' }),
        tcgdexCard('en', 'sv01', '87', { name: 'Vortex', stage: 'Basic', suffix: undefined }),
      ],
    },
    {
      lang: 'ja',
      sets: [tcgdexSet('ja', 'M4')],
      cards: [tcgdexCard('ja', 'M4', '010', { name: 'メガカエンジシex', stage: 'Stage1', suffix: 'EX' })],
    },
  ]);
  const subtypes = (id: string) => catalog.cards.find((card) => card.id === id)!.subtypes;

  test('Chaos Rising\'s Pokémon ex marked EX, and Phantasmal Flames\' marked nothing, are ex; in Japanese too', () => {
    assert.deepEqual(subtypes('en-me04-015'), ['Stage1', 'ex']);
    assert.deepEqual(subtypes('en-me02-013'), ['Stage2', 'ex']);
    assert.deepEqual(subtypes('ja-M4-010'), ['Stage1', 'ex']);
  });

  test('a Pokémon-EX the source left unmarked is EX; a name that only ends in the letters is neither', () => {
    assert.deepEqual(subtypes('en-bw5-63'), ['Basic', 'EX']);
    assert.deepEqual(subtypes('en-sv01-87'), ['Basic']);
    assert.deepEqual(subtypes('en-sv01-86'), ['Stage2', 'ex'], 'a card already right is left alone');
  });

  test('the report lists what it corrected, and the printed report counts them', () => {
    assert.deepEqual([...report.notes!.gameRules.ruleBox.ex].sort(), ['en-me02-013', 'en-me04-015', 'ja-M4-010']);
    assert.deepEqual(report.notes!.gameRules.ruleBox.EX, ['en-bw5-63']);
    assert.match(formatReport(report, null), /Pokémon ex the source labels otherwise, made ex: 3 \(en 2, ja 1\)/);
  });
});
