import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startCatalogServer, type RunningServer } from '../support/catalogServer.js';
import { rateLimitOf } from '../support/http.js';
import { bearer, issueKey } from '../support/keys.js';
import { NAME_CATALOG } from '../support/nameFixture.js';
import { onStore, STORE_KINDS } from '../support/stores.js';

const LANG_MESSAGE = 'lang must be one of: en, ja, fr, it, de, es, ko, pt, zh-tw, id, th, zh-cn, es-mx, ru, pl, nl';

for (const store of STORE_KINDS) {
  describe(`card names as people type them (${store})`, await onStore(store), () => {
    let server: RunningServer;
    before(async () => {
      server = await startCatalogServer({ store });
      await server.catalogStore.replaceCatalog(NAME_CATALOG);
    });
    after(async () => { await server?.close(); });

    const named = async (query: string) => {
      const { status, body } = await server.get(`/v1/cards/named?${query}`);
      return { status, body, id: status === 200 ? body.data.id : undefined };
    };

    const found: Array<[string, string]> = [
      ['fuzzy=charzard', 'en-s2-1'],
      ['fuzzy=pikachu%20v%20max', 'en-s2-5'],
      ['fuzzy=lugia%20v%20star', 'en-s2-3'],
      ['fuzzy=mewtwo%20gx', 'en-s2-2'],
      ['fuzzy=Mewtwo-GX&set_code=old', 'en-s1-2'],
      ['fuzzy=boss%20orders', 'en-s3-3'],
      ['fuzzy=professors%20research', 'en-s3-4'],
      ['fuzzy=Boss\'s%20Orders%20(Ghetsis)', 'en-s3-3'],
      ['fuzzy=Boss\'s%20Orders%20(Giovanni)', 'en-s2-4'],
      ['fuzzy=iono', 'en-s3-1'],
      ['fuzzy=iono&set_code=MID', 'en-s2-6'],
      ['exact=IONO', 'en-s3-1'],
      ['exact=mewtwo%20gx', 'en-s2-2'],
      ['fuzzy=lugi', 'en-s2-3'],
      ['fuzzy=pikahcu', 'en-s1-4'],
      ['fuzzy=glurack&lang=de', 'de-s1-1'],
      ['fuzzy=%20%20charizard%20%20&lang=en', 'en-s2-1'],
    ];
    for (const [query, id] of found) {
      it(`${decodeURIComponent(query)} is ${id}, the newest printing (or the one in set_code)`, async () => {
        const { status, body } = await named(query);
        assert.equal(status, 200, JSON.stringify(body));
        assert.equal(body.data.id, id);
        assert.ok(Array.isArray(body.data.variants) && body.data.variants.length > 0, 'with its variants');
        assert.equal(body.data.other_languages, undefined);
        assert.match(body.retrieved_at, /^\d{4}-\d\d-\d\dT/);
      });
    }

    it('several names that fit equally are a 404 listing them, best first (most printings first)', async () => {
      const { status, body } = await named('fuzzy=char');
      assert.equal(status, 404);
      assert.deepEqual(Object.keys(body), ['error', 'code', 'candidates']);
      assert.equal(body.code, 'ambiguous_name');
      assert.match(body.error, /fits several card names in en/);
      assert.deepEqual(body.candidates, ['Charizard', 'Charmander', 'Charizard ex', 'Charmeleon', 'Blaine\'s Charizard']);
    });

    it('nothing close is a 404 with no candidates; a miss of exact offers the fuzzy match', async () => {
      assert.deepEqual((await named('fuzzy=xyzzy')).body, { error: 'no card name in en is close to "xyzzy"', code: 'not_found', candidates: [] });
      assert.deepEqual((await named('fuzzy=X-Y%20ZZY')).body, { error: 'no card name in en is close to "xyzzy"', code: 'not_found', candidates: [] },
        'the folded name: one answer for every spelling that folds alike');
      assert.deepEqual((await named('exact=charzard')).body, {
        error: 'no card in en is named "charzard"; the candidates are the nearest names', code: 'not_found', candidates: ['Charizard'],
      });
      assert.equal((await named('fuzzy=glurak')).status, 404, 'names are matched in lang (en by default) only');
      const noPrinting = await named('fuzzy=lugia%20vstar&set_code=OLD');
      assert.deepEqual([noPrinting.status, noPrinting.body], [404, {
        error: 'Lugia VSTAR has no printing in en in a set with set_code OLD', code: 'not_found', candidates: [],
      }]);
    });

    const bad: Array<[string, string]> = [
      ['', 'exactly one of exact, fuzzy is required'],
      ['lang=en', 'exactly one of exact, fuzzy is required'],
      ['exact=iono&fuzzy=iono', 'exactly one of exact, fuzzy is required'],
      ['fuzzy=', 'fuzzy must be 1 to 60 characters long'],
      [`exact=${'x'.repeat(61)}`, 'exact must be 1 to 60 characters long'],
      ['fuzzy=-.', 'fuzzy must keep a character once spaces, apostrophes, hyphens and dots are left out'],
      ['fuzzy=iono&lang=xx', LANG_MESSAGE],
      ['fuzzy=iono&set_code=PAL%20185', 'set_code must be a set\'s printed abbreviation, such as PAL, SVI or BS'],
    ];
    for (const [query, message] of bad) {
      it(`named?${query} is a 400: ${message.slice(0, 40)}`, async () => {
        assert.deepEqual(await server.get(`/v1/cards/named?${query}`).then(({ status, body }) => [status, body]), [400, { error: message, code: 'invalid_parameter' }]);
      });
    }

    it('autocomplete: names starting with q first, then the rest, each by printings; distinct, in lang', async () => {
      const names = async (query: string) => {
        const { status, body } = await server.get(`/v1/cards/autocomplete?${query}`);
        assert.equal(status, 200, JSON.stringify(body));
        assert.deepEqual(Object.keys(body), ['data', 'retrieved_at']);
        return body.data;
      };
      assert.deepEqual(await names('q=char'), ['Charizard', 'Charmander', 'Charizard ex', 'Charmeleon', 'Blaine\'s Charizard']);
      assert.deepEqual(await names('q=iono'), ['Iono', 'Iono\'s Tadbulb']);
      assert.deepEqual(await names('q=mewtwo-g'), ['Mewtwo-GX'], 'one name for both spellings, as its newest printing spells it');
      assert.deepEqual(await names('q=pika&lang=de'), ['Pikachu']);
      assert.deepEqual(await names('q=zz'), []);
      assert.deepEqual(await server.get('/v1/cards/autocomplete?q=%20').then(({ status, body }) => [status, body]),
        [400, { error: 'q must be 1 to 60 characters long', code: 'invalid_parameter' }]);
      assert.deepEqual(await server.get(`/v1/cards/autocomplete?q=${'x'.repeat(61)}`).then(({ status, body }) => [status, body]),
        [400, { error: 'q must be 1 to 60 characters long', code: 'invalid_parameter' }]);
      assert.equal((await server.get('/v1/cards/autocomplete?q=c')).status, 200, 'one letter is a name being typed');
      assert.equal((await server.get('/v1/cards/autocomplete')).status, 400);
    });

    it('a search whose first page is empty suggests close names in the language(s) searched; other pages do not', async () => {
      const search = async (query: string) => (await server.get(`/v1/cards?${query}`)).body;
      const empty = await search('q=charzard');
      assert.deepEqual(empty.data, []);
      assert.deepEqual(empty.suggestions, ['Charizard']);
      assert.deepEqual(Object.keys(empty), ['data', 'pagination', 'suggestions', 'retrieved_at']);
      assert.deepEqual((await search('q=glurack')).suggestions, ['Glurak']);
      assert.deepEqual((await search('q=glurack&lang=en')).suggestions, []);
      assert.deepEqual((await search('q=Boss\'s%20Orders%20(Ghetsis)')).suggestions, ['Boss\'s Orders', 'Boss\'s Orders (Giovanni)']);
      assert.equal((await search('q=charizard')).suggestions, undefined);
      assert.equal((await search('q=charzard&offset=50')).suggestions, undefined);
    });

    it('each lookup is one request of the key\'s quota, and needs the key', async () => {
      const key = await issueKey(server.accessStore);
      let used = 0;
      for (const path of ['/v1/cards/named?fuzzy=iono', '/v1/cards/named?fuzzy=xyzzy', '/v1/cards/named?fuzzy=a',
        '/v1/cards/autocomplete?q=ch']) {
        const response = await fetch(server.baseUrl + path, { headers: bearer(key) });
        used += 1;
        assert.equal(rateLimitOf(response).used, used, path);
      }
      assert.equal((await fetch(`${server.baseUrl}/v1/cards/named?fuzzy=iono`)).status, 401);
      assert.equal((await fetch(`${server.baseUrl}/v1/cards/autocomplete?q=io`)).status, 401);
    });
  });
}
