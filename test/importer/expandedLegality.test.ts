import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { formatReport } from '../../src/cli/formatReport.js';
import { mapTcgdex } from '../../src/importer/mapTcgdex.js';
import type { TcgdexCard } from '../../src/importer/tcgdexRecords.js';
import { tcgdexCard, tcgdexSet } from '../support/tcgdexFixtures.js';

const legal = (standard: boolean, expanded: boolean) => ({ standard, expanded });
const item = (lang: string, setId: string, localId: string, name: string, effect: string, flags: TcgdexCard['legal']) =>
  tcgdexCard(lang, setId, localId, {
    name, category: 'Trainer', trainerType: 'Item', effect, hp: undefined, types: undefined, stage: undefined, legal: flags,
  });
const unown = (setId: string, localId: string, attack: string, flags: TcgdexCard['legal']) => tcgdexCard('en', setId, localId, {
  name: 'Unown', hp: 60, legal: flags, attacks: [{ name: attack, cost: ['Psychic'], damage: 10 }],
});

describe('Standard-legal cards are Expanded-legal, but for the bans the source shows', () => {
  const { catalog, report } = mapTcgdex([
    {
      // xy1 is in Expanded: most of its cards are Expanded-legal, so its Red Card and one Unown are banned.
      lang: 'en',
      sets: [tcgdexSet('en', 'xy1'), tcgdexSet('en', 'ex1')],
      cards: [
        item('en', 'xy1', '1', 'Red Card', 'Your opponent shuffles their hand into their deck and draws 4 cards.', legal(false, false)),
        item('en', 'xy1', '2', 'Potion', 'Heal 30 damage from 1 of your Pokémon.', legal(false, true)),
        unown('xy1', '3', 'Hidden Power', legal(false, false)),
        unown('xy1', '4', 'Reveal', legal(false, true)),
        tcgdexCard('en', 'xy1', '5', { legal: { standard: false, expanded: true } }),
        // ex1 is older than Expanded: nothing of it is, and none of that is a ban.
        item('en', 'ex1', '1', 'Red Card', 'Your opponent shuffles their hand into their deck and draws 4 cards.', legal(false, false)),
        unown('ex1', '2', 'Reveal', legal(false, false)),
        unown('ex1', '3', 'Hidden Power', legal(false, false)),
        tcgdexCard('en', 'ex1', '4', { legal: { standard: false, expanded: false } }),
      ],
    },
    {
      // TCGdex has no Expanded marks for the Asian printings.
      lang: 'ja',
      sets: [tcgdexSet('ja', 'M2'), tcgdexSet('ja', 'S1')],
      cards: [
        tcgdexCard('ja', 'M2', '13', { regulationMark: 'I', legal: { standard: true, expanded: false } }),
        item('ja', 'M2', '14', 'きずぐすり', '自分のポケモン1匹のHPを30回復する。', legal(true, false)),
        item('ja', 'S1', '1', 'きずぐすり', '自分のポケモン1匹のHPを30回復する。', legal(false, false)),
        tcgdexCard('ja', 'S1', '2', { legal: { standard: false, expanded: false } }),
      ],
    },
  ]);
  const legalities = (id: string) => catalog.cards.find((c) => c.id === id)!.legalities;

  test('a Standard-legal Asian printing is Expanded-legal, and so is an older printing legal through it', () => {
    assert.deepEqual(legalities('ja-M2-13'), { standard: true, expanded: true });
    assert.deepEqual(legalities('ja-S1-1'), { standard: true, expanded: true });
    assert.deepEqual(legalities('ja-S1-2'), { standard: false, expanded: false });
  });

  test('a card not Expanded-legal while most of its set is stays banned, and so do its printings of the same name and text', () => {
    assert.deepEqual(legalities('en-xy1-1'), { standard: false, expanded: false });
    assert.deepEqual(legalities('en-ex1-1'), { standard: false, expanded: false });
    assert.deepEqual(legalities('en-ex1-3'), { standard: false, expanded: false });
  });

  test('a ban names one card: another card of the banned name takes legality from its own reprints', () => {
    assert.deepEqual(legalities('en-ex1-2'), { standard: false, expanded: true });
  });

  test('the report lists the bans kept, the cards made Expanded-legal, and the printed report counts them', () => {
    const rules = report.notes!.gameRules;
    assert.deepEqual(rules.expandedBans, ['en-xy1-1', 'en-xy1-3']);
    assert.deepEqual(rules.expandedFromStandard, ['ja-M2-13', 'ja-M2-14', 'ja-S1-1']);
    assert.deepEqual(rules.legalThroughReprint.expanded, ['en-ex1-2']);
    const printed = formatReport(report, null);
    assert.match(printed, /Expanded-legal because Standard-legal: 3 \(ja 3\): ja-M2-13 ja-M2-14 ja-S1-1/);
    assert.match(printed, /banned from Expanded by the source, kept not legal: 2 \(en 2\): en-xy1-1 en-xy1-3/);
  });
});
