import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { generateKey } from '../../src/access/keyFormat.js';
import { DEFAULT_UNKEYED_REQUESTS_PER_MINUTE } from '../../src/config.js';
import { requestFrom, type RawAnswer } from '../support/http.js';
import { bearer, issueKey } from '../support/keys.js';
import { startServer, type TestServer } from '../support/server.js';
import { onStore, STORE_KINDS } from '../support/stores.js';

// Each client is its own loopback address (127.0.0.0/8 all reaches the server on 127.0.0.1).
const LIMIT = 20;
const MCP_HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-11-25' };
const toolCall = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'get_card', arguments: { id: 'en-base1-4' } } });
const statusesOf = (answers: RawAnswer[]) => answers.map((a) => a.status);
const count = (statuses: number[], status: number) => statuses.filter((s) => s === status).length;

for (const store of STORE_KINDS) {
  describe(`requests without a valid key, per address (${store})`, await onStore(store), () => {
    let server: TestServer;
    let key: string;
    const get = (from: string, path: string, headers: Record<string, string> = {}) =>
      requestFrom(from, `${server.baseUrl}${path}`, { headers });

    before(async () => {
      server = await startServer({ store, unkeyedRequestsPerMinute: LIMIT });
      key = await issueKey(server.accessStore);
    });
    after(async () => server.close());

    it('an address flooding without a key gets the JSON 429 with the headers, while another address is answered as before', async () => {
      const [flood, other] = await Promise.all([
        Promise.all(Array.from({ length: 120 }, () => get('127.0.0.2', '/v1/sets?limit=1'))),
        Promise.all(Array.from({ length: 30 }, (_, i) => (i % 2
          ? get('127.0.0.3', '/v1/sets?limit=1', bearer(key))
          : get('127.0.0.3', '/v1/sets?limit=1')))),
      ]);
      assert.deepEqual([count(statusesOf(flood), 401), count(statusesOf(flood), 429)], [LIMIT, 120 - LIMIT]);
      assert.deepEqual([count(statusesOf(other), 200), count(statusesOf(other), 401)], [15, 15], 'the other address: 15 keyed, 15 unkeyed');

      const refused = flood.find((a) => a.status === 429)!;
      assert.deepEqual(Object.keys(refused.body as object), ['error', 'code']);
      assert.equal((refused.body as { code: string }).code, 'rate_limited');
      assert.match((refused.body as { error: string }).error, /too many requests without a valid API key from this address \(at most 20 a minute\)/);
      assert.equal(refused.headers['x-ratelimit-limit'], String(LIMIT));
      assert.equal(refused.headers['x-ratelimit-used'], String(LIMIT));
      assert.equal(refused.headers['x-ratelimit-remaining'], '0');
      const retryAfter = Number(refused.headers['retry-after']);
      assert.ok(retryAfter >= 1 && retryAfter <= 60, `Retry-After ${retryAfter}`);
      const reset = Number(refused.headers['x-ratelimit-reset']);
      // When it was answered: the rest of the flood may take seconds more on a busy machine.
      assert.ok(Math.abs(reset - (refused.receivedAt / 1000 + retryAfter)) <= 2, `X-RateLimit-Reset ${reset} is Unix seconds of the window's end`);
      assert.equal(refused.headers['access-control-allow-origin'], '*');
      assert.match(String(refused.headers['content-type']), /^application\/json/);
    });

    it('the throttled address is refused everything that has no valid key; a valid key, preflights and /healthz still pass', async () => {
      await Promise.all(Array.from({ length: LIMIT }, () => get('127.0.0.4', '/openapi.json')));
      const unknownKey = bearer(generateKey());
      const refusedNow = await Promise.all([
        get('127.0.0.4', '/v1/cards?id=en-base1-4'),
        get('127.0.0.4', '/v1/cards?id=en-base1-4', unknownKey),
        get('127.0.0.4', '/openapi.json'),
        get('127.0.0.4', '/no/such/path'),
        requestFrom('127.0.0.4', `${server.baseUrl}/v1/keys`, {
          method: 'POST', headers: { 'content-type': 'application/json', ...bearer(key) }, body: JSON.stringify({ email: 'late@example.test' }),
        }),
        requestFrom('127.0.0.4', `${server.baseUrl}/mcp`, { method: 'POST', headers: MCP_HEADERS, body: toolCall }),
      ]);
      assert.deepEqual(statusesOf(refusedNow), [429, 429, 429, 429, 429, 429]);

      const keyed = await get('127.0.0.4', '/v1/cards?id=en-base1-4', bearer(key));
      assert.equal(keyed.status, 200);
      assert.equal(keyed.headers['x-ratelimit-limit'], '1000', 'a keyed answer describes the key\'s month');
      const mcp = await requestFrom('127.0.0.4', `${server.baseUrl}/mcp`, { method: 'POST', headers: { ...MCP_HEADERS, ...bearer(key) }, body: toolCall });
      assert.equal(mcp.status, 200);
      assert.equal((mcp.body as { result: { isError?: boolean } }).result.isError, undefined);
      assert.equal((await get('127.0.0.4', '/healthz')).status, 200);
      const preflight = await requestFrom('127.0.0.4', `${server.baseUrl}/v1/cards`, {
        method: 'OPTIONS', headers: { origin: 'https://app.example', 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization' },
      });
      assert.equal(preflight.status, 204);
    });

    it('requests with a valid key never count: 100 of them, then the address still has its whole allowance', async () => {
      const keyed = await Promise.all(Array.from({ length: 100 }, () => get('127.0.0.5', '/v1/sets?limit=1', bearer(key))));
      assert.deepEqual(count(statusesOf(keyed), 200), 100);
      const unkeyed = await Promise.all(Array.from({ length: LIMIT + 1 }, () => get('127.0.0.5', '/v1/sets?limit=1')));
      assert.deepEqual([count(statusesOf(unkeyed), 401), count(statusesOf(unkeyed), 429)], [LIMIT, 1]);
    });

    it('unknown or revoked keys count: REST 401s, then 429s', async () => {
      const revoked = await issueKey(server.accessStore, { email: 'revoked@example.test' });
      await server.accessStore.revokeKeys({ email: 'revoked@example.test' }, new Date().toISOString());
      const answers = [];
      for (let i = 0; i < LIMIT + 2; i++) answers.push(await get('127.0.0.6', '/v1/sets', bearer(i % 2 ? revoked : generateKey())));
      assert.deepEqual(statusesOf(answers), [...Array<number>(LIMIT).fill(401), 429, 429]);
      assert.equal((await get('127.0.0.6', '/v1/sets?limit=1', bearer(key))).status, 200);
    });

    it('MCP tool calls with an unknown key count too: after the limit the address gets 429 on /mcp', async () => {
      const answers = [];
      for (let i = 0; i < LIMIT; i++) {
        answers.push(await requestFrom('127.0.0.7', `${server.baseUrl}/mcp`, {
          method: 'POST', headers: { ...MCP_HEADERS, ...bearer(generateKey()) }, body: toolCall,
        }));
      }
      assert.deepEqual(new Set(statusesOf(answers)), new Set([401]), 'each an HTTP 401 with the OAuth challenge');
      assert.ok(answers.every((a) => 'error' in (a.body as object)), 'each a JSON-RPC error');
      const next = await requestFrom('127.0.0.7', `${server.baseUrl}/mcp`, {
        method: 'POST', headers: { ...MCP_HEADERS, ...bearer(generateKey()) }, body: toolCall,
      });
      assert.equal(next.status, 429);
      assert.deepEqual(Object.keys(next.body as object), ['error', 'code']);
      assert.equal((next.body as { code: string }).code, 'rate_limited');
    });

    it('key creation counts whatever the request carries', async () => {
      const answers = [];
      for (let i = 0; i < LIMIT + 1; i++) {
        answers.push(await requestFrom('127.0.0.8', `${server.baseUrl}/v1/keys`, {
          method: 'POST', headers: { 'content-type': 'application/json', ...bearer(key) }, body: '{"email": "not an address"}',
        }));
      }
      assert.deepEqual(statusesOf(answers), [...Array<number>(LIMIT).fill(400), 429]);
    });
  });
}

describe('the throttle\'s setting', () => {
  it(`protects by default: the ${DEFAULT_UNKEYED_REQUESTS_PER_MINUTE + 1}th request without a key in a minute from one address is 429`, async () => {
    const server = await startServer();
    try {
      const answers = await Promise.all(Array.from({ length: DEFAULT_UNKEYED_REQUESTS_PER_MINUTE + 1 }, () =>
        requestFrom('127.0.0.9', `${server.baseUrl}/v1/sets`)));
      assert.deepEqual([count(statusesOf(answers), 401), count(statusesOf(answers), 429)], [DEFAULT_UNKEYED_REQUESTS_PER_MINUTE, 1]);
    } finally {
      await server.close();
    }
  });

  it('0 turns it off', async () => {
    const server = await startServer({ unkeyedRequestsPerMinute: 0 });
    try {
      const answers = await Promise.all(Array.from({ length: DEFAULT_UNKEYED_REQUESTS_PER_MINUTE + 1 }, () =>
        requestFrom('127.0.0.10', `${server.baseUrl}/v1/sets`)));
      assert.equal(count(statusesOf(answers), 401), DEFAULT_UNKEYED_REQUESTS_PER_MINUTE + 1);
    } finally {
      await server.close();
    }
  });
});
