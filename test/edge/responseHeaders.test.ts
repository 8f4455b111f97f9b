import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { LATEST_PROTOCOL_VERSION } from '@modelcontextprotocol/sdk/types.js';
import type { CatalogStore } from '../../src/catalog/catalogStore.js';
import { EXPOSED_HEADERS } from '../../src/edge/cors.js';
import { StoreUnavailableError } from '../../src/storeUnavailable.js';
import { startCatalogServer, type RunningServer } from '../support/catalogServer.js';
import { rawRequest } from '../support/rawHttp.js';
import { onStore, STORE_KINDS } from '../support/stores.js';

/** Requests without a valid key one address may make per minute here: the 429 is met in a few requests. */
const UNKEYED_PER_MINUTE = 3;
const API_POLICY = "default-src 'none';frame-ancestors 'none'";
/** The headers helmet sends unless told not to, which no answer of ours carries. */
const NEVER_SENT = [
  'strict-transport-security', 'cross-origin-embedder-policy', 'cross-origin-opener-policy', 'cross-origin-resource-policy',
  'origin-agent-cluster', 'x-dns-prefetch-control', 'x-download-options', 'x-permitted-cross-domain-policies', 'x-xss-protection',
  'x-powered-by',
];
const RATE_LIMIT = ['x-ratelimit-limit', 'x-ratelimit-used', 'x-ratelimit-remaining', 'x-ratelimit-reset'];

type Kind = 'api' | 'page';
interface Answer { status: number; headers: Map<string, string> }

/** The header set every answer carries, whatever answered it; a page's policy is its own, with X-Frame-Options. */
function assertEveryAnswerHeaders(answer: Answer, what: string, kind: Kind = 'api'): void {
  const { headers } = answer;
  assert.match(headers.get('x-request-id') ?? '', /^[A-Za-z0-9._:-]+$/, `${what}: X-Request-Id`);
  for (const name of RATE_LIMIT) assert.match(headers.get(name) ?? '', /^\d+$/, `${what}: ${name}`);
  assert.equal(headers.get('access-control-allow-origin'), '*', `${what}: CORS`);
  assert.equal(headers.get('access-control-expose-headers'), EXPOSED_HEADERS.join(', '), `${what}: CORS`);
  assert.equal(headers.get('x-content-type-options'), 'nosniff', `${what}: nosniff`);
  assert.equal(headers.get('referrer-policy'), 'no-referrer', `${what}: no referrer`);
  const policy = headers.get('content-security-policy') ?? '';
  if (kind === 'api') {
    assert.equal(policy, API_POLICY, `${what}: the API's policy`);
    assert.equal(headers.get('x-frame-options'), undefined, `${what}: frame-ancestors says it`);
  } else {
    assert.match(policy, /^default-src 'none';.*;frame-ancestors 'none'$/, `${what}: a page's policy`);
    assert.notEqual(policy, API_POLICY, `${what}: a page's policy`);
    assert.equal(headers.get('x-frame-options'), 'DENY', `${what}: X-Frame-Options`);
  }
  for (const name of NEVER_SENT) assert.equal(headers.get(name), undefined, `${what}: no ${name}`);
}

function headerMap(headers: Headers): Map<string, string> {
  return new Map([...headers]);
}

for (const store of STORE_KINDS) {
  describe(`every answer carries the same headers: rate limits, CORS, security, request id (${store})`, await onStore(store), () => {
    let server: RunningServer;
    let port: number;
    let addresses = 0;
    before(async () => {
      server = await startCatalogServer({ store, trustProxy: true, unkeyedRequestsPerMinute: UNKEYED_PER_MINUTE });
      port = Number(new URL(server.baseUrl).port);
    });
    after(async () => { await server.close(); });

    /** A request from an address of its own, so the per-address throttle refuses only what is meant to meet it. */
    async function send(path: string, init: RequestInit = {}, from = `10.0.${addresses >> 8}.${addresses++ & 255}`): Promise<Answer & { body: string }> {
      const response = await fetch(server.baseUrl + path, { ...init, headers: { 'x-forwarded-for': from, ...init.headers as Record<string, string> } });
      return { status: response.status, headers: headerMap(response.headers), body: await response.text() };
    }
    const keyed = () => ({ authorization: `Bearer ${server.key}` });

    it('every operation of the OpenAPI document, called with a key', async () => {
      const document = JSON.parse((await send('/openapi.json')).body) as { paths: Record<string, Record<string, unknown>> };
      const operations = Object.entries(document.paths).flatMap(([path, methods]) => Object.keys(methods).map((method) => [method.toUpperCase(), path] as const));
      assert.ok(operations.length >= 15, 'the document lists the API');
      for (const [method, template] of operations) {
        const path = template.replace('{version}', 'v0').replace('{file}', 'cards-en.json.gz');
        const query = method === 'GET' && path === '/v1/cards' ? '?id=en-base1-4' : '';
        const init: RequestInit = method === 'GET' ? { headers: keyed() }
          : { method, headers: { ...keyed(), 'content-type': 'application/json' }, body: '{}' };
        const answer = await send(path + query, init);
        assert.ok(answer.status < 500, `${method} ${path}: ${answer.status}`);
        // OAuth's sign-in page is a page, with a policy of its own.
        const kind = answer.headers.get('content-type')?.startsWith('text/html') ? 'page' : 'api';
        assertEveryAnswerHeaders(answer, `${method} ${path} (${answer.status})`, kind);
      }
    });

    it('a catalog answer, its HEAD, its 304 and a preflight', async () => {
      const first = await send('/v1/cards?id=en-base1-4', { headers: keyed() });
      assert.equal(first.status, 200);
      assertEveryAnswerHeaders(first, 'GET /v1/cards');
      const head = await send('/v1/cards?id=en-base1-4', { method: 'HEAD', headers: keyed() });
      assertEveryAnswerHeaders(head, 'HEAD /v1/cards');
      const again = await send('/v1/cards?id=en-base1-4', { headers: { ...keyed(), 'if-none-match': first.headers.get('etag')! } });
      assert.equal(again.status, 304);
      assertEveryAnswerHeaders(again, '304 /v1/cards');
      const preflight = await send('/v1/cards', { method: 'OPTIONS', headers: {
        origin: 'https://example.org', 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization' } });
      assert.equal(preflight.status, 204);
      assertEveryAnswerHeaders(preflight, 'OPTIONS /v1/cards');
    });

    it('the pages, the home page and the reference\'s files', async () => {
      for (const path of ['/search?q=charizard', '/search', '/cards/en-base1-4', '/sets/en-base1', '/decks', '/cards/en-nothing-1']) {
        const answer = await send(path, { headers: { accept: 'text/html' } });
        assert.ok([200, 404].includes(answer.status), `${path}: ${answer.status}`);
        assertEveryAnswerHeaders(answer, `${path} (${answer.status})`, 'page');
      }
      assertEveryAnswerHeaders(await send('/', { headers: { accept: 'text/html' } }), 'the home page', 'page');
      assertEveryAnswerHeaders(await send('/', { headers: { accept: 'application/json' } }), 'the JSON index');
      assertEveryAnswerHeaders(await send('/docs/reference/static/swagger-initializer.js'), 'Swagger UI\'s files', 'page');
      assertEveryAnswerHeaders(await send('/docs/assets/home.css'), 'the home page\'s files');
    });

    it('/mcp: an answer, a 401 challenge, a 405, a 415', async () => {
      const post = (body: unknown, headers: Record<string, string> = {}) => send('/mcp', {
        method: 'POST', body: JSON.stringify(body),
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
      });
      const initialize = await post({ jsonrpc: '2.0', id: 1, method: 'initialize',
        params: { protocolVersion: LATEST_PROTOCOL_VERSION, capabilities: {}, clientInfo: { name: 'raw', version: '1' } } });
      assert.equal(initialize.status, 200);
      assertEveryAnswerHeaders(initialize, 'MCP initialize');
      const call = await post({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'get_card', arguments: { id: 'en-base1-4' } } }, keyed());
      assert.equal(call.status, 200);
      assertEveryAnswerHeaders(call, 'MCP tools/call');
      const challenged = await post({ jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'get_card', arguments: { id: 'en-base1-4' } } });
      assert.equal(challenged.status, 401);
      assertEveryAnswerHeaders(challenged, 'MCP 401');
      const get = await send('/mcp');
      assert.equal(get.status, 405);
      assertEveryAnswerHeaders(get, 'GET /mcp');
      const text = await send('/mcp', { method: 'POST', headers: { 'content-type': 'text/plain' }, body: '{}' });
      assert.equal(text.status, 415);
      assertEveryAnswerHeaders(text, 'MCP 415');
    });

    it('an error of each kind: 400, 401, 404, 405, 413, 415, 429, the router\'s refusal', async () => {
      const cases: Array<[string, RequestInit, number, Kind?]> = [
        ['/v1/sets?limit=0', { headers: keyed() }, 400],
        ['/search?lang=xx', {}, 400, 'page'],
        ['/v1/sets', {}, 401],
        ['/v1/sets', { headers: { authorization: 'Bearer tcg_live_unknownunknownunknownunknown' } }, 401],
        ['/nope', {}, 404],
        ['/v1/sets', { method: 'DELETE' }, 405],
        ['/v1/keys', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: `${'a'.repeat(17 * 1024)}@example.org` }) }, 413],
        ['/decks', { method: 'POST', headers: { 'content-type': 'application/xml' }, body: '<list/>' }, 415, 'page'],
        ['/decks', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: `list=${'x'.repeat(300 * 1024)}` }, 413, 'page'],
        ['/healthz%', {}, 400],
        ['/v1/cards%zz', { headers: keyed() }, 400],
      ];
      for (const [path, init, status, kind] of cases) {
        const answer = await send(path, init);
        assert.equal(answer.status, status, `${init.method ?? 'GET'} ${path}`);
        assertEveryAnswerHeaders(answer, `${status} ${init.method ?? 'GET'} ${path}`, kind);
      }
      const from = '10.9.9.9';
      for (let i = 0; i < UNKEYED_PER_MINUTE; i++) await send('/v1/sets', {}, from);
      const throttled = await send('/v1/sets', {}, from);
      assert.equal(throttled.status, 429);
      assert.match(throttled.headers.get('retry-after') ?? '', /^\d+$/);
      assertEveryAnswerHeaders(throttled, '429 GET /v1/sets');
      const page = await send('/search?q=pikachu', { headers: { accept: 'text/html' } }, from);
      assert.equal(page.status, 429);
      assertEveryAnswerHeaders(page, '429 /search', 'page');
    });

    it('what node:http refuses before any route: 431 and a malformed request', async () => {
      const tooLarge = await rawRequest(port, `GET /v1/sets HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: ${'b'.repeat(17 * 1024)}\r\nConnection: close\r\n\r\n`);
      assert.equal(tooLarge.status, 431);
      assertEveryAnswerHeaders(tooLarge, '431');
      const malformed = await rawRequest(port, 'HELLO\r\n\r\n');
      assert.equal(malformed.status, 400);
      assertEveryAnswerHeaders(malformed, 'malformed');
    });
  });
}

for (const store of STORE_KINDS) {
  describe(`an answer while the database does not answer carries them too (${store})`, await onStore(store), () => {
    let server: RunningServer;
    before(async () => {
      const unreachable = (catalog: CatalogStore): CatalogStore => Object.assign(Object.create(catalog) as CatalogStore, {
        listSets: async () => { throw new StoreUnavailableError(new Error('connection refused')); },
      });
      server = await startCatalogServer({ store, wrapCatalog: unreachable });
    });
    after(async () => { await server.close(); });

    it('503', async () => {
      const response = await fetch(`${server.baseUrl}/v1/sets`, { headers: { authorization: `Bearer ${server.key}` } });
      await response.arrayBuffer();
      assert.equal(response.status, 503);
      assertEveryAnswerHeaders({ status: response.status, headers: headerMap(response.headers) }, '503 GET /v1/sets');
    });
  });
}
