import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ptcgCardId, ptcgSetId } from '../../../src/catalog/ptcg/ptcgIds.js';
import { catalogIdsByPtcgId, type PtcgCatalogRead } from '../../../src/catalog/ptcg/readPtcgCatalog.js';
import { PTCG_SET_ROWS } from '../../../src/catalog/ptcg/ptcgSetTable.js';
import { englishPtcgCatalog } from '../../support/ptcgCatalog.js';
import { needsSharedDump } from '../../support/shared.js';

describe("pokemontcg.io's ids of our sets and cards", () => {
  it('names a set they had as they do, and one they never had by their rule', () => {
    assert.equal(ptcgSetId('en-base1'), 'base1');
    assert.equal(ptcgSetId('en-lc'), 'base6', 'Legendary Collection, by the table');
    assert.equal(ptcgSetId('en-sv03.5'), 'sv3pt5');
    assert.equal(ptcgSetId('en-swsh12.5'), 'swsh12pt5');
    assert.equal(ptcgSetId('en-sv10.5b'), 'zsv10pt5');
    assert.equal(ptcgSetId('en-me05'), 'me5', 'a two-digit Mega Evolution number loses its zero');
    assert.equal(ptcgSetId('en-ex5.5'), 'ex5pt5');
    assert.equal(ptcgSetId('en-tk-xy-b'), 'tk-xy-b', "else TCGdex's id as it is");
  });

  it('numbers a card as they do', () => {
    assert.equal(ptcgCardId('en-sv03.5', '006'), 'sv3pt5-6');
    assert.equal(ptcgCardId('en-swshp', 'SWSH001'), 'swshp-SWSH001', 'a letter prefix keeps its padding');
    assert.equal(ptcgCardId('en-ecard2', 'H01'), 'ecard2-H1');
    assert.equal(ptcgCardId('en-ecard2', '50a'), 'ecard2-50');
    assert.equal(ptcgCardId('en-ecard2', '50b'), 'ecard2-50b');
    assert.equal(ptcgCardId('en-exu', '%3F'), 'ex10-?', 'the Unown of Unseen Forces are in ex10');
    assert.equal(ptcgCardId('en-cel25cc', 'CC001'), 'cel25c-2_A');
    assert.equal(ptcgCardId('en-cel25cc', 'CC016'), 'cel25c-15_A4');
    assert.equal(ptcgCardId('en-bwp', 'BW04'), 'bwp-BW004');
  });

  describe('on the full English catalog', () => {
    let catalog: Awaited<ReturnType<typeof englishPtcgCatalog>> | undefined;
    let read: PtcgCatalogRead;
    before(async () => {
      if (needsSharedDump().skip) return;
      catalog = await englishPtcgCatalog();
      read = catalog.read;
    });
    after(() => catalog?.close());

    it("reaches the ids the issue names, each our card of the same number", needsSharedDump(), () => {
      const ours = catalogIdsByPtcgId(read.cards);
      assert.deepEqual(
        ['base1-4', 'sv3pt5-6', 'swsh12pt5-160', 'swshp-SWSH001', 'hsp-HGSS01', 'base6-3', 'zsv10pt5-1'].map((id) => ours.get(id)),
        ['en-base1-4', 'en-sv03.5-006', 'en-swsh12.5-160', 'en-swshp-SWSH001', 'en-hgssp-HGSS01', 'en-lc-3', 'en-sv10.5b-001'],
      );
      assert.equal(ours.get('ex10-?'), 'en-exu-%3F');
      assert.equal(read.cards.find((card) => card.id === 'ex10-?')!.set.id, 'ex10');
      assert.equal(ours.get('cel25c-15_A1'), 'en-cel25cc-CC003');
    });

    it('gives every English card and set one id of theirs, no two alike', needsSharedDump(), async () => {
      const counts = await catalog!.store.counts();
      assert.equal(read.cards.length, counts.cards, 'the reader skips the other languages (an English-only catalog here)');
      assert.equal(new Set(read.cards.map((card) => card.id)).size, read.cards.length);
      assert.equal(new Set(read.sets.map((set) => set.id)).size, read.sets.length);
      assert.equal(read.sets.length, counts.sets - 1, 'every set but the Unown of Unseen Forces, whose cards are in ex10');
      const setIds = new Set(read.sets.map((set) => set.id));
      const held = PTCG_SET_ROWS.filter(([, tcgdexId]) => read.sets.some((set) => set.catalogId === `en-${tcgdexId}`));
      assert.ok(held.every(([ptcgId]) => setIds.has(ptcgId)), 'each set of the table that we hold bears its id');
      assert.ok(read.cards.every((card) => setIds.has(card.set.id) && card.id.startsWith(`${card.set.id}-`)));
    });

    it('is the id English /v1 cards and sets name', needsSharedDump(), async () => {
      for (const card of read.cards.filter((_, i) => i % 500 === 0)) {
        assert.equal(JSON.parse((await catalog!.store.getCard(card.catalogId))!).pokemontcg_io_id, card.id);
      }
      const set = read.sets.find((s) => s.id === 'sv3pt5')!;
      assert.equal(JSON.parse((await catalog!.store.getSet(set.catalogId))!).pokemontcg_io_id, 'sv3pt5');
      const listed = (await catalog!.store.listSets({ lang: 'en', limit: 1000, offset: 0 })).items
        .map((doc) => JSON.parse(doc) as { pokemontcg_io_id: string });
      assert.equal(listed.length, (await catalog!.store.counts()).sets);
      assert.equal(new Set(listed.map((s) => s.pokemontcg_io_id)).size, listed.length, 'no two English sets share one, ex10 and exu included');
    });
  });
});
