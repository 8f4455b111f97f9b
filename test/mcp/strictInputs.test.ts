import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { LATEST_PROTOCOL_VERSION, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { McpHarness, type McpSession } from '../support/mcpHarness.js';

const textOf = (result: CallToolResult) => (result.content[0] as { text: string }).text;
const TOOLS = 'search_cards, get_card, find_card, list_cards_in_set, list_sets, get_set, check_deck, get_api_key';
const INEXACT_ID = 'the id must be a string or an integer from -9007199254740991 to 9007199254740991, written without a fraction or exponent';
const NOT_A_MESSAGE = 'Bad Request: the request body is not a valid JSON-RPC message';

describe('MCP strict inputs: closed tool arguments, exact ids, malformed requests in one sentence', () => {
  let harness: McpHarness;
  let session: McpSession;
  let key: string;
  let headers: Record<string, string>;
  before(async () => {
    harness = await McpHarness.start();
    key = await harness.issueKey();
    session = await harness.connect(key);
    headers = { authorization: `Bearer ${key}`, 'mcp-protocol-version': LATEST_PROTOCOL_VERSION };
  });
  after(async () => {
    await session.close();
    await harness.close();
  });

  test('every input schema is closed', async () => {
    for (const tool of (await session.client.listTools()).tools) {
      assert.equal(tool.inputSchema.additionalProperties, false, tool.name);
    }
  });

  test('an argument a tool does not take is an isError result naming it and the ones it takes', async () => {
    const { result } = await session.call('search_cards', { q: 'pikachu', colour: 'red' });
    assert.equal(result.isError, true);
    assert.equal(textOf(result), 'unknown argument colour; search_cards takes q, query, order, lang, limit, offset, detail, supertype, subtype, ' +
      'type, rarity, regulation_mark, legal, artist, number, set_code');
    assert.equal(textOf((await session.call('get_set', { id: 'en-base1', lang: 'en', size: 1 })).result),
      'unknown arguments lang, size; get_set takes id');
    // REST's parameter name is not a tool argument: list_cards_in_set takes set_id.
    assert.equal(textOf((await session.call('list_cards_in_set', { set: 'en-base1' })).result),
      'unknown argument set; list_cards_in_set takes set_id, limit, offset, detail, supertype, subtype, type, rarity, ' +
      'regulation_mark, legal, artist, number, set_code');
    assert.equal(textOf((await session.call('get_api_key', { email: 'a@example.com', plan: 'pro' })).result),
      'unknown argument plan; get_api_key takes email, source');
  });

  const call = (id: string) => `{"jsonrpc":"2.0","id":${id},"method":"tools/call","params":{"name":"get_set","arguments":{"id":"en-base1"}}}`;
  const viaSdk = (id: string) => `{"jsonrpc":"2.0","id":${id},"method":"tools/call","params":{"name":"get_set","arguments":{"id":"en-base1"},"_meta":{}}}`;

  for (const id of ['9007199254740991', '-9007199254740991', '0', '"9007199254740993"', '"call-1"']) {
    test(`the id ${id} comes back exactly, with _meta in params or without`, async () => {
      for (const body of [call(id), viaSdk(id)]) {
        const answer = await harness.postText(body, headers);
        assert.equal(answer.status, 200);
        assert.ok(answer.text.endsWith(`"id":${id}}`), answer.text.slice(-60));
      }
    });
  }

  // Numbers JSON.parse would change: refused before the SDK, which would answer with the id changed.
  for (const id of ['9007199254740993', '9007199254740992', '-9007199254740993', '1.0', '1e2', '-0', '1.5']) {
    test(`the id ${id} is refused with -32600 (it could not come back exactly)`, async () => {
      for (const body of [call(id), viaSdk(id)]) {
        const answer = await harness.postText(body, headers);
        assert.equal(answer.status, 400);
        assert.deepEqual(answer.body, { jsonrpc: '2.0', error: { code: -32600, message: INEXACT_ID }, id: null });
      }
    });
  }

  // Neither a string nor a number: the SDK refuses the message itself.
  for (const id of ['null', '{}', 'true']) {
    test(`the id ${id} is refused with -32600 by the SDK`, async () => {
      const answer = await harness.postText(call(id), headers);
      assert.equal(answer.status, 400);
      assert.equal((answer.body as { error: { code: number } }).error.code, -32600);
    });
  }

  test('the id check reads the top-level id only, and the last one as JSON.parse does', async () => {
    const nested = `{"jsonrpc":"2.0","params":{"name":"get_set","arguments":{"id":"en-base1"},"_meta":{"id":1.5}},"method":"tools/call","id":7}`;
    assert.equal((await harness.postText(nested, headers)).status, 200);
    const twice = `{"jsonrpc":"2.0","id":9007199254740993,"id":8,"method":"tools/call","params":{"name":"get_set","arguments":{"id":"en-base1"}}}`;
    const answer = await harness.postText(twice, headers);
    assert.equal(answer.status, 200);
    assert.ok(answer.text.endsWith('"id":8}'));
  });

  for (const [what, body] of [
    ['an object that is not JSON-RPC', { foo: 1 }],
    ['a message without jsonrpc "2.0"', { jsonrpc: '1.0', id: 1, method: 'tools/list' }],
    ['a message without a method', { jsonrpc: '2.0', id: 1 }],
    ['a number', 42],
  ] as const) {
    test(`${what} is -32600 in one sentence (the SDK's)`, async () => {
      const answer = await harness.post(body, headers);
      assert.equal(answer.status, 400);
      assert.equal((answer.body as { error: { code: number; message: string } }).error.code, -32600);
      assert.equal((answer.body as { error: { message: string } }).error.message, NOT_A_MESSAGE);
    });
  }

  test('a batch is refused with -32600, whatever it holds', async () => {
    for (const batch of [[{ jsonrpc: '2.0', id: 1, method: 'tools/list' }], [], [{ jsonrpc: '2.0', method: 'notifications/initialized' }]]) {
      const answer = await harness.post(batch, headers);
      assert.equal(answer.status, 400);
      assert.deepEqual(answer.body, { jsonrpc: '2.0', error: { code: -32600, message: 'batches are not accepted: send one JSON-RPC message per request' }, id: null });
    }
  });

  test('a tools/call without params.name is -32602 in one sentence, with its id', async () => {
    for (const params of [undefined, null, 'get_set', {}, { name: 7, arguments: {} }, { arguments: { id: 'en-base1' } }]) {
      const answer = await harness.post({ jsonrpc: '2.0', id: 'n', method: 'tools/call', ...(params === undefined ? {} : { params }) }, headers);
      assert.equal(answer.status, 200);
      assert.deepEqual(answer.body, { jsonrpc: '2.0', id: 'n',
        error: { code: -32602, message: `tools/call needs params.name, the name of the tool to call; the tools are ${TOOLS}` } });
    }
    const empty = await harness.post({ jsonrpc: '2.0', id: 'e', method: 'tools/call', params: { name: '' } }, headers);
    assert.deepEqual((empty.body as { error: unknown }).error, { code: -32602, message: `unknown tool ; the tools are ${TOOLS}` });
  });

  test('a tools/call whose arguments are no object is -32602 in one sentence, with its id, counting nothing', async () => {
    const before = await harness.rest('/v1/sets?id=en-base1', { key });
    for (const args of [['en-base1'], 'en-base1', null, 7]) {
      const answer = await harness.post({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'get_set', arguments: args } }, headers);
      assert.equal(answer.status, 200);
      assert.deepEqual(answer.body, { jsonrpc: '2.0', id: 2, error: { code: -32602, message: 'params.arguments must be an object of the tool\'s arguments' } });
    }
    const after = await harness.rest('/v1/sets?id=en-base1', { key });
    assert.equal(Number(after.headers.get('x-ratelimit-used')), Number(before.headers.get('x-ratelimit-used')) + 1, 'only the REST call counted');
  });

  test('a malformed tools/call is one sentence in revision 2026-07-28 too', async () => {
    const meta = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {} };
    const answer = await harness.post({ jsonrpc: '2.0', id: 5, method: 'tools/call', params: { arguments: {}, _meta: meta } },
      { ...headers, 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'tools/call' });
    assert.deepEqual(answer.body, { jsonrpc: '2.0', id: 5,
      error: { code: -32602, message: `tools/call needs params.name, the name of the tool to call; the tools are ${TOOLS}` } });
  });

  test('an unknown tool is -32602 naming the tools, without a prefix the SDK client adds again', async () => {
    const answer = await harness.post({ jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'get_price', arguments: {} } }, headers);
    assert.deepEqual((answer.body as { error: unknown }).error, { code: -32602, message: `unknown tool get_price; the tools are ${TOOLS}` });
    await assert.rejects(session.client.callTool({ name: 'get_price', arguments: {} }),
      (error: Error) => error.message === `MCP error -32602: unknown tool get_price; the tools are ${TOOLS}`);
  });

  test('failures speak in tools, never in REST paths', async () => {
    const unknownSet = await session.call('get_set', { id: 'en-nope' });
    assert.equal(textOf(unknownSet.result), 'no set with id en-nope; set ids look like en-base1 (find them with list_sets)');
    assert.equal(textOf((await session.call('list_cards_in_set', { set_id: 'en-nope' })).result),
      'no set with id en-nope; set ids look like en-base1 (find them with list_sets)');
    const rest = await harness.rest('/v1/sets?id=en-nope', { key });
    assert.match(rest.body.error as string, /\/v1\/sets/, 'REST keeps its own terms');
  });
});
