import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startCatalogServer, type RunningServer } from '../support/catalogServer.js';
import { rateLimitOf } from '../support/http.js';
import { bearer, issueKey } from '../support/keys.js';
import { onStore, STORE_KINDS } from '../support/stores.js';

const IDS_MESSAGE = 'ids must list 1 to 50 card ids, each 1 to 100 characters with no white space or comma';
const WITH_IDS_MESSAGE = 'exactly one of id, ids, set, q is required';

for (const store of STORE_KINDS) {
  describe(`GET /v1/cards?ids=: up to 50 cards in one request (${store})`, await onStore(store), () => {
    let server: RunningServer;
    before(async () => { server = await startCatalogServer({ store }); });
    after(async () => { await server.close(); });

    it('answers the cards found in the order asked, each once, and the ids that matched nothing', async () => {
      const { status, body } = await server.get('/v1/cards?ids=fr-base1-4,en-base1-999,de-base1-4,fr-base1-4,ja-PMCG1-035');
      assert.equal(status, 200);
      assert.deepEqual(body.data.map((card: any) => card.id), ['fr-base1-4', 'de-base1-4', 'ja-PMCG1-035']);
      assert.deepEqual(body.not_found, ['en-base1-999']);
      assert.deepEqual(body.pagination, { limit: 4, offset: 0, total: 3, total_is_estimate: false, has_more: false });
      assert.deepEqual(Object.keys(body), ['data', 'pagination', 'not_found', 'retrieved_at']);
      const single = (await server.get('/v1/cards?id=fr-base1-4')).body.data;
      const { other_languages: _links, ...withVariants } = single;
      assert.deepEqual(body.data[0], withVariants, 'each card is the single card with its variants, without other_languages');
    });

    it('is a 200 with an empty data when no id matches', async () => {
      const { status, body } = await server.get('/v1/cards?ids=en-none-1,EN-BASE1-4,en-none-1');
      assert.equal(status, 200);
      assert.deepEqual(body.data, []);
      assert.deepEqual(body.not_found, ['en-none-1', 'EN-BASE1-4']);
      assert.deepEqual(body.pagination, { limit: 2, offset: 0, total: 0, total_is_estimate: false, has_more: false });
    });

    it('takes 50 ids, validates lang, limit and offset and otherwise ignores them', async () => {
      const fifty = ['en-base1-4', ...Array.from({ length: 48 }, (_, i) => `en-none-${i}`), 'de-base1-4'];
      const { status, body } = await server.get(`/v1/cards?ids=${fifty.join(',')}&limit=1&offset=7&lang=fr`);
      assert.equal(status, 200);
      assert.deepEqual(body.data.map((card: any) => card.id), ['en-base1-4', 'de-base1-4']);
      assert.equal(body.not_found.length, 48);
      assert.deepEqual(body.pagination, { limit: 50, offset: 0, total: 2, total_is_estimate: false, has_more: false });
      assert.equal((await server.get('/v1/cards?ids=en-base1-4&limit=0')).status, 400);
    });

    const malformed: Array<[string, string]> = [
      ['empty', ''],
      ['an empty item', 'en-base1-4,,de-base1-4'],
      ['a trailing comma', 'en-base1-4,'],
      ['a leading comma', ',en-base1-4'],
      ['white space in an id', 'en-base1-4,%20de-base1-4'],
      ['a control character in an id', 'en-base1%00-4'],
      ['an id of 101 characters', 'x'.repeat(101)],
      ['51 ids', Array.from({ length: 51 }, (_, i) => `en-base1-${i}`).join(',')],
      ['51 ids, even all the same', Array.from({ length: 51 }, () => 'en-base1-4').join(',')],
    ];
    for (const [what, ids] of malformed) {
      it(`${what} is a 400 naming ids`, async () => {
        const { status, body } = await server.get(`/v1/cards?ids=${ids}`);
        assert.equal(status, 400);
        assert.deepEqual(body, { error: IDS_MESSAGE, code: 'invalid_parameter' });
      });
    }

    it('ids with id, set or q is a 400; without ids the message stays the one of id, set, q', async () => {
      for (const other of ['id=en-base1-4', 'set=en-base1', 'q=pikachu', 'id=en-base1-4&q=pikachu']) {
        const { status, body } = await server.get(`/v1/cards?ids=en-base1-4&${other}`);
        assert.equal(status, 400, other);
        assert.deepEqual(body, { error: WITH_IDS_MESSAGE, code: 'invalid_parameter' });
      }
      assert.deepEqual((await server.get('/v1/cards')).body, { error: 'exactly one of id, set, q is required', code: 'invalid_parameter' });
    });

    it('counts once against the quota however many ids it names', async () => {
      const key = await issueKey(server.accessStore);
      const fifty = Array.from({ length: 50 }, (_, i) => `en-base1-${i + 1}`).join(',');
      const first = await fetch(`${server.baseUrl}/v1/cards?ids=${fifty}`, { headers: bearer(key) });
      assert.equal(first.status, 200);
      await first.arrayBuffer();
      assert.deepEqual([rateLimitOf(first).limit, rateLimitOf(first).used], [1000, 1]);
      const malformedOne = await fetch(`${server.baseUrl}/v1/cards?ids=a,,b`, { headers: bearer(key) });
      await malformedOne.arrayBuffer();
      assert.deepEqual([malformedOne.status, rateLimitOf(malformedOne).used], [400, 2], 'a 400 counts, once, as any 400');
    });
  });
}
