import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import fc from 'fast-check';
import { EXACTLY_ONE, EXACTLY_ONE_WITH_IDS, FILTERS_NOT_WITH_ID } from '../../src/routes/cards.js';
import { CardsQuery, SetsQuery } from '../../src/schemas/queries.js';
import { AutocompleteQuery, NamedCardQuery } from '../../src/schemas/names.js';
import { EXACTLY_ONE_NAME } from '../../src/routes/cardNames.js';
import { issueKey } from '../support/keys.js';
import { rawRequest } from '../support/rawHttp.js';
import { startServer, type TestServer } from '../support/server.js';
import { onStore, STORE_KINDS } from '../support/stores.js';
import { assertContractAnswer, errorMessage, isHttpLevel, namesParameter, usageOf } from './contract.js';
import { fuzz } from './fuzzRun.js';
import { queryPairs, queryString } from './hostileInput.js';

/** Each route with its parameters and queries it answers with 200 on the demo catalog, for the fuzzer to spoil one parameter of. */
const ROUTES = [
  { path: '/v1/sets', schema: SetsQuery.properties, parameters: Object.keys(SetsQuery.properties),
    bases: [{}, { lang: 'en' }, { limit: '2', offset: '1' }, { id: 'en-base1' }] },
  { path: '/v1/cards', schema: CardsQuery.properties, parameters: Object.keys(CardsQuery.properties),
    bases: [{ id: 'en-base1-4' }, { ids: 'en-base1-4,fr-base1-4' }, { set: 'en-base1', limit: '5' }, { q: 'pika', lang: 'en' },
      { type: 'Fire' }, { set: 'en-base1', number: '4' }, { q: 'char', offset: '1' }, { artist: 'Mitsuhiro Arita', set_code: 'BS' }] },
  { path: '/v1/cards/named', schema: NamedCardQuery.properties, parameters: Object.keys(NamedCardQuery.properties),
    bases: [{ fuzzy: 'charzard' }, { exact: 'Glurak', lang: 'de' }, { fuzzy: 'pika', set_code: 'BS' }] },
  { path: '/v1/cards/autocomplete', schema: AutocompleteQuery.properties, parameters: Object.keys(AutocompleteQuery.properties),
    bases: [{ q: 'pika' }, { q: 'gl', lang: 'de' }] },
] as const;
/** The sentences of /v1/cards that name the parameters at fault together rather than one of them. */
const COMBINATION_SENTENCES = [EXACTLY_ONE, EXACTLY_ONE_WITH_IDS, FILTERS_NOT_WITH_ID, EXACTLY_ONE_NAME];

type Caller = 'valid' | 'exhausted' | 'unknown' | 'none';

for (const store of STORE_KINDS) {
  describe(`every query parameter of every route, fuzzed (${store})`, await onStore(store), () => {
    let server: TestServer;
    let port: number;
    const keys = {} as Record<Exclude<Caller, 'none'>, string>;

    before(async () => {
      server = await startServer({ store });
      port = Number(new URL(server.baseUrl).port);
      keys.valid = await issueKey(server.accessStore, { tier: 'internal', monthlyLimit: null });
      keys.exhausted = await issueKey(server.accessStore, { monthlyLimit: 1 });
      keys.unknown = `tcgk_${'A'.repeat(32)}`;
      assert.equal((await fetch(`${server.baseUrl}/v1/sets?limit=1`, { headers: { authorization: `Bearer ${keys.exhausted}` } })).status, 200);
    });
    after(async () => { await server.close(); });

    it('never a 5xx; every error the contract JSON naming the parameter; rate-limit headers always; 401 and 429 never counted', async (t) => {
      const before = await usageOf(server.accessStore, keys.valid);
      let answeredWithValidKey = 0;
      const statuses = new Map<number, number>();
      const request = fc.record({
        route: fc.constantFrom(...ROUTES),
        trailingSlash: fc.nat(9).map((n) => n === 0),
        caller: fc.constantFrom<Caller>('valid', 'valid', 'valid', 'valid', 'valid', 'valid', 'valid', 'exhausted', 'unknown', 'none'),
      }).chain((r) => queryPairs(r.route.schema, r.route.bases).map((pairs) => ({ ...r, pairs })));

      await fuzz(t, request, async ({ route, trailingSlash, caller, pairs }) => {
        const target = Buffer.concat([Buffer.from(`GET ${route.path}${trailingSlash ? '/' : ''}?`), queryString(pairs)]);
        const authorization = caller === 'none' ? '' : `Authorization: Bearer ${keys[caller]}\r\n`;
        const response = await rawRequest(port, Buffer.concat([target,
          Buffer.from(` HTTP/1.1\r\nHost: 127.0.0.1\r\n${authorization}Connection: close\r\n\r\n`)]));
        const what = `${caller} ${target.toString('latin1').slice(0, 300)}`;
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
        assertContractAnswer(response, what);
        if (isHttpLevel(response)) return;
        if (caller === 'none' || caller === 'unknown') assert.equal(response.status, 401, what);
        else if (caller === 'exhausted') assert.equal(response.status, 429, what);
        else {
          answeredWithValidKey += 1;
          assert.ok([200, 400, 404].includes(response.status), `${what}: ${response.status}`);
          if (response.status === 400) {
            const message = errorMessage(response);
            assert.ok(namesParameter(message, route.parameters, COMBINATION_SENTENCES), `${what}: "${message}" names no parameter`);
          }
        }
      }, 300);
      t.diagnostic(`answers by status: ${[...statuses].sort(([a], [b]) => a - b).map(([s, n]) => `${s}×${n}`).join(', ')}`);

      const afterwards = await usageOf(server.accessStore, keys.valid);
      assert.equal(afterwards.used - before.used, answeredWithValidKey, 'every answer with the valid key counted once, nothing else');
      assert.equal((await usageOf(server.accessStore, keys.exhausted)).used, 1, 'a 429 is never counted');
      assert.equal(afterwards.keys, before.keys, 'no key appeared');
    });
  });
}
