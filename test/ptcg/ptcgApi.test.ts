import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { RunningServer } from '../support/catalogServer.js';
import { startFullCatalogServer } from '../support/fullCatalogServer.js';
import { needsSharedDump } from '../support/shared.js';

/* /v2 as pokemontcg.io's users' apps call it, on the full English catalog (SQLite): envelopes, ids, paging, keys, errors. */

describe("pokemontcg.io's API at /v2: envelopes, ids, paging, keys and errors", needsSharedDump(), () => {
  let server: RunningServer;
  const raw = (path: string, headers: Record<string, string> = {}) => fetch(`${server.baseUrl}${path}`, { headers });

  before(async () => {
    server = await startFullCatalogServer('sqlite', ['en']);
  });
  after(async () => {
    await server?.close();
  });

  it("answers each id the issue names, with our id beside theirs, and /v1 names theirs back", async () => {
    const ids: Array<[string, string]> = [
      ['base1-4', 'en-base1-4'], ['sv3pt5-6', 'en-sv03.5-006'], ['swsh12pt5-160', 'en-swsh12.5-160'],
      ['swshp-SWSH001', 'en-swshp-SWSH001'], ['hsp-HGSS01', 'en-hgssp-HGSS01'], ['base6-3', 'en-lc-3'], ['zsv10pt5-1', 'en-sv10.5b-001'],
    ];
    for (const [theirs, ours] of ids) {
      const { status, body } = await server.get(`/v2/cards/${theirs}`);
      assert.equal(status, 200, `${theirs}: ${JSON.stringify(body)}`);
      assert.deepEqual(Object.keys(body), ['data']);
      assert.equal(body.data.id, theirs);
      assert.equal(body.data.catalogId, ours, theirs);
      const v1 = await server.get(`/v1/cards?id=${ours}`);
      assert.equal(v1.body.data.pokemontcg_io_id, theirs, ours);
    }
    const set = await server.get('/v1/sets?id=en-sv03.5');
    assert.equal(set.body.data.pokemontcg_io_id, 'sv3pt5');
  });

  it('a list is {data, page, pageSize, count, totalCount} in that order; a page past the end is data []', async () => {
    const { status, body } = await server.get('/v2/cards?q=set.id:base1&pageSize=10&page=2');
    assert.equal(status, 200);
    assert.deepEqual(Object.keys(body), ['data', 'page', 'pageSize', 'count', 'totalCount']);
    assert.deepEqual([body.page, body.pageSize, body.count, body.totalCount], [2, 10, 10, 102]);
    assert.equal(body.data[0].id, 'base1-11');
    const past = await server.get('/v2/cards?q=set.id:base1&page=99');
    assert.equal(past.status, 200);
    assert.deepEqual(past.body, { data: [], page: 99, pageSize: 250, count: 0, totalCount: 102 });
  });

  it('takes pagesize and orderby in lower case, and + for a space', async () => {
    const lower = await server.get('/v2/cards?q=set.id:base1&pagesize=5&orderby=-number');
    assert.equal(lower.body.pageSize, 5);
    assert.deepEqual(lower.body.data.map((card: any) => card.number), ['102', '101', '100', '99', '98']);
    const plus = await server.get('/v2/cards?q=name:charizard+set.id:base1');
    assert.deepEqual(plus.body.data.map((card: any) => card.id), ['base1-4']);
  });

  it('select returns the fields named, in the record\'s order, and leaves out those it does not serve', async () => {
    const { body } = await server.get('/v2/cards/base1-4?select=name,id,tcgplayer');
    assert.deepEqual(body, { data: { id: 'base1-4', name: 'Charizard' } });
    const list = await server.get('/v2/sets?q=id:base1&select=id,releaseDate');
    assert.deepEqual(list.body.data, [{ id: 'base1', releaseDate: '1999/01/09' }]);
  });

  it('without orderBy cards come by set release date, then set, then number; sets by release date', async () => {
    const first = (await server.get('/v2/cards?pageSize=250')).body.data;
    const dates = first.map((card: any) => card.set.releaseDate);
    assert.deepEqual(dates, [...dates].sort());
    const base = first.filter((card: any) => card.set.id === 'base1').map((card: any) => card.id);
    assert.deepEqual(base.slice(0, 3), ['base1-1', 'base1-2', 'base1-3']);
    assert.ok(first.findIndex((card: any) => card.id === 'base1-10') > first.findIndex((card: any) => card.id === 'base1-9'), 'numbers as numbers');
    const sets = (await server.get('/v2/sets')).body.data;
    const setDates = sets.map((set: any) => set.releaseDate);
    assert.deepEqual(setDates, [...setDates].sort());
    const ids = sets.map((set: any) => set.id);
    assert.ok(ids.indexOf('base1') < ids.indexOf('base2') && ids.indexOf('base2') < ids.indexOf('sv3pt5'));
  });

  it('the four vocabularies are {data: [...]}', async () => {
    for (const name of ['types', 'subtypes', 'supertypes', 'rarities']) {
      const { status, body } = await server.get(`/v2/${name}`);
      assert.equal(status, 200, name);
      assert.deepEqual(Object.keys(body), ['data'], name);
      assert.ok(body.data.length > 2 && body.data.every((value: unknown) => typeof value === 'string'), name);
    }
  });

  it('a key in X-Api-Key or as a Bearer token counts on the same quota; no key is a 401 in their shape', async () => {
    const bearer = await raw('/v2/types', { authorization: `Bearer ${server.key}` });
    const byHeader = await raw('/v2/types', { 'x-api-key': server.key });
    assert.equal(byHeader.status, 200);
    assert.equal(Number(byHeader.headers.get('x-ratelimit-used')), Number(bearer.headers.get('x-ratelimit-used')) + 1);
    const none = await raw('/v2/cards/base1-4');
    assert.equal(none.status, 401);
    const refusal = await none.json() as any;
    assert.deepEqual(Object.keys(refusal.error), ['message', 'code']);
    assert.equal(refusal.error.code, 401);
    assert.ok(none.headers.get('x-ratelimit-limit'));
    const wrong = await raw('/v2/cards/base1-4', { 'x-api-key': 'not-a-key' });
    assert.equal(wrong.status, 401);
    assert.equal(((await wrong.json()) as any).error.code, 401);
  });

  it('errors are {error: {message, code}} with the status as a number', async () => {
    const cases: Array<[string, number]> = [
      ['/v2/cards/nope-1', 404], ['/v2/sets/nope', 404], ['/v2/cards?pageSize=251', 400], ['/v2/cards?page=0', 400],
      ['/v2/nothing', 404], ['/v2/cards?q=hp:', 400],
    ];
    for (const [path, status] of cases) {
      const response = await server.get(path);
      assert.equal(response.status, status, path);
      assert.deepEqual(Object.keys(response.body), ['error'], path);
      assert.deepEqual(Object.keys(response.body.error), ['message', 'code'], path);
      assert.equal(response.body.error.code, status, path);
      assert.equal(typeof response.body.error.message, 'string');
    }
    const v1 = await server.get('/v1/cards?id=nope');
    assert.equal(typeof v1.body.error, 'string', '/v1 keeps its own shape');
  });

  it("a browser's preflight may send X-Api-Key", async () => {
    const response = await fetch(`${server.baseUrl}/v2/cards`, {
      method: 'OPTIONS',
      headers: { origin: 'https://app.example', 'access-control-request-method': 'GET', 'access-control-request-headers': 'x-api-key' },
    });
    assert.ok(response.status === 204 || response.status === 200);
    assert.match(response.headers.get('access-control-allow-headers') ?? '', /x-api-key/i);
  });

  it('is in the OpenAPI document under a tag of its own', async () => {
    const doc = (await raw('/openapi.json')).json() as Promise<any>;
    const { paths, tags } = await doc;
    assert.ok(tags.some((tag: any) => tag.name === 'pokemontcg.io v2'));
    for (const path of ['/v2/cards', '/v2/cards/{id}', '/v2/sets', '/v2/sets/{id}', '/v2/types', '/v2/subtypes', '/v2/supertypes', '/v2/rarities']) {
      assert.deepEqual(paths[path]?.get?.tags, ['pokemontcg.io v2'], path);
    }
  });
});
