import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { hashKey } from '../../src/access/keyFormat.js';
import type { CatalogStore } from '../../src/catalog/catalogStore.js';
import { TestClock } from '../support/clock.js';
import { fetchJson, rateLimitOf, unixSeconds } from '../support/http.js';
import { bearer, issueKey } from '../support/keys.js';
import { startServer, type TestServer } from '../support/server.js';
import { onStore, STORE_KINDS } from '../support/stores.js';

const MONTH_RESET = unixSeconds('2026-06-01T00:00:00Z');
const UNKEYED = { limit: 1000, used: 0, remaining: 1000, reset: MONTH_RESET, retryAfter: null };

for (const store of STORE_KINDS) {
  describe(`bearer keys on the /v1 read routes (${store})`, await onStore(store), () => {
    let server: TestServer;
    const clock = new TestClock('2026-05-20T08:00:00Z');
    const get = (path: string, headers: Record<string, string> = {}) => fetchJson(`${server.baseUrl}${path}`, { headers });
    const usedBy = async (key: string) => server.accessStore.usage((await server.accessStore.findKeyByHash(hashKey(key)))!.id, '2026-05');

    before(async () => {
      server = await startServer({ store, now: clock.now });
    });
    after(async () => server.close());

    it('a missing, malformed, unknown or query-string key is 401 with the JSON error body and the unkeyed headers', async () => {
      const key = await issueKey(server.accessStore);
      const unknown = 'tcgk_' + 'A'.repeat(32);
      const cases: Array<[string, string, Record<string, string>, string]> = [
        ['missing', '/v1/sets', {}, 'missing_key'],
        ['empty', '/v1/cards?id=en-base1-4', { authorization: '' }, 'missing_key'],
        ['no scheme', '/v1/sets', { authorization: key }, 'malformed_key'],
        ['basic', '/v1/sets', { authorization: `Basic ${Buffer.from(`${key}:`).toString('base64')}` }, 'malformed_key'],
        ['other scheme', '/v1/sets', { authorization: `Token ${key}` }, 'malformed_key'],
        ['two keys', '/v1/sets', { authorization: `Bearer ${key} ${key}` }, 'malformed_key'],
        ['unknown', '/v1/sets', { authorization: `Bearer ${unknown}` }, 'invalid_key'],
        ['wrong prefix', '/v1/sets', { authorization: `Bearer ${key.replace('tcgk_', 'tcgx_')}` }, 'malformed_key'],
        ['query string', `/v1/sets?key=${key}&api_key=${key}&access_token=${key}`, {}, 'missing_key'],
        ['x-api-key header', '/v1/cards?q=pikachu', { 'x-api-key': key }, 'missing_key'],
      ];
      for (const [name, path, headers, code] of cases) {
        const { response, body } = await get(path, headers);
        assert.equal(response.status, 401, name);
        assert.equal(typeof (body as { error: string }).error, 'string', name);
        assert.deepEqual(Object.keys(body as object), ['error', 'code'], name);
        assert.equal((body as { code: string }).code, code, name);
        assert.deepEqual(rateLimitOf(response), UNKEYED, name);
        assert.equal(response.headers.get('www-authenticate'), 'Bearer realm="tcg-catalog"', name);
      }
      assert.equal(await usedBy(key), 0, 'nothing was counted');
    });

    it('the scheme name is case-insensitive', async () => {
      const key = await issueKey(server.accessStore);
      for (const scheme of ['Bearer', 'bearer', 'BEARER', 'bEaReR']) {
        const { response } = await get('/v1/sets?limit=1', { authorization: `${scheme} ${key}` });
        assert.equal(response.status, 200, scheme);
      }
    });

    it('Used grows by one per request answered 200, 400 or 404, and the headers describe the key\'s month', async () => {
      const key = await issueKey(server.accessStore);
      const expected: Array<[string, number]> = [
        ['/v1/sets?limit=2', 200], ['/v1/sets?id=en-base1', 200], ['/v1/cards?id=en-base1-4', 200],
        ['/v1/cards?set=en-base1&limit=3', 200], ['/v1/cards?q=pikachu', 200], ['/v1/sets?limit=0', 400],
        ['/v1/cards', 400], ['/v1/cards?q=x', 400], ['/v1/sets?id=en-nope', 404], ['/v1/cards?id=en-nope-1', 404],
        ['/v1/cards/named?fuzzy=charzard', 200], ['/v1/cards/named?exact=nope', 404], ['/v1/cards/named', 400],
        ['/v1/cards/autocomplete?q=pi', 200], ['/v1/cards/autocomplete?q=p', 200], ['/v1/cards/autocomplete?q=', 400],
      ];
      let used = 0;
      for (const [path, status] of expected) {
        const { response, body } = await get(path, bearer(key));
        used += 1;
        assert.equal(response.status, status, path);
        if (status !== 200) assert.deepEqual(Object.keys(body as object), path.includes('named') && status === 404 ? ['error', 'code', 'candidates'] : ['error', 'code'], path);
        assert.deepEqual(rateLimitOf(response), { limit: 1000, used, remaining: 1000 - used, reset: MONTH_RESET, retryAfter: null }, path);
      }
      assert.equal(await usedBy(key), expected.length);
    });

    it('401 and 429 are not counted', async () => {
      const key = await issueKey(server.accessStore, { tier: 'paid', monthlyLimit: 2 });
      const statuses = [];
      for (let i = 0; i < 4; i++) statuses.push((await get('/v1/sets', bearer(key))).response.status);
      statuses.push((await get('/v1/sets', { authorization: `Bearer ${key}x` })).response.status);
      assert.deepEqual(statuses, [200, 200, 429, 429, 401]);
      assert.equal(await usedBy(key), 2);
    });

    it('checks run 401, then 429, then 400, then 404', async () => {
      const spent = await issueKey(server.accessStore, { tier: 'paid', monthlyLimit: 1 });
      await get('/v1/sets', bearer(spent));
      const fresh = await issueKey(server.accessStore);
      const status = async (path: string, headers: Record<string, string>) => (await get(path, headers)).response.status;
      assert.equal(await status('/v1/cards?q=x&limit=0', {}), 401, 'no key beats a bad parameter');
      assert.equal(await status('/v1/cards?id=en-nope-1', {}), 401, 'no key beats not found');
      assert.equal(await status('/v1/cards?q=x&limit=0', bearer(spent)), 429, 'a spent quota beats a bad parameter');
      assert.equal(await status('/v1/sets?id=en-nope', bearer(spent)), 429, 'a spent quota beats not found');
      assert.equal(await status('/v1/sets?id=en-nope&limit=0', bearer(fresh)), 400, 'a bad parameter beats not found');
    });

    it('429 carries Retry-After until 00:00 UTC on the 1st and the key\'s spent month', async () => {
      const key = await issueKey(server.accessStore, { tier: 'paid', monthlyLimit: 1 });
      await get('/v1/sets', bearer(key));
      const { response, body } = await get('/v1/sets', bearer(key));
      assert.equal(response.status, 429);
      assert.match((body as { error: string }).error, /resets at 2026-06-01T00:00:00Z/);
      assert.equal((body as { code: string }).code, 'quota_exceeded');
      assert.deepEqual(rateLimitOf(response), {
        limit: 1, used: 1, remaining: 0, reset: MONTH_RESET, retryAfter: String(MONTH_RESET - unixSeconds('2026-05-20T08:00:00Z')),
      });
    });

    it('a revoked key is 401 on its next request', async () => {
      const key = await issueKey(server.accessStore);
      assert.equal((await get('/v1/sets', bearer(key))).response.status, 200);
      await server.accessStore.revokeKeys({ keyHash: hashKey(key) }, new Date().toISOString());
      assert.equal((await get('/v1/sets', bearer(key))).response.status, 401);
    });

    it('an unlimited key answers with X-RateLimit-Limit 2147483647 and counts its requests', async () => {
      const key = await issueKey(server.accessStore, { tier: 'internal', monthlyLimit: null });
      await get('/v1/sets', bearer(key));
      const { response } = await get('/v1/sets', bearer(key));
      assert.deepEqual(rateLimitOf(response), {
        limit: 2_147_483_647, used: 2, remaining: 2_147_483_645, reset: MONTH_RESET, retryAfter: null,
      });
    });

    it('responses without a key need none elsewhere and carry the unkeyed headers: /healthz, /openapi.json, 404, 405, preflight', async () => {
      const key = await issueKey(server.accessStore);
      for (const [method, path, status] of [
        ['GET', '/healthz', 200], ['GET', '/openapi.json', 200], ['GET', '/v2/nothing', 404],
        ['DELETE', '/v1/sets', 405], ['POST', '/v1/cards', 405], ['OPTIONS', '/v1/sets', 204],
      ] as const) {
        const headers: Record<string, string> = method === 'OPTIONS'
          ? { origin: 'https://example.org', 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization' }
          : bearer(key);
        const response = await fetch(`${server.baseUrl}${path}`, { method, headers });
        assert.equal(response.status, status, `${method} ${path}`);
        assert.deepEqual(rateLimitOf(response), UNKEYED, `${method} ${path}`);
      }
      assert.equal(await usedBy(key), 0);
    });

    it('every response exposes the rate-limit headers to browsers', async () => {
      const response = await fetch(`${server.baseUrl}/v1/sets`, { headers: { origin: 'https://example.org' } });
      const exposed = (response.headers.get('access-control-expose-headers') ?? '').toLowerCase();
      for (const name of ['x-ratelimit-limit', 'x-ratelimit-used', 'x-ratelimit-remaining', 'x-ratelimit-reset', 'retry-after']) {
        assert.ok(exposed.includes(name), name);
      }
    });
  });

  describe(`rate-limit headers on a 500 (${store})`, await onStore(store), () => {
    it('a keyed request that fails inside is 500 "internal error" with the key\'s headers, and counted', async () => {
      const failing = (store: CatalogStore): CatalogStore => Object.assign(Object.create(store) as CatalogStore, {
        listSets: async () => { throw new Error('disk on fire'); },
      });
      const server = await startServer({ store, wrapCatalog: failing, now: () => new Date('2026-05-20T08:00:00Z') });
      try {
        const key = await issueKey(server.accessStore);
        const { response, body } = await fetchJson(`${server.baseUrl}/v1/sets`, { headers: bearer(key) });
        assert.equal(response.status, 500);
        assert.deepEqual(body, { error: 'internal error', code: 'internal' });
        assert.deepEqual(rateLimitOf(response), { limit: 1000, used: 1, remaining: 999, reset: MONTH_RESET, retryAfter: null });
      } finally {
        await server.close();
      }
    });
  });
}
