import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { RunningServer } from '../support/catalogServer.js';
import { startFullCatalogServer } from '../support/fullCatalogServer.js';
import { needsPostgres } from '../support/postgres.js';
import { needsSharedDump } from '../support/shared.js';

/*
 * /v1's `query` on PostgreSQL, over the German catalog imported through the server's own store:
 * the same index, its pages read from PostgreSQL by search order. What a query should find comes
 * from the name search and the filters, never from the query engine.
 */

const words = (text: string) => text.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean);

interface CardList {
  data: Array<{ id: string; name: string; hp: string | number | null }>;
  pagination: { total: number; has_more: boolean; total_is_estimate: boolean };
}

const skip = needsSharedDump().skip || (await needsPostgres()).skip;

describe('/v1/cards?query= on PostgreSQL', { skip }, () => {
  let server: RunningServer;
  const get = async (parameters: string) => (await server.get(`/v1/cards?${parameters}`)) as { status: number; body: CardList & { code: string; error: string } };
  const every = async (parameters: string) => {
    const found: CardList['data'] = [];
    for (let offset = 0; ; offset += 200) {
      const { status, body } = await get(`${parameters}&limit=200&offset=${offset}`);
      assert.equal(status, 200, JSON.stringify(body));
      found.push(...body.data);
      if (!body.pagination.has_more) return found;
    }
  };

  before(async () => {
    server = await startFullCatalogServer('postgres', ['de']);
  });
  after(async () => {
    await server?.close();
  });

  it('name:glurak finds the cards the name search finds with the word Glurak', async () => {
    const searched = (await every('q=glurak&lang=de')).filter((card) => words(card.name).includes('glurak'));
    assert.ok(searched.length > 20, `${searched.length}`);
    const found = await every(`query=${encodeURIComponent('name:glurak')}`);
    assert.deepEqual(found.map((card) => card.id).sort(), searched.map((card) => card.id).sort());
  });

  it('a keyword counts what its filter counts, and a range orders by hp', async () => {
    const filtered = (await get('regulation_mark=H&limit=1')).body.pagination.total;
    assert.ok(filtered > 10, `${filtered}`);
    const { body } = await get(`query=${encodeURIComponent('regulation_mark:h')}&limit=1`);
    assert.equal(body.pagination.total, filtered);
    assert.equal(body.pagination.total_is_estimate, false);
    const ranged = await every(`query=${encodeURIComponent('hp:[200 TO *] regulation_mark:h')}&order=-hp`);
    assert.ok(ranged.length > 0 && ranged.length < filtered, `${ranged.length} of ${filtered}`);
    const hps = ranged.map((card) => Number(card.hp));
    assert.ok(hps.every((hp) => hp >= 200), hps.join());
    assert.deepEqual(hps, [...hps].sort((a, b) => b - a));
  });

  it('set.code takes the codes players write, as set_code does: PR-SW is the SWSH promos, pal is PAL', async () => {
    const promos = await every('set_code=PR-SW');
    assert.ok(promos.length > 50, `${promos.length}`);
    assert.deepEqual((await every(`query=${encodeURIComponent('set.code:PR-SW')}`)).map((card) => card.id).sort(), promos.map((card) => card.id).sort());
    assert.equal((await get(`query=${encodeURIComponent('!set.code:pr-sw')}&limit=1`)).body.pagination.total, promos.length);
    const pal = (await get('set_code=PAL&limit=1')).body.pagination.total;
    assert.ok(pal > 100, `${pal}`);
    assert.equal((await get(`query=${encodeURIComponent('set.code:pal')}&limit=1`)).body.pagination.total, pal);
  });

  it('a query that cannot be read is a 400 invalid_query naming the position', async () => {
    const { status, body } = await get(`query=${encodeURIComponent('name:glurak OR')}`);
    assert.equal(status, 400);
    assert.equal(body.code, 'invalid_query');
    assert.match(body.error, /^query: expected a term after "OR" at 15/);
  });
});
