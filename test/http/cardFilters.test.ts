import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ENERGY_TYPES } from '../../src/vocabulary/cardVocabulary.js';
import { startCatalogServer, type RunningServer } from '../support/catalogServer.js';
import { rateLimitOf } from '../support/http.js';
import { bearer, issueKey } from '../support/keys.js';
import { onStore, STORE_KINDS } from '../support/stores.js';

const FILTERS_NOT_WITH_ID = 'the filters (supertype, subtype, type, rarity, regulation_mark, legal, artist, number, set_code) ' +
  'go with q, with set or alone, not with id or ids';

for (const store of STORE_KINDS) {
  describe(`GET /v1/cards with filters, on the demo catalog (${store})`, await onStore(store), () => {
    let server: RunningServer;
    before(async () => { server = await startCatalogServer({ store }); });
    after(async () => { await server.close(); });
    const ids = async (query: string) => {
      const { status, body } = await server.get(`/v1/cards?${query}`);
      assert.equal(status, 200, JSON.stringify(body));
      return body.data.map((card: any) => card.id);
    };

    it('lists the cards of every filter alone, newest set first, then set, then number, with an exact total', async () => {
      const { body } = await server.get('/v1/cards?type=Lightning');
      assert.deepEqual(body.data.map((card: any) => card.id), ['en-base2-60', 'de-base1-58', 'en-base1-58', 'fr-base1-58', 'ja-PMCG1-035']);
      assert.deepEqual(body.pagination, { limit: 50, offset: 0, total: 5, total_is_estimate: false, has_more: false });
      assert.deepEqual(await ids('type=Lightning&lang=fr'), ['fr-base1-58']);
      assert.deepEqual(await ids('supertype=Energy'), ['en-base1-96']);
      assert.deepEqual(await ids('subtype=Item'), ['en-base1-92']);
      assert.deepEqual(await ids('rarity=Rare%20Holo&type=Colorless'), ['en-base2-11']);
      assert.deepEqual(await ids('artist=KEN%20SUGIMORI&lang=en'), ['en-base2-11', 'en-base1-2']);
      const paged = await server.get('/v1/cards?type=Lightning&limit=2&offset=2');
      assert.deepEqual(paged.body.data.map((card: any) => card.id), ['en-base1-58', 'fr-base1-58']);
      assert.equal(paged.body.pagination.has_more, true);
    });

    it('finds a card by its printed number in its three forms, and by number over the printed total', async () => {
      for (const number of ['4', '004', '4/102']) {
        assert.deepEqual(await ids(`number=${encodeURIComponent(number)}`), ['de-base1-4', 'en-base1-4', 'fr-base1-4'], number);
      }
      assert.deepEqual(await ids('number=4/64'), []);
      assert.deepEqual(await ids('number=35&lang=ja'), ['ja-PMCG1-035']);
    });

    it('narrows a search (in search order, total an estimate) and the cards of a set (exact total)', async () => {
      const search = await server.get('/v1/cards?q=pikachu&lang=en&type=Lightning&subtype=Basic');
      assert.deepEqual(search.body.data.map((card: any) => card.id), ['en-base2-60', 'en-base1-58']);
      assert.equal(search.body.pagination.total_is_estimate, true);
      assert.deepEqual(await ids('q=pikachu&number=58/102'), ['de-base1-58', 'en-base1-58', 'fr-base1-58']);
      const inSet = await server.get('/v1/cards?set=en-base1&subtype=Stage2');
      assert.deepEqual(inSet.body.data.map((card: any) => card.id), ['en-base1-2', 'en-base1-4']);
      assert.deepEqual(inSet.body.pagination, { limit: 50, offset: 0, total: 2, total_is_estimate: false, has_more: false });
      assert.equal((await server.get('/v1/cards?set=en-none&type=Fire')).status, 404);
    });

    it('a filter no card matches is 200 with an empty list', async () => {
      const { status, body } = await server.get('/v1/cards?legal=standard');
      assert.equal(status, 200);
      assert.deepEqual(body.data, []);
      assert.equal(body.pagination.total, 0);
    });

    const bad: Array<[string, string]> = [
      ['type=Feu', `type must be one of: ${ENERGY_TYPES.join(', ')}`],
      ['supertype=pokemon', 'supertype must be one of: Pokemon, Trainer, Energy'],
      ['regulation_mark=Z', 'regulation_mark must be one of: A, B, C, D, E, F, G, H, I, J'],
      ['legal=unlimited', 'legal must be one of: standard, expanded'],
      ['number=4%2F', 'number must be a card number as printed (4, 004, TG05), or a number over the set\'s printed total (4/102)'],
      ['number=4%2Fx', 'number must be a card number as printed (4, 004, TG05), or a number over the set\'s printed total (4/102)'],
      ['set_code=PAL%20185', 'set_code must be a set\'s printed abbreviation, such as PAL, SVI or BS'],
      ['artist=', 'artist must be an artist\'s name of 1 to 100 characters'],
      ['type=Fire&id=en-base1-4', FILTERS_NOT_WITH_ID],
      ['type=Fire&ids=en-base1-4', FILTERS_NOT_WITH_ID],
      ['lang=en', 'exactly one of id, set, q is required'],
      ['type=Fire&set=en-base1&q=char', 'exactly one of id, set, q is required'],
    ];
    for (const [query, message] of bad) {
      it(`${query} is a 400: ${message.slice(0, 40)}…`, async () => {
        const { status, body } = await server.get(`/v1/cards?${query}`);
        assert.equal(status, 400);
        assert.deepEqual(body, { error: message, code: 'invalid_parameter' });
      });
    }

    it('a filtered listing counts once against the key', async () => {
      const key = await issueKey(server.accessStore);
      const first = await fetch(`${server.baseUrl}/v1/cards?type=Fire&subtype=Stage2`, { headers: bearer(key) });
      const second = await fetch(`${server.baseUrl}/v1/cards?type=Fire&legal=expanded`, { headers: bearer(key) });
      assert.deepEqual([first.status, second.status], [200, 200]);
      assert.deepEqual([rateLimitOf(first).used, rateLimitOf(second).used], [1, 2]);
    });
  });
}
