import assert from 'node:assert/strict';
import { readFileSync, renameSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import Database from 'better-sqlite3';
import pg from 'pg';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { encodeCursor } from '../../src/catalog/changes/changesFeed.js';
import { ERROR_CODE_META } from '../../src/mcp/toolResult.js';
import { ERROR_CODE_NAMES, ERROR_CODES, type ErrorCode } from '../../src/vocabulary/errorCodes.js';
import { requestFrom } from '../support/http.js';
import { bearer } from '../support/keys.js';
import { modernSdk, needsInspector } from '../support/inspector.js';
import { McpHarness } from '../support/mcpHarness.js';
import { NAME_CATALOG } from '../support/nameFixture.js';
import { rawRequest } from '../support/rawHttp.js';
import { onStore, STORE_KINDS, type StoreKind } from '../support/stores.js';

/*
 * Every code of the list (schemas/errorCodes.ts) comes from a real request over loopback, with the
 * status the list documents beside it; a code nobody can produce, or one added without a request
 * here, fails the last test. The store's own failures (an outage, a bug) on both stores; MCP tool
 * errors carry the same codes, read through the official SDK client.
 */

const STORES = await Promise.all(STORE_KINDS.map(async (store) => [store, await onStore(store)] as const));
const REFERENCE = readFileSync(path.join(import.meta.dirname, '../../../docs/reference.md'), 'utf8');
const produced = new Set<ErrorCode>();

/** The answer is the contract's error body with `code`, and the list documents that code with the answer's status. */
function assertCode(code: ErrorCode, status: number, body: unknown, what: string = code): void {
  assert.equal(status, ERROR_CODES[code].status, `${what}: status`);
  const { error, code: given, ...rest } = body as { error?: unknown; code?: unknown };
  assert.equal(given, code, `${what}: ${JSON.stringify(body)}`);
  assert.ok(typeof error === 'string' && error.length > 0, `${what}: a sentence`);
  assert.deepEqual(Object.keys(rest).filter((name) => name !== 'candidates'), [], `${what}: nothing but error, code (and a lookup's candidates)`);
  produced.add(code);
}

const textOf = (result: CallToolResult) => (result.content[0] as { text: string }).text;

describe('every error code of the list, each from a real request', () => {
  describe('the REST API and the HTTP server (SQLite)', () => {
    let harness: McpHarness;
    let key: string;
    let port: number;
    const get = async (pathAndQuery: string, headers: Record<string, string> = bearer(key)) => {
      const response = await fetch(new URL(pathAndQuery, harness.baseUrl), { headers });
      return { status: response.status, body: await response.json() as unknown, headers: response.headers };
    };
    const send = async (method: string, pathAndQuery: string, body: string, headers: Record<string, string>) => {
      const response = await fetch(new URL(pathAndQuery, harness.baseUrl), { method, headers, body });
      return { status: response.status, body: await response.json() as unknown };
    };
    const json = { 'content-type': 'application/json' };

    before(async () => {
      harness = await McpHarness.start({
        unkeyedRequestsPerMinute: 20,
        connectionLimits: { headersTimeoutMs: 300, requestTimeoutMs: 600, checkIntervalMs: 50 },
      });
      key = await harness.issueKey();
      port = Number(new URL(harness.baseUrl).port);
      // Names of which a short one fits several equally (cardNames.test.ts reads the same).
      await harness.server.catalogStore.replaceCatalog(NAME_CATALOG);
      await harness.server.bulk.refresh();
    });
    after(async () => harness.close());

    it('400: invalid_parameter, invalid_query, unknown_set_code, not_json, malformed_path, malformed_request, bad_request', async () => {
      const limit = await get('/v1/sets?limit=0');
      assertCode('invalid_parameter', limit.status, limit.body);
      const both = await get('/v1/cards?id=en-base1-4&q=char');
      assertCode('invalid_parameter', both.status, both.body, 'exactly one of id, set, q');
      const setCode = await get('/v1/cards?set_code=SVX');
      assertCode('unknown_set_code', setCode.status, setCode.body);
      const query = await get('/v1/cards?query=hp%3A');
      assertCode('invalid_query', query.status, query.body);
      assert.match((query.body as { error: string }).error, /^query: expected a value after "hp:" at 4/);
      const broken = await send('POST', '/v1/keys', '{"email":', json);
      assertCode('not_json', broken.status, broken.body);
      const text = await send('POST', '/v1/keys', 'email=a@example.com', { 'content-type': 'text/plain' });
      assertCode('not_json', text.status, text.body, 'a body sent as text');
      const percent = await get('/v1/cards%zz');
      assertCode('malformed_path', percent.status, percent.body);
      const garbage = await rawRequest(port, 'GET /v1/sets HTTP/1.1\r\nHost 127.0.0.1\r\n\r\n');
      assertCode('malformed_request', garbage.status, JSON.parse(garbage.body));
      // A NUL in a reference page's file name: the static file server refuses it, and we answer its refusal so.
      const nul = await get('/docs/reference/static/a%00b', {});
      assertCode('bad_request', nul.status, nul.body);
    });

    it('401: missing_key, malformed_key, invalid_key', async () => {
      const missing = await get('/v1/sets', {});
      assertCode('missing_key', missing.status, missing.body);
      const malformed = await get('/v1/sets', { authorization: `Token ${key}` });
      assertCode('malformed_key', malformed.status, malformed.body);
      const unknown = await get('/v1/sets', bearer(`tcgk_${'A'.repeat(32)}`));
      assertCode('invalid_key', unknown.status, unknown.body);
    });

    it('404: not_found, ambiguous_name, unknown_path', async () => {
      for (const pathAndQuery of ['/v1/sets?id=en-nope', '/v1/cards?id=en-base1-999', '/v1/cards/named?fuzzy=xyzzy', '/v1/bulk/00000000-0000-4000-8000-000000000000/en.cards.json']) {
        const { status, body } = await get(pathAndQuery);
        assertCode('not_found', status, body, pathAndQuery);
      }
      const ambiguous = await get('/v1/cards/named?fuzzy=char');
      assertCode('ambiguous_name', ambiguous.status, ambiguous.body);
      assert.ok((ambiguous.body as { candidates: string[] }).candidates.length > 1);
      const nowhere = await get('/v1/nothing');
      assertCode('unknown_path', nowhere.status, nowhere.body);
    });

    it('405 method_not_allowed, 408 request_timeout, 409 email_in_use, 410 cursor_gone', async () => {
      const wrong = await send('DELETE', '/v1/cards', '', {});
      assertCode('method_not_allowed', wrong.status, wrong.body);
      // Headers that never end: the server answers once the headers timeout is past.
      const slow = await rawRequest(port, 'GET /v1/sets HTTP/1.1\r\nHost: 127.0.0.1\r\n', 5_000);
      assertCode('request_timeout', slow.status, JSON.parse(slow.body));
      const email = JSON.stringify({ email: 'twice@example.com' });
      assert.equal((await requestFrom('127.0.0.21', `${harness.baseUrl}/v1/keys`, { method: 'POST', headers: json, body: email })).status, 201);
      const again = await requestFrom('127.0.0.21', `${harness.baseUrl}/v1/keys`, { method: 'POST', headers: json, body: email });
      assertCode('email_in_use', again.status, again.body);
      const otherDatabase = await get(`/v1/changes?since=${encodeCursor({ epoch: '00000000-0000-4000-8000-000000000000', seq: 0 })}`);
      assertCode('cursor_gone', otherDatabase.status, otherDatabase.body);
    });

    it('413 body_too_large, 414 path_too_long, 415 unsupported_media_type, 416 range_not_satisfiable', async () => {
      const big = await send('POST', '/v1/keys', JSON.stringify({ email: 'big@example.com', source: 'x'.repeat(17 * 1024) }), json);
      assertCode('body_too_large', big.status, big.body);
      const long = await get(`/v1/bulk/${'v'.repeat(200)}/en.cards.json`);
      assertCode('path_too_long', long.status, long.body);
      // A body on a path that takes none, in a type no parser reads.
      const xml = await send('PUT', '/v1/cards', '<card/>', { 'content-type': 'application/xml' });
      assertCode('unsupported_media_type', xml.status, xml.body);
      const { data } = (await get('/v1/bulk')).body as { data: Array<{ url: string; size: number }> };
      const file = data[0]!;
      const outside = await get(new URL(file.url).pathname, { ...bearer(key), range: `bytes=${file.size + 10}-` });
      assertCode('range_not_satisfiable', outside.status, outside.body);
    });

    it('429: quota_exceeded, key_limit_reached, rate_limited', async () => {
      const spent = await harness.issueKey({ monthlyLimit: 1 });
      assert.equal((await get('/v1/sets?limit=1', bearer(spent))).status, 200);
      const quota = await get('/v1/sets?limit=1', bearer(spent));
      assertCode('quota_exceeded', quota.status, quota.body);
      let created;
      for (let i = 0; i < 4; i++) {
        created = await requestFrom('127.0.0.22', `${harness.baseUrl}/v1/keys`, { method: 'POST', headers: json, body: JSON.stringify({ email: `day${i}@example.com` }) });
      }
      assertCode('key_limit_reached', created!.status, created!.body);
      let flooded;
      for (let i = 0; i < 21; i++) flooded = await requestFrom('127.0.0.23', `${harness.baseUrl}/v1/sets`);
      assertCode('rate_limited', flooded!.status, flooded!.body);
    });

    it('431 headers_too_large', async () => {
      const response = await rawRequest(port, `GET /v1/sets HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: ${'b'.repeat(17 * 1024)}\r\nConnection: close\r\n\r\n`);
      assertCode('headers_too_large', response.status, JSON.parse(response.body));
    });

    it('MCP tool errors carry the code REST gives the same request, read by the official SDK client', async () => {
      const session = await harness.connect(key);
      try {
        const cases: Array<[string, Record<string, unknown>, ErrorCode]> = [
          ['list_sets', { limit: 0 }, 'invalid_parameter'],
          ['search_cards', { colour: 'red', q: 'pikachu' }, 'invalid_parameter'],
          ['search_cards', { set_code: 'SVX' }, 'unknown_set_code'],
          ['search_cards', { query: 'nmae:pikachu' }, 'invalid_query'],
          ['get_card', { id: 'en-base1-999' }, 'not_found'],
          ['find_card', { name: 'char' }, 'ambiguous_name'],
          ['find_card', { name: 'xyzzy' }, 'not_found'],
          ['check_deck', { list: 'Pokémon: 0' }, 'invalid_parameter'],
        ];
        for (const [tool, args, code] of cases) {
          const { result } = await session.call(tool, args);
          assert.equal(result.isError, true, tool);
          assert.equal(result.structuredContent, undefined, 'the output schema describes answers only');
          assert.equal(result._meta?.[ERROR_CODE_META], code, `${tool} ${JSON.stringify(args)}: ${textOf(result)}`);
        }
        const again = await session.call('get_api_key', { email: 'twice@example.com' });
        assert.equal(again.result._meta?.[ERROR_CODE_META], 'email_in_use', textOf(again.result));
        const spentKey = await harness.issueKey({ monthlyLimit: 1 });
        const spent = await harness.connect(spentKey);
        try {
          assert.notEqual((await spent.call('list_sets', { limit: 1 })).result.isError, true);
          const refused = await spent.call('list_sets', { limit: 1 });
          assert.equal(refused.result._meta?.[ERROR_CODE_META], 'quota_exceeded', textOf(refused.result));
        } finally {
          await spent.close();
        }
      } finally {
        await session.close();
      }
    });
    it('the SDK client 2.x, on revision 2026-07-28, reads the same code', needsInspector(), async () => {
      const { Client, StreamableHTTPClientTransport } = modernSdk();
      const client = new Client({ name: 'tcg-catalog-tests', version: '1.0.0' }, { versionNegotiation: { mode: { pin: '2026-07-28' } } });
      await client.connect(new StreamableHTTPClientTransport(new URL('/mcp', harness.baseUrl), { requestInit: { headers: bearer(key) } }));
      try {
        assert.equal(client.getProtocolEra(), 'modern');
        const result = await client.callTool({ name: 'get_card', arguments: { id: 'en-base1-999' } }) as CallToolResult;
        assert.equal(result.isError, true);
        assert.equal(result._meta?.[ERROR_CODE_META], 'not_found', textOf(result));
      } finally {
        await client.close();
      }
    });
  });

  for (const [store, skipping] of STORES) {
    describe(`the store's failures, REST and MCP (${store})`, skipping, () => {
      // Each answer reads the store: nothing kept in memory in front of it.
      let harness: McpHarness;
      let key: string;
      before(async () => {
        harness = await McpHarness.start({ store, storeOptions: { catalogCacheBytes: 0, statementTimeoutMs: 300 } });
        key = await harness.issueKey();
      });
      after(async () => harness?.close());

      it('503 unavailable: the database does not answer (REST, /healthz and a tool call)', async () => {
        const session = await harness.connect(key);
        const outage = await databaseOutage(store, harness);
        try {
          const rest = await answerOnceRefused(() => harness.rest('/v1/cards?id=en-base1-4', { key }));
          assertCode('unavailable', rest.status, rest.body);
          // A person on the card's page gets a page that says so, in REST's words.
          const page = await answerOnceRefused(() => fetch(new URL('/cards/en-base1-4', harness.baseUrl)));
          assert.equal(page.status, 503);
          assert.equal(page.headers.get('content-type'), 'text/html; charset=utf-8');
          assert.match(await page.text(), /<h1[^>]*>The catalog is not answering<\/h1>[\s\S]*<p class="error" role="alert">the service is unavailable; try again shortly<\/p>/);
          if (store === 'sqlite') {
            // PostgreSQL's health check reads no table, so a locked one does not stop it.
            const health = await harness.rest('/healthz');
            assertCode('unavailable', health.status, health.body, '/healthz');
          } else {
            // Only the cards are locked: the key is checked, and the tool's read fails as REST's does.
            const { result } = await session.call('get_card', { id: 'en-base1-4' });
            assert.equal(result._meta?.[ERROR_CODE_META], 'unavailable', textOf(result));
          }
        } finally {
          await outage.end();
          await session.close();
        }
        assert.equal((await harness.rest('/v1/cards?id=en-base1-4', { key })).status, 200, 'answered again once the database is back');
      });

      it('500 internal: a failure of the service itself (a table gone from under it), in REST and in a tool call', async () => {
        const session = await harness.connect(key);
        await renameTable(store, harness, 'sets', 'sets_away');
        try {
          const rest = await harness.rest('/v1/sets?limit=1', { key });
          assertCode('internal', rest.status, rest.body);
          assert.equal((rest.body as { error: string }).error, 'internal error', 'nothing of the database\'s words');
          const { result } = await session.call('list_sets', { limit: 1 });
          assert.equal(result._meta?.[ERROR_CODE_META], 'internal', textOf(result));
        } finally {
          await renameTable(store, harness, 'sets_away', 'sets');
          await session.close();
        }
      });
    });
  }

  it('produced every code of the list, each with its documented status', () => {
    assert.deepEqual(ERROR_CODE_NAMES.filter((code) => !produced.has(code)), []);
  });
});

describe('the list of codes is documented', () => {
  it('docs/reference.md has one table row per code, with its status, and no other', () => {
    const rows = [...REFERENCE.matchAll(/^\| `([a-z_]+)` \| (\d{3}) \|/gm)].map(([, code, status]) => [code, Number(status)]);
    assert.deepEqual(rows, Object.entries(ERROR_CODES).map(([code, { status }]) => [code, status]));
  });

  it('the OpenAPI document lists them in ErrorCode, and every error response\'s code refers to it', async () => {
    const harness = await McpHarness.start();
    try {
      const doc = (await harness.rest('/openapi.json')).body as any;
      assert.deepEqual(doc.components.schemas.ErrorCode.enum, ERROR_CODE_NAMES);
      for (const code of ERROR_CODE_NAMES) assert.ok(doc.components.schemas.ErrorCode.description.includes(`\`${code}\``), code);
      let errorResponses = 0;
      for (const [route, methods] of Object.entries(doc.paths as Record<string, Record<string, any>>)) {
        for (const [method, operation] of Object.entries(methods)) {
          for (const [status, response] of Object.entries(operation.responses as Record<string, any>)) {
            const schema = response.content?.['application/json']?.schema;
            // OAuth's errors are RFC 6749's, /v2's pokemontcg.io's (DECISIONS.md): shapes of their own.
            if (Number(status) < 400 || !schema?.properties?.error || route.startsWith('/oauth') || route.startsWith('/v2/')) continue;
            errorResponses += 1;
            const code = schema.properties.code;
            assert.ok(code?.$ref === '#/components/schemas/ErrorCode' || code?.enum?.every((c: string) => ERROR_CODE_NAMES.includes(c as ErrorCode)),
              `${method.toUpperCase()} ${route} ${status}: ${JSON.stringify(code)}`);
            assert.ok(schema.required.includes('code'), `${method.toUpperCase()} ${route} ${status}: code is required`);
          }
        }
      }
      assert.ok(errorResponses > 20, `${errorResponses} error responses`);
    } finally {
      await harness.close();
    }
  });
});

/** The first answer other than a 200 within 5 s: a store notices a lost file at its next check. */
async function answerOnceRefused<T extends { status: number }>(ask: () => Promise<T>): Promise<T> {
  const until = Date.now() + 5_000;
  for (;;) {
    const answer = await ask();
    if (answer.status !== 200 || Date.now() > until) return answer;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The database made not to answer, in the way each store meets it in production, until end(). */
async function databaseOutage(store: StoreKind, harness: McpHarness): Promise<{ end(): Promise<void> }> {
  if (store === 'postgres') {
    // The cards held locked from a connection of its own: a read waits past the statement timeout.
    const client = new pg.Client({ connectionString: harness.server.databaseUrl });
    await client.connect();
    await client.query('BEGIN');
    await client.query('LOCK TABLE cards IN ACCESS EXCLUSIVE MODE');
    return { end: async () => { await client.query('ROLLBACK'); await client.end(); } };
  }
  // The folder of the SQLite files moved away (a lost volume), and back.
  const folder = harness.server.dir;
  renameSync(folder, `${folder}.away`);
  return { end: async () => renameSync(`${folder}.away`, folder) };
}

async function renameTable(store: StoreKind, harness: McpHarness, from: string, to: string): Promise<void> {
  if (store === 'postgres') {
    const client = new pg.Client({ connectionString: harness.server.databaseUrl });
    await client.connect();
    try {
      await client.query(`ALTER TABLE ${from} RENAME TO ${to}`);
    } finally {
      await client.end();
    }
    return;
  }
  const db = new Database(harness.server.databaseUrl.replace(/^file:/, ''));
  try {
    db.exec(`ALTER TABLE ${from} RENAME TO ${to}`);
  } finally {
    db.close();
  }
}
