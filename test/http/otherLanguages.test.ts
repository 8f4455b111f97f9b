import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startCatalogServer, type RunningServer } from '../support/catalogServer.js';
import { onStore, STORE_KINDS } from '../support/stores.js';

for (const store of STORE_KINDS) {
  describe(`the single card and the single set link their other languages (${store})`, await onStore(store), () => {
    let server: RunningServer;
    before(async () => { server = await startCatalogServer({ store }); });
    after(async () => { await server.close(); });

    it('a card printed in three languages lists the two others, in the order of the language codes', async () => {
      const { status, body } = await server.get('/v1/cards?id=de-base1-4');
      assert.equal(status, 200);
      assert.equal(body.data.name, 'Glurak');
      assert.deepEqual(body.data.other_languages, [
        { language: 'en', id: 'en-base1-4', name: 'Charizard' },
        { language: 'fr', id: 'fr-base1-4', name: 'Dracaufeu' },
      ]);
      assert.deepEqual(Object.keys(body.data).slice(-2), ['variants', 'other_languages']);
      const charizard = await server.get('/v1/cards?id=en-base1-4');
      assert.deepEqual(charizard.body.data.other_languages.map((link: any) => link.id), ['fr-base1-4', 'de-base1-4']);
    });

    it('a card in one language has an empty other_languages; a Japanese card lists its English printing, matched by print, and back', async () => {
      assert.deepEqual((await server.get('/v1/cards?id=en-base2-60')).body.data.other_languages, []);
      const pikachu = { language: 'en', id: 'en-base1-58', name: 'Pikachu', match: 'printed' };
      assert.deepEqual((await server.get('/v1/cards?id=ja-PMCG1-035')).body.data.other_languages, [pikachu]);
      assert.deepEqual((await server.get('/v1/cards?id=en-base1-58')).body.data.other_languages.at(-1),
        { language: 'ja', id: 'ja-PMCG1-035', name: 'ピカチュウ', match: 'printed' });
    });

    it('a set lists the same set code in the other languages; a set in one language lists none', async () => {
      const base = await server.get('/v1/sets?id=en-base1');
      assert.deepEqual(base.body.data.other_languages, [
        { language: 'fr', id: 'fr-base1', name: 'Set de Base' },
        { language: 'de', id: 'de-base1', name: 'Grundset' },
      ]);
      assert.deepEqual(Object.keys(base.body.data).slice(-2), ['card_count', 'other_languages']);
      assert.deepEqual((await server.get('/v1/sets?id=en-base2')).body.data.other_languages, []);
    });

    it('lists and searches carry no other_languages, and search still matches names in the language searched', async () => {
      for (const url of ['/v1/sets', '/v1/cards?set=en-base1', '/v1/cards?q=pikachu']) {
        const { body } = await server.get(url);
        assert.ok(body.data.length > 0, url);
        assert.ok(body.data.every((item: any) => !('other_languages' in item)), url);
      }
      assert.deepEqual((await server.get('/v1/cards?q=charizard')).body.data.map((card: any) => card.id), ['en-base1-4']);
    });
  });
}
