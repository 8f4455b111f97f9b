import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { formatReport } from '../../src/cli/formatReport.js';
import { mapTcgdex } from '../../src/importer/mapTcgdex.js';
import type { TcgdexCard } from '../../src/importer/tcgdexRecords.js';
import { tcgdexCard, tcgdexSet } from '../support/tcgdexFixtures.js';

const legal = (standard: boolean, expanded = true) => ({ legal: { standard, expanded } });
const card = (lang: string, localId: string, mark: string | undefined, overrides: Partial<TcgdexCard>) =>
  tcgdexCard(lang, 'sv1', localId, { regulationMark: mark, ...overrides });
const basicEnergy = (lang: string, localId: string, mark: string | undefined, standard: boolean) => card(lang, localId, mark, {
  category: 'Energy', energyType: 'Normal', hp: undefined, types: undefined, stage: undefined, ...legal(standard),
});

describe('standard legality follows the regulation mark', () => {
  const { catalog, report } = mapTcgdex([
    {
      lang: 'en',
      sets: [tcgdexSet('en', 'sv1')],
      cards: [
        card('en', '1', 'G', legal(false)),
        card('en', '2', 'G', legal(false)),
        card('en', '13', 'G', legal(false)),
        card('en', '3', 'G', legal(true, false)),
        card('en', '4', 'H', legal(true)),
        card('en', '5', 'H', legal(true)),
        card('en', '6', 'h', legal(false)),
        card('en', '7', undefined, legal(true)),
        card('en', '8', 'None', legal(true)),
        basicEnergy('en', '9', 'G', true),
        card('en', '10', 'G', {
          category: 'Energy', energyType: 'Normal', effect: 'Provides every type of Energy.', ...legal(true),
        }),
        card('en', '11', 'I', legal(true)),
        card('en', '12', 'I', legal(false)),
      ],
    },
    {
      // Its own majority: the same ids, the other way round.
      lang: 'ja',
      sets: [tcgdexSet('ja', 'sv1')],
      cards: [card('ja', '1', 'G', legal(true)), card('ja', '2', 'G', legal(true)), card('ja', '3', 'G', legal(false))],
    },
  ]);
  const standard = (id: string) => catalog.cards.find((c) => c.id === id)!.legalities!.standard;

  test("a card whose flag disagrees with most cards of its mark and language takes the majority's", () => {
    assert.equal(standard('en-sv1-3'), false);
    assert.equal(standard('en-sv1-6'), true, 'the mark compared case-insensitively');
    assert.equal(standard('en-sv1-10'), false, 'a special Energy that TCGdex calls Normal has text, and follows its mark');
    assert.equal(standard('ja-sv1-3'), true);
    assert.equal(standard('en-sv1-1'), false);
  });

  test('cards without a mark, basic Energy cards, and marks split evenly keep the source’s flag', () => {
    assert.equal(standard('en-sv1-7'), true);
    assert.equal(standard('en-sv1-8'), true, 'the placeholder mark None is no mark');
    assert.equal(standard('en-sv1-9'), true);
    assert.equal(standard('en-sv1-11'), true);
    assert.equal(standard('en-sv1-12'), false);
  });

  test('expanded is kept as the source has it', () => {
    assert.deepEqual(catalog.cards.find((c) => c.id === 'en-sv1-3')!.legalities, { standard: false, expanded: false });
  });

  test('the report lists every card that disagrees, with its mark, the source flag and the value taken', () => {
    assert.deepEqual(report.notes!.legalityOutliers, [
      { card: 'en-sv1-3', mark: 'G', source: true, taken: false },
      { card: 'en-sv1-9', mark: 'G', source: true, taken: true },
      { card: 'en-sv1-10', mark: 'G', source: true, taken: false },
      { card: 'en-sv1-6', mark: 'H', source: false, taken: true },
      { card: 'ja-sv1-3', mark: 'G', source: false, taken: true },
    ]);
  });

  test('the printed report names each corrected card, and the basic Energy cards that kept their flag', () => {
    const printed = formatReport(report, null);
    assert.match(printed, /5 cards whose standard legality disagrees with most cards of their regulation mark/);
    assert.match(printed, /4 given the majority's: en-sv1-3 \(G, legal → not legal\), en-sv1-10 .*, ja-sv1-3 \(G, not legal → legal\)/);
    assert.match(printed, /1 basic Energy cards keep the source's: en-sv1-9 \(G, legal\)/);
  });
});

describe('the mark majority knows basic Energy as the Energy subtypes do', () => {
  const { catalog } = mapTcgdex([{
    lang: 'ja',
    sets: [tcgdexSet('ja', 'sv1')],
    cards: [
      card('ja', '1', 'G', legal(false)),
      card('ja', '2', 'G', legal(false)),
      basicEnergy('ja', '3', 'G', true),
      { ...basicEnergy('ja', '4', 'G', true), effect: '&copy;Pokémon/Nintendo/Creatures/GAME FREAK (small print)' },
    ],
  }]);
  const standard = (id: string) => catalog.cards.find((c) => c.id === id)!.legalities!.standard;

  test('a Japanese basic Energy whose only text is the copyright line keeps its flag, like any basic Energy', () => {
    assert.equal(standard('ja-sv1-3'), true);
    assert.equal(standard('ja-sv1-4'), true);
  });
});
