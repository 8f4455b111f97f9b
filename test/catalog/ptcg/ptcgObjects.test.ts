import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { PTCG_CARD_FIELDS, PTCG_SET_FIELDS } from '../../../src/catalog/ptcg/ptcgFields.js';
import type { PtcgCard } from '../../../src/catalog/ptcg/ptcgShapes.js';
import { ptcgVocabularies, type PtcgCatalogRead } from '../../../src/catalog/ptcg/readPtcgCatalog.js';
import { naturalNumberOrder } from '../../../src/catalog/rows/ordering.js';
import { englishPtcgCatalog } from '../../support/ptcgCatalog.js';
import { needsSharedDump } from '../../support/shared.js';

/*
 * Known cards of the full English catalog as pokemontcg.io's objects. The expected values are their
 * API's for the same cards (checked by hand against their records), but for what our own catalog
 * decides: legality after the latest rotation, images, the set's counts and dates.
 */

/** Every leaf path of a JSON value (`attacks.name`; an array's elements share its path). */
function leafPaths(value: unknown, path = '', into = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const item of value) leafPaths(item, path, into);
  else if (value !== null && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) leafPaths(inner, path ? `${path}.${key}` : key, into);
  } else into.add(path);
  return into;
}

describe("our English catalog as pokemontcg.io's objects", () => {
  let catalog: Awaited<ReturnType<typeof englishPtcgCatalog>> | undefined;
  let read: PtcgCatalogRead;
  const card = (id: string): PtcgCard => read.cards.find((c) => c.id === id)!;
  before(async () => {
    if (needsSharedDump().skip) return;
    catalog = await englishPtcgCatalog();
    read = catalog.read;
  });
  after(() => catalog?.close());

  it("Base Set's Charizard, every field in their order, our id last", needsSharedDump(), () => {
    const { set, images, ...rest } = card('base1-4');
    assert.deepEqual(Object.keys(card('base1-4')), [
      'id', 'name', 'supertype', 'subtypes', 'hp', 'types', 'evolvesFrom', 'abilities', 'attacks', 'weaknesses', 'resistances',
      'retreatCost', 'convertedRetreatCost', 'set', 'number', 'artist', 'rarity', 'flavorText', 'nationalPokedexNumbers',
      'legalities', 'images', 'catalogId',
    ]);
    assert.deepEqual(rest, {
      id: 'base1-4', name: 'Charizard', supertype: 'Pokémon', subtypes: ['Stage 2'], hp: '120', types: ['Fire'],
      evolvesFrom: 'Charmeleon',
      abilities: [{
        name: 'Energy Burn', type: 'Pokémon Power',
        text: 'As often as you like during your turn (before your attack), you may turn all Energy attached to Charizard into ' +
          "Fire Energy for the rest of the turn. This power can't be used if Charizard is Asleep, Confused, or Paralyzed.",
      }],
      attacks: [{
        name: 'Fire Spin', cost: ['Fire', 'Fire', 'Fire', 'Fire'], convertedEnergyCost: 4, damage: '100',
        text: 'Discard 2 Energy cards attached to Charizard in order to use this attack.',
      }],
      weaknesses: [{ type: 'Water', value: '×2' }], resistances: [{ type: 'Fighting', value: '-30' }],
      retreatCost: ['Colorless', 'Colorless', 'Colorless'], convertedRetreatCost: 3,
      number: '4', artist: 'Mitsuhiro Arita', rarity: 'Rare Holo',
      flavorText: 'Spits fire that is hot enough to melt boulders. Known to unintentionally cause forest fires.',
      nationalPokedexNumbers: [6], legalities: { unlimited: 'Legal' }, catalogId: 'en-base1-4',
    });
    assert.deepEqual(Object.keys(set), ['id', 'name', 'series', 'printedTotal', 'total', 'legalities', 'ptcgoCode', 'releaseDate',
      'updatedAt', 'images', 'catalogId']);
    assert.deepEqual({ ...set, updatedAt: undefined, images: undefined }, {
      id: 'base1', name: 'Base', series: 'Base', printedTotal: 102, total: 102, legalities: { unlimited: 'Legal' }, ptcgoCode: 'BS',
      releaseDate: '1999/01/09', updatedAt: undefined, images: undefined, catalogId: 'en-base1',
    });
    assert.match(set.updatedAt, /^\d{4}\/\d\d\/\d\d \d\d:\d\d:\d\d$/);
    assert.deepEqual(Object.keys(set.images), ['symbol', 'logo']);
    assert.deepEqual(Object.keys(images), ['small', 'large']);
    assert.equal(read.sets.find((s) => s.id === 'base1'), set, 'the set inside the card is the set listed');
  });

  it('a Scarlet & Violet ex: its rule box, their rarity, regulation mark and an unpadded number', needsSharedDump(), () => {
    const charizard = card('sv3pt5-6');
    assert.deepEqual(
      [charizard.name, charizard.subtypes, charizard.hp, charizard.number, charizard.rarity, charizard.regulationMark, charizard.rules],
      ['Charizard ex', ['Stage 2', 'ex'], '330', '6', 'Double Rare', 'G',
        ['Pokémon ex rule: When your Pokémon ex is Knocked Out, your opponent takes 2 Prize cards.']],
    );
    assert.deepEqual(charizard.attacks![0], {
      name: 'Brave Wing', cost: ['Fire'], convertedEnergyCost: 1, damage: '60+',
      text: 'If this Pokémon has any damage counters on it, this attack does 100 more damage.',
    });
    assert.deepEqual([charizard.set.name, charizard.set.series, charizard.set.releaseDate], ['151', 'Scarlet & Violet', '2023/09/22']);
    assert.deepEqual(charizard.legalities, { unlimited: 'Legal', expanded: 'Legal' }, 'G rotated out of Standard: the key is absent');
    assert.ok(!('flavorText' in charizard) && !('abilities' in charizard), 'keys with nothing to say are absent, never empty');
  });

  it("a Supporter's rules are its text and its kind's reminder; it has no Pokémon's keys", needsSharedDump(), () => {
    const research = card('swsh1-178');
    assert.deepEqual([research.supertype, research.subtypes, research.rarity, research.rules], [
      'Trainer', ['Supporter'], 'Rare Holo',
      ['Discard your hand and draw 7 cards.', 'You may play only 1 Supporter card during your turn.'],
    ]);
    for (const key of ['hp', 'types', 'attacks', 'retreatCost', 'convertedRetreatCost', 'nationalPokedexNumbers']) {
      assert.ok(!(key in research), `no ${key}`);
    }
  });

  it('a Pokémon Tool of Scarlet & Violet', needsSharedDump(), () => {
    const powerglass = card('sv6pt5-63');
    assert.deepEqual([powerglass.name, powerglass.supertype, powerglass.subtypes, powerglass.rarity, powerglass.regulationMark], [
      'Powerglass', 'Trainer', ['Pokémon Tool'], 'Uncommon', 'H',
    ]);
    assert.deepEqual(powerglass.rules, [
      'At the end of your turn (after your attack), if the Pokémon this card is attached to is in the Active Spot, you may ' +
        'attach a Basic Energy card from your discard pile to it.',
      'You may attach any number of Pokémon Tools to your Pokémon during your turn. You may attach only 1 Pokémon Tool to ' +
        'each Pokémon, and it stays attached.',
    ]);
  });

  it('a Special Energy spells its symbols in words; a basic Energy has no rules', needsSharedDump(), () => {
    const dce = card('base1-96');
    assert.deepEqual([dce.supertype, dce.subtypes, dce.rarity, dce.rules], [
      'Energy', ['Special'], 'Uncommon', ["Provides ColorlessColorless energy.\nDoesn't count as a basic Energy card."],
    ]);
    const water = card('sm1-166');
    assert.deepEqual([water.name, water.supertype, water.subtypes, water.rarity, 'rules' in water], ['Water Energy', 'Energy', ['Basic'], 'Common', false]);
  });

  it('evolvesTo is evolvesFrom turned round, by the Pokémon it names', needsSharedDump(), () => {
    assert.deepEqual(card('base1-24').evolvesTo, ['Charizard'], 'Charmeleon');
    assert.deepEqual(new Set(card('base2-51').evolvesTo),
      new Set(['Vaporeon', 'Jolteon', 'Flareon', 'Espeon', 'Umbreon', 'Leafeon', 'Glaceon', 'Sylveon']), 'Eevee');
    assert.ok(!('evolvesTo' in card('base1-4')));
  });

  it('lists sets by release date and cards in the documented default order', needsSharedDump(), () => {
    for (let i = 1; i < read.sets.length; i++) {
      const [a, b] = [read.sets[i - 1]!, read.sets[i]!];
      assert.ok(a.releaseDate < b.releaseDate || (a.releaseDate === b.releaseDate && a.id < b.id), `${a.id} before ${b.id}`);
    }
    const position = new Map(read.sets.map((set, i) => [set.id, i]));
    for (let i = 1; i < read.cards.length; i++) {
      const [a, b] = [read.cards[i - 1]!, read.cards[i]!];
      const bySet = position.get(a.set.id)! - position.get(b.set.id)!;
      assert.ok(bySet < 0 || (bySet === 0 && (naturalNumberOrder(a.number, b.number) || (a.id < b.id ? -1 : 1)) < 0), `${a.id} before ${b.id}`);
    }
  });

  it('its vocabularies are the words the cards use, sorted', needsSharedDump(), () => {
    const words = ptcgVocabularies(read);
    assert.deepEqual(words.supertypes, ['Energy', 'Pokémon', 'Trainer']);
    assert.deepEqual(words.types, ['Colorless', 'Darkness', 'Dragon', 'Fairy', 'Fighting', 'Fire', 'Grass', 'Lightning', 'Metal', 'Psychic', 'Water']);
    for (const word of ['Stage 2', 'MEGA', 'Pokémon Tool', 'VMAX', 'ex', 'EX', 'TAG TEAM', 'Level-Up']) assert.ok(words.subtypes.includes(word), word);
    for (const word of ['Rare Holo', 'Double Rare', 'Rare Ultra', 'Promo']) assert.ok(words.rarities.includes(word), word);
    for (const list of Object.values(words)) assert.deepEqual(list, [...list].sort());
  });

  it('the field catalogs name exactly the leaf paths the objects have', needsSharedDump(), () => {
    const cardPaths = new Set<string>();
    for (const c of read.cards) leafPaths(c, '', cardPaths);
    assert.deepEqual([...cardPaths].sort(), Object.keys(PTCG_CARD_FIELDS).sort());
    const setPaths = new Set<string>();
    for (const set of read.sets) leafPaths(set, '', setPaths);
    assert.deepEqual([...setPaths].sort(), Object.keys(PTCG_SET_FIELDS).sort());
  });
});
