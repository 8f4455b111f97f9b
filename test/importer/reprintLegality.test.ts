import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { formatReport } from '../../src/cli/formatReport.js';
import { mapTcgdex } from '../../src/importer/mapTcgdex.js';
import type { TcgdexCard } from '../../src/importer/tcgdexRecords.js';
import { tcgdexCard, tcgdexSet } from '../support/tcgdexFixtures.js';

/*
 * Two English sets: sv1 (mark G, rotated out of Standard) and me1 (mark I, Standard), a French
 * sv1, and an old set without marks. Texts are written for the test.
 */

const legal = (standard: boolean, expanded: boolean) => ({ standard, expanded });
const MARK: Record<string, string | undefined> = { sv1: 'G', me1: 'I', base1: undefined, cel25cc: undefined };

function trainer(lang: string, setId: string, localId: string, name: string, effect: string | undefined, flags: TcgdexCard['legal']): TcgdexCard {
  return tcgdexCard(lang, setId, localId, {
    name, category: 'Trainer', trainerType: 'Item', effect, hp: undefined, types: undefined, stage: undefined,
    regulationMark: MARK[setId], legal: flags,
  });
}
function pokemon(setId: string, localId: string, name: string, damage: string, flags: TcgdexCard['legal'], hp = 310): TcgdexCard {
  return tcgdexCard('en', setId, localId, {
    name, hp, regulationMark: MARK[setId], legal: flags,
    attacks: [{ name: 'Mind Burst', cost: ['Psychic', 'Colorless'], damage, effect: 'Discard 2 Energy from this Pokémon.' }],
  });
}
const basicEnergy = (setId: string, localId: string, flags: TcgdexCard['legal']) => tcgdexCard('en', setId, localId, {
  name: 'Fire Energy', category: 'Energy', energyType: 'Normal', hp: undefined, types: undefined, stage: undefined,
  regulationMark: MARK[setId], legal: flags,
});

describe('a printing is legal when a printing of the same name and game text is', () => {
  const { catalog, report } = mapTcgdex([
    {
      lang: 'en',
      sets: ['sv1', 'me1', 'base1', 'cel25cc'].map((id) => tcgdexSet('en', id)),
      cards: [
        trainer('en', 'sv1', '1', 'Ultra Ball', "You can use this card only if you discard 2 other cards from your hand.\nSearch your deck for a Pokémon – then shuffle.", legal(false, true)),
        trainer('en', 'me1', '1', 'ULTRA BALL', 'You can use this card only if you discard 2 other cards from your hand. Search your deck for a Pokémon - then shuffle.', legal(true, true)),
        trainer('en', 'sv1', '2', "Boss’s Orders", "Switch in 1 of your opponent’s Benched Pokémon to the Active Spot.", legal(false, true)),
        trainer('en', 'me1', '2', "Boss's Orders", "Switch in 1 of your opponent's Benched Pokémon to the Active Spot", legal(true, true)),
        trainer('en', 'sv1', '3', 'Super Rod', 'Shuffle up to 3 Pokémon from your discard pile into your deck.', legal(false, true)),
        trainer('en', 'me1', '3', 'Super Rod', 'Shuffle up to 3 in any combination of Pokémon and basic Energy from your discard pile into your deck.', legal(true, true)),
        pokemon('sv1', '4', 'Gardevoir ex', '190', legal(false, true)),
        pokemon('me1', '4', 'Gardevoir ex', '200', legal(true, true)),
        pokemon('sv1', '5', 'Kirlia', '30×', legal(false, true)),
        pokemon('me1', '5', 'Kirlia', '30x', legal(true, true)),
        pokemon('sv1', '9', 'Ralts', '10', legal(false, true), 60),
        pokemon('me1', '9', 'Ralts', '10', legal(true, true), 70),
        trainer('en', 'sv1', '6', 'Nest Ball', undefined, legal(false, true)),
        trainer('en', 'me1', '6', 'Nest Ball', 'Search your deck for a Basic Pokémon and put it onto your Bench.', legal(true, true)),
        basicEnergy('base1', '7', legal(false, false)),
        basicEnergy('me1', '7', legal(true, true)),
        trainer('en', 'base1', '8', 'Potion', 'Heal 30 damage from 1 of your Pokémon.', legal(false, false)),
        trainer('en', 'cel25cc', '8', 'Potion', 'Heal 30 damage from 1 of your Pokémon.', legal(false, true)),
      ],
    },
    {
      lang: 'fr',
      sets: [tcgdexSet('fr', 'sv1')],
      cards: [trainer('fr', 'sv1', '1', 'Hyper Ball', 'Défaussez 2 autres cartes de votre main.', legal(false, true))],
    },
  ]);
  const legalities = (id: string) => catalog.cards.find((c) => c.id === id)!.legalities;

  test('Ultra Ball and Boss’s Orders of a rotated mark are Standard-legal through their reprint, whatever the apostrophes, dashes, case, line breaks and final period', () => {
    assert.deepEqual(legalities('en-sv1-1'), { standard: true, expanded: true });
    assert.deepEqual(legalities('en-sv1-2'), { standard: true, expanded: true });
  });

  test('a printing whose text differs stays as its mark says: Super Rod, and Gardevoir ex whose attack does other damage', () => {
    assert.equal(legalities('en-sv1-3')!.standard, false);
    assert.equal(legalities('en-sv1-4')!.standard, false);
  });

  test('Pokémon meet on their attacks: name, cost, damage (`×` read as `x`) and effect', () => {
    assert.equal(legalities('en-sv1-5')!.standard, true);
  });

  test('Pokémon meet on their HP too: a Ralts of other HP is another card', () => {
    assert.equal(legalities('en-sv1-9')!.standard, false);
  });

  test('a printing without game text takes nothing from its name, but basic Energy is known by its name', () => {
    assert.equal(legalities('en-sv1-6')!.standard, false);
    assert.deepEqual(legalities('en-base1-7'), { standard: true, expanded: true });
  });

  test('printings meet within one language: the French Ultra Ball has no legal French printing', () => {
    assert.equal(legalities('fr-sv1-1')!.standard, false);
  });

  test('Celebrations: Classic Collection makes no older printing legal', () => {
    assert.deepEqual(legalities('en-base1-8'), { standard: false, expanded: false });
    assert.deepEqual(legalities('en-cel25cc-8'), { standard: false, expanded: true });
  });

  test('the report lists the cards legal through a reprint, per format, and the printed report counts them', () => {
    assert.deepEqual([...report.notes!.gameRules.legalThroughReprint.standard].sort(), ['en-base1-7', 'en-sv1-1', 'en-sv1-2', 'en-sv1-5']);
    assert.deepEqual(report.notes!.gameRules.legalThroughReprint.expanded, []);
    assert.match(formatReport(report, null), /legal in Standard through a reprint of the same name and text: 4 \(en 4\)/);
  });
});
