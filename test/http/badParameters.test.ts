import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startCatalogServer, type RunningServer } from '../support/catalogServer.js';
import { onStore, STORE_KINDS } from '../support/stores.js';

const LANG_MESSAGE = 'lang must be one of: en, ja, fr, it, de, es, ko, pt, zh-tw, id, th, zh-cn, es-mx, ru, pl, nl';

for (const store of STORE_KINDS) {
  describe(`every bad parameter of docs/reference.md gets its 4xx JSON error, never a 5xx (${store})`, await onStore(store), () => {
    let server: RunningServer;
    before(async () => { server = await startCatalogServer({ store }); });
    after(async () => { await server.close(); });

    const cases: Array<[string, number, string]> = [
      ['/v1/sets?limit=0', 400, 'limit must be an integer from 1 to 200'],
      ['/v1/sets?limit=201', 400, 'limit must be an integer from 1 to 200'],
      ['/v1/sets?limit=abc', 400, 'limit must be an integer from 1 to 200'],
      ['/v1/sets?limit=1.5', 400, 'limit must be an integer from 1 to 200'],
      ['/v1/sets?limit=', 400, 'limit must be an integer from 1 to 200'],
      ['/v1/cards?set=en-base1&limit=-3', 400, 'limit must be an integer from 1 to 200'],
      ['/v1/sets?offset=-1', 400, 'offset must be an integer from 0 to 9007199254740991'],
      ['/v1/sets?offset=x', 400, 'offset must be an integer from 0 to 9007199254740991'],
      ['/v1/cards?q=pika&offset=0.5', 400, 'offset must be an integer from 0 to 9007199254740991'],
      ['/v1/sets?lang=xx', 400, LANG_MESSAGE],
      ['/v1/sets?lang=EN', 400, LANG_MESSAGE],
      ['/v1/cards?q=pika&lang=pt-br', 400, LANG_MESSAGE],
      ['/v1/cards?q=a', 400, 'q must be 2 to 60 characters long'],
      ['/v1/cards?q=%20a%20', 400, 'q must be 2 to 60 characters long'],
      [`/v1/cards?q=${'a'.repeat(61)}`, 400, 'q must be 2 to 60 characters long'],
      ['/v1/cards?q=', 400, 'q must be 2 to 60 characters long'],
      ['/v1/cards?q=a-', 400, 'q must keep at least 2 characters once spaces, apostrophes, hyphens and dots are left out'],
      ['/v1/cards?q=--', 400, 'q must keep at least 2 characters once spaces, apostrophes, hyphens and dots are left out'],
      [`/v1/cards?q=${encodeURIComponent("x' .")}`, 400, 'q must keep at least 2 characters once spaces, apostrophes, hyphens and dots are left out'],
      ['/v1/cards?set_code=SVX', 400, 'set_code SVX is not the printed abbreviation of any set'],
      [`/v1/cards?q=${encodeURIComponent("'%")}`, 400, 'q must keep at least 2 characters once spaces, apostrophes, hyphens and dots are left out'],
      ['/v1/changes', 400, 'since is required: the changes_cursor of a bulk file (/v1/bulk) or the cursor of a previous /v1/changes answer'],
      ['/v1/cards', 400, 'exactly one of id, set, q is required'],
      ['/v1/cards?lang=en', 400, 'exactly one of id, set, q is required'],
      ['/v1/cards?id=en-base1-4&set=en-base1', 400, 'exactly one of id, set, q is required'],
      ['/v1/cards?id=en-base1-4&q=char', 400, 'exactly one of id, set, q is required'],
      ['/v1/cards?id=en-base1-4&set=en-base1&q=char', 400, 'exactly one of id, set, q is required'],
      ['/v1/sets?id=en-base1&limit=0', 400, 'limit must be an integer from 1 to 200'],
      ['/v1/sets?id=en-base1&lang=zz', 400, LANG_MESSAGE],
      ['/v1/sets?id=en-base1&offset=-5', 400, 'offset must be an integer from 0 to 9007199254740991'],
      // Numbers JavaScript reads as Infinity, or past the integers JSON carries exactly (2^53 - 1).
      ['/v1/sets?offset=Infinity', 400, 'offset must be an integer from 0 to 9007199254740991'],
      ['/v1/sets?offset=1e400', 400, 'offset must be an integer from 0 to 9007199254740991'],
      ['/v1/cards?set=en-base1&offset=1e20', 400, 'offset must be an integer from 0 to 9007199254740991'],
      ['/v1/cards?q=pika&offset=9007199254740992', 400, 'offset must be an integer from 0 to 9007199254740991'],
      ['/v1/sets?limit=-Infinity', 400, 'limit must be an integer from 1 to 200'],
      // NUL (which PostgreSQL's text cannot hold) and other control characters in an identifier.
      ['/v1/cards?id=%00', 400, 'id must be a non-empty string without control characters'],
      ['/v1/cards?id=en-base1-4%00', 400, 'id must be a non-empty string without control characters'],
      ['/v1/cards?set=%00', 400, 'set must be a non-empty string without control characters'],
      ['/v1/cards?set=en-base1%0A', 400, 'set must be a non-empty string without control characters'],
      ['/v1/sets?id=%00', 400, 'id must be a non-empty string without control characters'],
      ['/v1/sets?id=en%C2%85base1', 400, 'id must be a non-empty string without control characters'],
      ['/v1/cards?ids=en-base1-4,%00', 400, 'ids must list 1 to 50 card ids, each 1 to 100 characters with no white space or comma'],
      ['/v1/cards?artist=%00', 400, 'artist must be an artist\'s name of 1 to 100 characters'],
      ['/v1/cards?set=en-base1&number=4%00', 400, 'number must be a card number as printed (4, 004, TG05), or a number over the set\'s printed total (4/102)'],
      ['/v1/sets?id=en-nope', 404, 'no set with id en-nope; set ids look like en-base1 (list them with /v1/sets)'],
      ['/v1/sets?id=EN-BASE1', 404, 'no set with id EN-BASE1; set ids look like en-base1 (list them with /v1/sets)'],
      ['/v1/cards?set=en-nope', 404, 'no set with id en-nope; set ids look like en-base1 (list them with /v1/sets)'],
      ['/v1/cards?id=en-base1-999', 404, 'no card with id en-base1-999; card ids look like en-base1-4'],
      ['/v1/cards?id=en-base1-04', 404, 'no card with id en-base1-04; did you mean en-base1-4? (ids keep the number as printed, zeros included)'],
      ['/v1/nothing', 404, 'no such path: GET /v1/nothing; see /openapi.json'],
    ];
    /** The code beside each sentence: what a program branches on. */
    const codeOf = (url: string, status: number, message: string) => {
      if (status === 404) return url.startsWith('/v1/nothing') ? 'unknown_path' : 'not_found';
      return message.startsWith('set_code ') ? 'unknown_set_code' : 'invalid_parameter';
    };
    for (const [url, status, message] of cases) {
      it(`${url} → ${status} "${message}"`, async () => {
        const response = await server.get(url);
        assert.equal(response.status, status);
        assert.deepEqual(response.body, { error: message, code: codeOf(url, status, message) });
        assert.match(response.headers.get('content-type') ?? '', /^application\/json/);
      });
    }

    it('a search with no match is 200 with an empty list, and a valid q of 60 characters after trimming is accepted', async () => {
      const none = await server.get('/v1/cards?q=zzzzqqq');
      assert.equal(none.status, 200);
      assert.deepEqual(none.body.data, []);
      assert.equal(none.body.pagination.has_more, false);
      const padded = await server.get(`/v1/cards?q=${encodeURIComponent(`  ${'b'.repeat(60)}  `)}`);
      assert.equal(padded.status, 200);
    });

    it('%, _, quotes and backslashes in q are literal', async () => {
      for (const q of ['%%', '__', '%a%', '"a"', "'zq'", '\\a\\', 'a"b', 'x*', 'a\u0000bc', 'pi\u0000']) {
        const response = await server.get(`/v1/cards?q=${encodeURIComponent(q)}`);
        assert.equal(response.status, 200, q);
        assert.deepEqual(response.body.data, [], q);
      }
    });

    it('the largest offset, 2^53 - 1, is a page past the end on every list', async () => {
      for (const url of ['/v1/sets', '/v1/cards?set=en-base1', '/v1/cards?q=pika', '/v1/cards?type=Fire']) {
        const response = await server.get(`${url}${url.includes('?') ? '&' : '?'}offset=9007199254740991`);
        assert.equal(response.status, 200, url);
        assert.deepEqual(response.body.data, [], url);
        assert.equal(response.body.pagination.offset, 9007199254740991, url);
        assert.equal(response.body.pagination.has_more, false, url);
      }
    });

    it('unknown query parameters are ignored', async () => {
      const response = await server.get('/v1/sets?foo=bar&lang=en');
      assert.equal(response.status, 200);
      assert.ok(response.body.data.length > 0);
    });

    it('a wrong method gets 405 with an Allow header and a JSON error', async () => {
      const response = await fetch(`${server.baseUrl}/v1/cards`, { method: 'DELETE' });
      assert.equal(response.status, 405);
      assert.equal(response.headers.get('allow'), 'GET, HEAD, OPTIONS');
      assert.deepEqual(await response.json(), { error: 'DELETE is not allowed on /v1/cards; use GET', code: 'method_not_allowed' });
    });

    it('every response, errors included, is readable by browsers', async () => {
      for (const url of ['/v1/sets', '/v1/sets?limit=0', '/nope']) {
        const response = await server.get(url);
        assert.equal(response.headers.get('access-control-allow-origin'), '*');
        assert.match(response.headers.get('access-control-expose-headers') ?? '', /X-RateLimit-Remaining/);
      }
      const preflight = await fetch(`${server.baseUrl}/v1/cards`, {
        method: 'OPTIONS',
        headers: { Origin: 'https://example.org', 'Access-Control-Request-Method': 'GET', 'Access-Control-Request-Headers': 'authorization' },
      });
      assert.equal(preflight.status, 204);
      assert.match(preflight.headers.get('access-control-allow-headers') ?? '', /Authorization/);
    });
  });
}
