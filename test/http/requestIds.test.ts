import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { LATEST_PROTOCOL_VERSION } from '@modelcontextprotocol/sdk/types.js';
import type { CatalogStore } from '../../src/catalog/catalogStore.js';
import { StoreUnavailableError } from '../../src/storeUnavailable.js';
import { LogCapture } from '../support/childProcess.js';
import { bearer, issueKey } from '../support/keys.js';
import { startServer, type TestServer } from '../support/server.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const MCP_POST = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
const INITIALIZE = JSON.stringify({
  jsonrpc: '2.0', id: 1, method: 'initialize',
  params: { protocolVersion: LATEST_PROTOCOL_VERSION, capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
});

describe('X-Request-Id', () => {
  let server: TestServer;
  let key: string;
  const idOf = async (path: string, init: RequestInit = {}) => {
    const response = await fetch(server.baseUrl + path, init);
    await response.arrayBuffer();
    return { status: response.status, id: response.headers.get('x-request-id') };
  };

  before(async () => {
    server = await startServer();
    key = await issueKey(server.accessStore);
  });
  after(() => server.close());

  it('every answer carries a new id: keyed, refused, not found, wrong method, keys, preflight, MCP', async () => {
    const answers = [
      await idOf('/v1/cards?id=en-base1-4', { headers: bearer(key) }),
      await idOf('/v1/cards?id=en-base1-4'),
      await idOf('/v1/sets?limit=0', { headers: bearer(key) }),
      await idOf('/nowhere'),
      await idOf('/v1/sets', { method: 'DELETE' }),
      await idOf('/v1/keys', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"email":"ids@example.test"}' }),
      await idOf('/v1/keys', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"email":' }),
      await idOf('/healthz'),
      await idOf('/openapi.json'),
      await idOf('/v1/cards', { method: 'OPTIONS', headers: { origin: 'https://app.example', 'access-control-request-method': 'GET' } }),
      await idOf('/mcp', { method: 'POST', headers: MCP_POST, body: INITIALIZE }),
      await idOf('/mcp', { method: 'POST', headers: MCP_POST, body: '{not json' }),
      await idOf('/mcp'),
    ];
    assert.deepEqual(answers.map((a) => a.status), [200, 401, 400, 404, 405, 201, 400, 200, 200, 204, 200, 400, 405]);
    for (const { id } of answers) assert.match(id ?? '', UUID);
    assert.equal(new Set(answers.map((a) => a.id)).size, answers.length, 'each id once');
  });

  it('keeps a valid incoming id (1 to 128 of A-Z a-z 0-9 . _ : -), on REST and MCP alike', async () => {
    for (const given of ['a', 'req-42', 'Trace.ID_7:span-9', 'x'.repeat(128), '0f8fad5b-d9cb-469f-a165-70867728950e']) {
      assert.equal((await idOf('/v1/sets?limit=1', { headers: { ...bearer(key), 'x-request-id': given } })).id, given);
      assert.equal((await idOf('/nowhere', { headers: { 'x-request-id': given } })).id, given);
      assert.equal((await idOf('/mcp', { method: 'POST', headers: { ...MCP_POST, 'x-request-id': given }, body: INITIALIZE })).id, given);
    }
  });

  it('replaces an invalid one with a new id: too long, empty, spaces, other characters, two of them', async () => {
    for (const given of ['x'.repeat(129), ' ', 'two words', 'semi;colon', 'quote"d', '<script>', 'a/b']) {
      const { id } = await idOf('/nowhere', { headers: { 'x-request-id': given } });
      assert.match(id ?? '', UUID, JSON.stringify(given));
    }
    const twice = new Headers([['x-request-id', 'first'], ['x-request-id', 'second']]);
    assert.match((await idOf('/nowhere', { headers: twice })).id ?? '', UUID, 'two ids, joined by a comma, are not one id');
  });

  it('browsers may read it: CORS exposes X-Request-Id', async () => {
    const response = await fetch(`${server.baseUrl}/v1/sets`, { headers: { origin: 'https://app.example', ...bearer(key) } });
    await response.arrayBuffer();
    assert.match(response.headers.get('access-control-expose-headers') ?? '', /(^|, )X-Request-Id(,|$)/);
  });
});

describe('the request id on every log line of its request', () => {
  const logs = new LogCapture();
  let server: TestServer;

  before(async () => {
    const unreachable = (store: CatalogStore): CatalogStore => Object.assign(Object.create(store) as CatalogStore, {
      listSets: async () => { throw new StoreUnavailableError(new Error('connection refused')); },
    });
    server = await startServer({ logs, wrapCatalog: unreachable });
  });
  after(() => server.close());

  it('the outage\'s warning and the request line of a 503 both carry its id', async () => {
    const key = await issueKey(server.accessStore);
    const response = await fetch(`${server.baseUrl}/v1/sets`, { headers: { ...bearer(key), 'x-request-id': 'trace-me-503' } });
    await response.arrayBuffer();
    assert.equal(response.status, 503);
    assert.equal(response.headers.get('x-request-id'), 'trace-me-503');
    const lines = logs.text.trim().split('\n').map((line) => JSON.parse(line) as { reqId?: string; msg: string; level: number });
    const warning = lines.filter((line) => line.msg === 'the database does not answer');
    assert.equal(warning.length, 1);
    assert.equal(warning[0]!.reqId, 'trace-me-503');
    assert.deepEqual(lines.filter((line) => line.reqId === 'trace-me-503').map((line) => line.msg), ['the database does not answer', 'request']);
  });
});
