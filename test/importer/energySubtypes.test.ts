import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { formatReport } from '../../src/cli/formatReport.js';
import { mapTcgdex } from '../../src/importer/mapTcgdex.js';
import type { TcgdexCard } from '../../src/importer/tcgdexRecords.js';
import { tcgdexCard, tcgdexSet } from '../support/tcgdexFixtures.js';

const energy = (lang: string, localId: string, energyType: string, effect: string | undefined, overrides: Partial<TcgdexCard> = {}) =>
  tcgdexCard(lang, 'me1', localId, {
    name: `Energy ${localId}`, category: 'Energy', energyType, effect, hp: undefined, types: undefined, stage: undefined,
    regulationMark: 'I', legal: { standard: true, expanded: true }, ...overrides,
  });

describe('basic Energy is the Energy that prints no effect', () => {
  const { catalog, report } = mapTcgdex([
    {
      lang: 'en',
      sets: [tcgdexSet('en', 'me1')],
      cards: [
        energy('en', '1', 'Normal', 'As long as this card is attached to a Pokémon, it provides every type of Energy.'),
        energy('en', '2', 'Normal', undefined),
        energy('en', '3', 'Normal', '  '),
        energy('en', '4', 'Special', 'Provides 2 Colorless Energy.'),
        energy('en', '5', 'Special', undefined),
        tcgdexCard('en', 'me1', '6', {
          category: 'Trainer', trainerType: 'Item', energyType: 'Normal', effect: 'Look at the top card of your deck.',
          hp: undefined, types: undefined, stage: undefined,
        }),
      ],
    },
    {
      lang: 'ja',
      sets: [tcgdexSet('ja', 'me1')],
      cards: [
        energy('ja', '7', 'Normal', '&copy;Pokémon/Nintendo/Creatures/GAME FREAK (a line of small print)'),
        energy('ja', '8', 'Normal', 'このカードは、すべてのタイプのエネルギー1個ぶんとしてはたらく。'),
      ],
    },
  ]);
  const subtypes = (id: string) => catalog.cards.find((c) => c.id === id)!.subtypes;

  test('an Energy the source labels basic that prints an effect is Special', () => {
    assert.deepEqual(subtypes('en-me1-1'), ['Special']);
    assert.deepEqual(subtypes('ja-me1-8'), ['Special']);
  });

  test('basic Energy stays Normal: no text, blank text, or only the copyright line of Japanese promos', () => {
    assert.deepEqual(subtypes('en-me1-2'), ['Normal']);
    assert.deepEqual(subtypes('en-me1-3'), ['Normal']);
    assert.deepEqual(subtypes('ja-me1-7'), ['Normal']);
  });

  test('a Special Energy stays Special, with or without its text, and a Trainer is not touched', () => {
    assert.deepEqual(subtypes('en-me1-4'), ['Special']);
    assert.deepEqual(subtypes('en-me1-5'), ['Special'], 'a special Energy whose text was not translated is no basic Energy');
    assert.deepEqual(subtypes('en-me1-6'), ['Item', 'Normal']);
  });

  test('the report lists the corrected cards, and the printed report counts them per language', () => {
    assert.deepEqual(report.notes!.gameRules.specialEnergy, ['en-me1-1', 'ja-me1-8']);
    assert.match(formatReport(report, null), /Energy labelled basic that prints an effect, made Special: 2 \(en 1, ja 1\): en-me1-1 ja-me1-8/);
  });
});
