import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { LATEST_PROTOCOL_VERSION } from '@modelcontextprotocol/sdk/types.js';
import { CHALLENGE_MESSAGES, UNAUTHORIZED_CODE } from '../../src/mcp/keyChallenge.js';
import { LIST_CACHE_HINT } from '../../src/mcp/mcpServer.js';
import { McpHarness } from '../support/mcpHarness.js';
import { TEST_PUBLIC_BASE_URL } from '../support/server.js';

/*
 * Revision 2026-07-28 on /mcp, driven with raw JSON-RPC as its spec writes the requests: no
 * initialize, the revision and the client's capabilities in every request's params._meta, and the
 * routing headers (MCP-Protocol-Version, Mcp-Method, Mcp-Name) mirroring the body.
 */

const MODERN_PROTOCOL_VERSION = '2026-07-28';
const ENVELOPE = {
  'io.modelcontextprotocol/protocolVersion': MODERN_PROTOCOL_VERSION,
  'io.modelcontextprotocol/clientInfo': { name: 'raw-modern', version: '1.0.0' },
  'io.modelcontextprotocol/clientCapabilities': {},
};
const SERVER_INFO_KEY = 'io.modelcontextprotocol/serverInfo';
/** The revision's error codes for a request refused before it runs. */
const HEADER_MISMATCH = -32020;
const UNSUPPORTED_PROTOCOL_VERSION = -32022;

interface ModernRequest { id?: number | string; method: string; params?: Record<string, unknown>; meta?: Record<string, unknown> }

/** A 2026-07-28 request: the body with its envelope, and the headers a conforming client sends with it. */
function modern({ id = 1, method, params = {}, meta = ENVELOPE }: ModernRequest): { body: unknown; headers: Record<string, string> } {
  const headers: Record<string, string> = { 'mcp-protocol-version': MODERN_PROTOCOL_VERSION, 'mcp-method': method };
  if (method === 'tools/call') headers['mcp-name'] = String(params.name);
  return { body: { jsonrpc: '2.0', id, method, params: { ...params, _meta: meta } }, headers };
}

type Body = { result?: Record<string, any>; error?: { code: number; message: string; data?: any }; id?: unknown };

describe('MCP revision 2026-07-28 beside 2025-11-25 on the same /mcp', () => {
  let harness: McpHarness;
  let key: string;
  const send = async (request: ModernRequest, headers: Record<string, string> = {}) => {
    const { body, headers: own } = modern(request);
    const answer = await harness.post(body, { ...own, ...headers });
    return { ...answer, body: answer.body as Body };
  };

  before(async () => {
    harness = await McpHarness.start();
    key = await harness.issueKey();
  });
  after(() => harness.close());

  test('server/discover without initialize: the revision, tools, instructions, identity and cache hints', async () => {
    const answer = await send({ method: 'server/discover' });
    assert.equal(answer.status, 200);
    assert.equal(answer.headers.get('mcp-session-id'), null);
    const result = answer.body.result!;
    assert.equal(result.resultType, 'complete');
    // The SDK lists the revisions served per request; the 2025 ones are reached by initialize (the last test).
    assert.deepEqual(result.supportedVersions, [MODERN_PROTOCOL_VERSION]);
    assert.deepEqual(result.capabilities, { tools: { listChanged: false } });
    assert.match(result.instructions, /get_api_key/);
    assert.deepEqual(result._meta[SERVER_INFO_KEY], { name: 'tcg-catalog', title: 'Pokémon TCG Catalog', version: '1.0.0' });
    assert.equal(result.ttlMs, LIST_CACHE_HINT.ttlMs);
    assert.equal(result.cacheScope, LIST_CACHE_HINT.cacheScope);
  });

  test('tools/list without initialize lists the tools 2025-11-25 lists, with resultType and the cache hints', async () => {
    const answer = await send({ method: 'tools/list' });
    assert.equal(answer.status, 200);
    const legacy = await harness.post({ jsonrpc: '2.0', id: 2, method: 'tools/list' }, { 'mcp-protocol-version': LATEST_PROTOCOL_VERSION });
    const legacyTools = (legacy.body as Body).result!.tools;
    assert.deepEqual(answer.body.result!.tools, legacyTools);
    assert.equal(legacyTools.length, 8);
    assert.equal(answer.body.result!.resultType, 'complete');
    assert.equal(answer.body.result!.ttlMs, 3_600_000);
    assert.equal(answer.body.result!.cacheScope, 'public');
    assert.equal(answer.body.result!._meta[SERVER_INFO_KEY].name, 'tcg-catalog');
    // The 2025 answer is as it was: none of the revision's fields.
    assert.equal((legacy.body as Body).result!.ttlMs, undefined);
  });

  test('a keyed tool called with the key answers as 2025-11-25 does, counted once against the key\'s month', async () => {
    const call = { name: 'get_card', arguments: { id: 'en-base1-4' } };
    const answer = await send({ id: 'card', method: 'tools/call', params: call }, { authorization: `Bearer ${key}` });
    assert.equal(answer.status, 200);
    assert.equal(answer.body.id, 'card');
    const result = answer.body.result!;
    assert.equal(result.resultType, 'complete');
    assert.equal(result._meta[SERVER_INFO_KEY].name, 'tcg-catalog');
    assert.equal(result.isError, undefined);
    assert.equal(answer.headers.get('x-ratelimit-used'), '1');
    const legacy = await harness.post({ jsonrpc: '2.0', id: 3, method: 'tools/call', params: call },
      { authorization: `Bearer ${key}`, 'mcp-protocol-version': LATEST_PROTOCOL_VERSION });
    const { _meta: _revisionMeta, resultType: _type, ...rest } = result;
    assert.deepEqual(rest, (legacy.body as Body).result);
    assert.equal(legacy.headers.get('x-ratelimit-used'), '2');
  });

  test('a keyed tool without a key still gets HTTP 401 with the OAuth challenge, nothing counted', async () => {
    const answer = await send({ id: 9, method: 'tools/call', params: { name: 'search_cards', arguments: { q: 'pikachu' } } });
    assert.equal(answer.status, 401);
    assert.equal(answer.headers.get('www-authenticate'),
      `Bearer resource_metadata="${TEST_PUBLIC_BASE_URL}/.well-known/oauth-protected-resource/mcp"`);
    assert.deepEqual(answer.body, { jsonrpc: '2.0', error: { code: UNAUTHORIZED_CODE, message: CHALLENGE_MESSAGES.keyMissing }, id: 9 });
  });

  test('get_api_key needs no key on 2026-07-28 either', async () => {
    const answer = await send({ method: 'tools/call', params: { name: 'get_api_key', arguments: { email: 'modern@example.com' } } });
    assert.equal(answer.status, 200);
    assert.match(answer.body.result!.structuredContent.key, /^tcgk_/);
  });

  test('an Mcp-Name header that names another tool than the body: 400, HeaderMismatch in one sentence, nothing run', async () => {
    const answer = await send({ id: 4, method: 'tools/call', params: { name: 'get_card', arguments: { id: 'en-base1-4' } } },
      { authorization: `Bearer ${key}`, 'mcp-name': 'get_set' });
    assert.equal(answer.status, 400);
    assert.equal(answer.body.id, 4);
    assert.equal(answer.body.error!.code, HEADER_MISMATCH);
    assert.match(answer.body.error!.message, /the body carries params\.name="get_card" but the Mcp-Name header names "get_set"/);
    // No access decision was made: the headers are the unkeyed defaults, the key's month untouched.
    assert.equal(answer.headers.get('x-ratelimit-used'), '0');
  });

  test('an Mcp-Method header that names another method than the body: 400, HeaderMismatch', async () => {
    const answer = await send({ id: 5, method: 'tools/list' }, { 'mcp-method': 'tools/call' });
    assert.equal(answer.status, 400);
    assert.equal(answer.body.error!.code, HEADER_MISMATCH);
    assert.match(answer.body.error!.message, /the body names method tools\/list but the Mcp-Method header names tools\/call/);
    assert.equal(answer.body.id, 5);
  });

  test('an MCP-Protocol-Version header that disagrees with the body\'s revision: 400, HeaderMismatch', async () => {
    const answer = await send({ method: 'tools/list' }, { 'mcp-protocol-version': LATEST_PROTOCOL_VERSION });
    assert.equal(answer.status, 400);
    assert.equal(answer.body.error!.code, HEADER_MISMATCH);
    assert.match(answer.body.error!.message, /protocol version 2026-07-28 but the MCP-Protocol-Version header names 2025-11-25/);
  });

  for (const header of ['mcp-protocol-version', 'mcp-method', 'mcp-name']) {
    test(`a tools/call without its ${header} header: 400, HeaderMismatch saying what to send`, async () => {
      const { body, headers } = modern({ method: 'tools/call', params: { name: 'get_api_key', arguments: { email: 'h@example.com' } } });
      delete headers[header];
      const answer = await harness.post(body, headers);
      assert.equal(answer.status, 400);
      const { error } = answer.body as Body;
      assert.equal(error!.code, HEADER_MISMATCH);
      assert.match(error!.message, /the required \S+ header is absent$/i);
    });
  }

  test('an Mcp-Name sent in the Base64 sentinel form is decoded before it is compared', async () => {
    const name = `=?base64?${Buffer.from('get_set').toString('base64')}?=`;
    const answer = await send({ method: 'tools/call', params: { name: 'get_set', arguments: { id: 'en-base1' } } },
      { authorization: `Bearer ${key}`, 'mcp-name': name });
    assert.equal(answer.status, 200);
    assert.equal(answer.body.result!.structuredContent.data.id, 'en-base1');
    const broken = await send({ method: 'tools/call', params: { name: 'get_set', arguments: { id: 'en-base1' } } },
      { authorization: `Bearer ${key}`, 'mcp-name': '=?base64?not base64?=' });
    assert.equal(broken.status, 400);
    assert.equal(broken.body.error!.code, HEADER_MISMATCH);
  });

  test('a revision the server does not speak: 400, UnsupportedProtocolVersion listing the ones it does', async () => {
    const meta = { ...ENVELOPE, 'io.modelcontextprotocol/protocolVersion': '2027-01-01' };
    const answer = await send({ method: 'tools/list', meta }, { 'mcp-protocol-version': '2027-01-01' });
    assert.equal(answer.status, 400);
    assert.equal(answer.body.error!.code, UNSUPPORTED_PROTOCOL_VERSION);
    assert.equal(answer.body.error!.data.requested, '2027-01-01');
    assert.deepEqual(answer.body.error!.data.supported, [MODERN_PROTOCOL_VERSION]);
  });

  test('an envelope without the client\'s capabilities: 400, invalid params naming the key', async () => {
    const meta = { 'io.modelcontextprotocol/protocolVersion': MODERN_PROTOCOL_VERSION };
    const answer = await send({ method: 'tools/list', meta });
    assert.equal(answer.status, 400);
    assert.equal(answer.body.error!.code, -32602);
    assert.match(answer.body.error!.message, /io\.modelcontextprotocol\/clientCapabilities: missing/);
  });

  test('the 2026-07-28 header on a message without the envelope is refused, never served as 2025 in silence', async () => {
    const list = await harness.post({ jsonrpc: '2.0', id: 1, method: 'tools/list' },
      { 'mcp-protocol-version': MODERN_PROTOCOL_VERSION, 'mcp-method': 'tools/list' });
    assert.equal(list.status, 400);
    assert.equal((list.body as Body).error!.code, -32602);
    const initialize = await harness.post({ jsonrpc: '2.0', id: 1, method: 'initialize',
      params: { protocolVersion: LATEST_PROTOCOL_VERSION, capabilities: {}, clientInfo: { name: 'x', version: '1' } } },
    { 'mcp-protocol-version': MODERN_PROTOCOL_VERSION });
    assert.equal(initialize.status, 400);
    assert.equal((initialize.body as Body).error!.code, HEADER_MISMATCH);
  });

  test('a method the revision does not give this server (initialize among them): 404, method not found', async () => {
    for (const method of ['initialize', 'resources/list', 'ping']) {
      const answer = await send({ method });
      assert.equal(answer.status, 404, method);
      assert.equal(answer.body.error!.code, -32601);
      assert.equal(answer.body.error!.message, 'Method not found');
    }
  });

  test('inputs stay closed: an unknown argument is an isError result, an unknown tool is invalid params', async () => {
    const argument = await send({ method: 'tools/call', params: { name: 'search_cards', arguments: { q: 'pikachu', colour: 'red' } } },
      { authorization: `Bearer ${key}` });
    assert.equal(argument.body.result!.isError, true);
    assert.match(argument.body.result!.content[0].text, /^unknown argument colour; search_cards takes q, /);
    const unknownTool = await send({ method: 'tools/call', params: { name: 'get_price' } });
    assert.equal(unknownTool.body.error!.code, -32602);
    assert.match(unknownTool.body.error!.message, /^unknown tool get_price; the tools are /);
  });

  test('ids stay exact: a string id comes back as sent, an id JSON cannot keep is refused', async () => {
    const answer = await send({ id: 'ü-1', method: 'server/discover' });
    assert.equal(answer.body.id, 'ü-1');
    const { headers } = modern({ method: 'tools/list' });
    const text = `{"jsonrpc":"2.0","id":9007199254740993,"method":"tools/list","params":{"_meta":${JSON.stringify(ENVELOPE)}}}`;
    const inexact = await harness.postText(text, headers);
    assert.equal(inexact.status, 400);
    assert.equal((inexact.body as Body).error!.code, -32600);
    assert.equal((inexact.body as Body).id, null);
  });

  test('an id that is neither a string nor an integer is refused as on 2025-11-25, whatever the headers say', async () => {
    const { body, headers } = modern({ method: 'tools/list' });
    const answer = await harness.post({ ...(body as object), id: true }, { ...headers, 'mcp-method': 'tools/call' });
    assert.equal(answer.status, 400);
    assert.equal((answer.body as Body).error!.code, -32600);
  });

  test('a batch holding a 2026-07-28 request is refused as a batch', async () => {
    const answer = await harness.post([modern({ method: 'tools/list' }).body]);
    assert.equal(answer.status, 400);
    assert.equal((answer.body as Body).error!.code, -32600);
  });

  test('a notification with the envelope is accepted with 202 and no body', async () => {
    const answer = await harness.post({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 1, _meta: ENVELOPE } },
      { 'mcp-protocol-version': MODERN_PROTOCOL_VERSION, 'mcp-method': 'notifications/cancelled' });
    assert.equal(answer.status, 202);
    assert.equal(answer.body, null);
  });

  test('a browser\'s preflight allows the routing headers a 2026-07-28 request carries', async () => {
    const response = await fetch(new URL('/mcp', harness.baseUrl), {
      method: 'OPTIONS',
      headers: { origin: 'https://agent.example', 'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization, mcp-protocol-version, mcp-method, mcp-name' },
    });
    assert.equal(response.status, 204);
    const allowed = (response.headers.get('access-control-allow-headers') ?? '').toLowerCase();
    for (const header of ['mcp-protocol-version', 'mcp-method', 'mcp-name']) assert.ok(allowed.includes(header), header);
  });

  test('the SDK 1.x client (2025-11-25) still connects, lists and calls on the same endpoint', async () => {
    const session = await harness.connect(key);
    const { tools } = await session.client.listTools();
    assert.equal(tools.length, 8);
    const { result } = await session.call('get_set', { id: 'en-base1' });
    assert.equal(result.isError, undefined);
    // Its GET for an event stream is 405 as before (stateless); every POST is answered.
    const posts = session.exchanges.filter((exchange) => exchange.method === 'POST');
    assert.deepEqual(posts.map((exchange) => exchange.status).filter((status) => status !== 200 && status !== 202), []);
    await session.close();
  });
});
