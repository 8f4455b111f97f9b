import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startCatalogServer, type RunningServer } from '../support/catalogServer.js';
import { ROWS_CATALOG } from '../support/rowsFixture.js';
import { onStore, STORE_KINDS } from '../support/stores.js';

const FOLDED_Q = 'q must keep at least 2 characters once spaces, apostrophes, hyphens and dots are left out';

for (const store of STORE_KINDS) {
  describe(`card rows name their set, and codes and ids are read as players write them (${store})`, await onStore(store), () => {
    let server: RunningServer;
    before(async () => {
      server = await startCatalogServer({ store });
      await server.catalogStore.replaceCatalog(ROWS_CATALOG);
    });
    after(async () => { await server?.close(); });
    const ok = async (query: string) => {
      const { status, body } = await server.get(`/v1/cards?${query}`);
      assert.equal(status, 200, `${query}: ${JSON.stringify(body)}`);
      return body;
    };
    const setOf = (card: any) => [card.id, card.set_name, card.set_code];

    it('every kind of card row carries set_name and set_code, right after set_id', async () => {
      const single = (await ok('id=fr-sv01-086')).data;
      assert.deepEqual(setOf(single), ['fr-sv01-086', 'Écarlate et Violet', 'SVI'], 'single card, in its language');
      assert.deepEqual(Object.keys(single).slice(0, 4), ['id', 'set_id', 'set_name', 'set_code']);
      assert.deepEqual((await ok('id=en-base1-4')).data.set_code, null, 'a set without an abbreviation');
      assert.deepEqual((await ok('set=en-sv01')).data.map(setOf),
        [['en-sv01-001', 'Scarlet & Violet', 'SVI'], ['en-sv01-086', 'Scarlet & Violet', 'SVI']], 'a set\'s list');
      assert.deepEqual((await ok('q=pikachu')).data.map(setOf),
        [['en-sv01-086', 'Scarlet & Violet', 'SVI'], ['fr-sv01-086', 'Écarlate et Violet', 'SVI']], 'a search');
      assert.deepEqual((await ok('q=pi')).data.map(setOf)[0], ['en-sv01-001', 'Scarlet & Violet', 'SVI'], 'a two-character search');
      assert.deepEqual((await ok('supertype=Pokemon&lang=en&number=4')).data.map(setOf), [['en-base1-4', 'Base Set', null]], 'a filter alone');
      const batch = await ok('ids=en-swshp-SWSH001,en-base1-4');
      assert.deepEqual(batch.data.map(setOf), [['en-swshp-SWSH001', 'SWSH Black Star Promos', 'SWSHP'], ['en-base1-4', 'Base Set', null]], 'a batch');
    });

    it('an id whose number lacks its zeros is a 404 naming the id that exists', async () => {
      for (const [asked, existing] of [['en-sv01-86', 'en-sv01-086'], ['en-swshp-SWSH1', 'en-swshp-SWSH001'], ['en-smp-SM1', 'en-smp-SM01']]) {
        const { status, body } = await server.get(`/v1/cards?id=${asked}`);
        assert.equal(status, 404, asked);
        assert.deepEqual(body, { error: `no card with id ${asked}; did you mean ${existing}? (ids keep the number as printed, zeros included)`, code: 'not_found' });
      }
      for (const asked of ['en-sv01-87', 'en-none-86', 'en-sv01-', 'sv01']) {
        const { status, body } = await server.get(`/v1/cards?id=${asked}`);
        assert.equal(status, 404, asked);
        assert.deepEqual(body, { error: `no card with id ${asked}; card ids look like en-base1-4`, code: 'not_found' }, asked);
      }
      const batch = await ok('ids=en-sv01-86,en-sv01-086');
      assert.deepEqual(batch.data.map((card: any) => card.id), ['en-sv01-086']);
      assert.deepEqual(batch.not_found, ['en-sv01-86'], 'the batch keeps the id asked');
    });

    it('the game client\'s promo codes are set_code aliases, in any case', async () => {
      const ids = async (query: string) => (await ok(query)).data.map((card: any) => card.id);
      assert.deepEqual(await ids('set_code=PR-SV'), ['en-svp-001']);
      assert.deepEqual(await ids('set_code=PR-SV&number=1'), ['en-svp-001']);
      assert.deepEqual(await ids('set_code=pr-sw'), ['en-swshp-SWSH001']);
      assert.deepEqual(await ids('set_code=PR-SM&number=SM1'), ['en-smp-SM01']);
      assert.deepEqual(await ids('set_code=SVP'), ['en-svp-001'], 'the abbreviation itself still works');
      assert.deepEqual(await ids('set=en-svp&set_code=PR-SV'), ['en-svp-001']);
      assert.deepEqual(await ids('q=sprigatito&set_code=PR-SV'), ['en-svp-001']);
      assert.deepEqual(await ids('set_code=SVI&lang=fr'), ['fr-sv01-086']);
    });

    it('an unknown set_code is a 400 naming it and the nearest known codes, with set, q or alone', async () => {
      const message = 'set_code SVX is not the printed abbreviation of any set; the nearest known codes are SVE, SVI, SVP, SMP, SWSHP';
      for (const query of ['set_code=SVX', 'set_code=svx&number=1', 'q=pikachu&set_code=SVX', 'set=en-sv01&set_code=SVX', 'set=en-none&set_code=SVX']) {
        const { status, body } = await server.get(`/v1/cards?${query}`);
        assert.equal(status, 400, query);
        assert.deepEqual(body, { error: message, code: 'unknown_set_code' }, query);
      }
      const alias = await server.get('/v1/cards?set_code=PR-XY');
      assert.equal(alias.status, 400, 'an alias of a set the catalog lacks');
      assert.match(alias.body.error, /^set_code XYP is not the printed abbreviation of any set; /);
    });

    it('a q of valid length that folds to fewer than 2 characters is a 400 that says so; the length message stays', async () => {
      for (const q of ["'%", 'a-', ' . x ', "''"]) {
        const { status, body } = await server.get(`/v1/cards?q=${encodeURIComponent(q)}`);
        assert.equal(status, 400, q);
        assert.deepEqual(body, { error: FOLDED_Q, code: 'invalid_parameter' }, q);
      }
      for (const q of ['a', ' a ', 'x'.repeat(61)]) {
        const { status, body } = await server.get(`/v1/cards?q=${encodeURIComponent(q)}`);
        assert.equal(status, 400, q);
        assert.deepEqual(body, { error: 'q must be 2 to 60 characters long', code: 'invalid_parameter' }, q);
      }
    });
  });
}
