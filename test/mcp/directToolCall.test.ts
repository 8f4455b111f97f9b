import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { LATEST_PROTOCOL_VERSION } from '@modelcontextprotocol/sdk/types.js';
import { McpHarness } from '../support/mcpHarness.js';
import { scrape, valueOf } from '../support/prometheus.js';

const UNKNOWN_KEY = `tcgk_${'0'.repeat(32)}`;
const HEADERS_THAT_DIFFER = new Set(['date', 'x-request-id', 'x-ratelimit-used', 'x-ratelimit-remaining', 'content-length']);
const headerNames = (headers: Headers) => [...headers.keys()].filter((name) => !HEADERS_THAT_DIFFER.has(name)).sort();

describe('MCP: a plain tools/call answered directly is answered as the SDK answers it', () => {
  let harness: McpHarness;
  let key: string;
  before(async () => {
    harness = await McpHarness.start({ metrics: true });
    key = await harness.issueKey();
  });
  after(() => harness.close());
  const directCalls = async () => valueOf(await scrape(harness.server.metricsUrl!), 'tcg_mcp_direct_tool_calls_total');

  const calls: Array<[string, string, Record<string, unknown> | undefined]> = [
    ['a card', 'get_card', { id: 'en-base1-4' }],
    ['a card that does not exist', 'get_card', { id: 'en-base1-999' }],
    ['a search in compact rows', 'search_cards', { q: 'pika', limit: 3 }],
    ['a search in full', 'search_cards', { q: 'char', detail: 'full', limit: 2 }],
    ['a limit given as text', 'search_cards', { q: 'char', limit: '2' }],
    ['an argument out of range', 'search_cards', { q: 'char', limit: 500 }],
    ['no arguments at all', 'list_sets', undefined],
    ['a set', 'get_set', { id: 'en-base1' }],
    ['a set\'s cards', 'list_cards_in_set', { set_id: 'en-base1', limit: 2 }],
    ['a deck list', 'check_deck', { list: '4 Charizard\n2 Blastoise BS 2' }],
    ['an argument the tool does not take', 'search_cards', { q: 'pikachu', colour: 'red' }],
    ['a card by a typed name', 'find_card', { name: 'charzard' }],
    ['a typed name that begins one', 'find_card', { name: 'pika' }],
    ['a typed name close to none', 'find_card', { name: 'xyzzy' }],
    ['a search that suggests', 'search_cards', { q: 'charzard' }],
  ];
  for (const [what, name, args] of calls) {
    for (const sent of ['a key', 'no key', 'an unknown key'] as const) {
      test(`${what} (${sent})`, async () => {
        const authorization = { 'a key': `Bearer ${key}`, 'no key': undefined, 'an unknown key': `Bearer ${UNKNOWN_KEY}` }[sent];
        const message = { jsonrpc: '2.0', id: `call-${name}`, method: 'tools/call', params: { name, ...(args ? { arguments: args } : {}) } };
        const headers = { 'mcp-protocol-version': LATEST_PROTOCOL_VERSION, ...(authorization ? { authorization } : {}) };
        const before = await directCalls();
        if (sent !== 'a key') {
          // Refused before either path runs: the 401 and its challenge; in a batch, the batch is refused first (400).
          const [single, batch] = [await harness.post(message, headers), await harness.post([message], headers)];
          assert.deepEqual([single.status, batch.status], [401, 400]);
          assert.match(single.headers.get('www-authenticate') ?? '', /^Bearer resource_metadata="/);
          assert.equal(batch.headers.get('www-authenticate'), null);
          assert.equal(await directCalls(), before, 'neither was answered as a tool call');
          return;
        }
        const direct = await harness.post(message, headers);
        assert.equal(await directCalls(), before! + 1, 'the endpoint answered it itself');
        // With _meta in its params, the same call goes through the SDK's transport and server.
        const viaSdk = await harness.post({ ...message, params: { ...message.params, _meta: {} } }, headers);
        assert.equal(await directCalls(), before! + 1, 'the SDK answered the batch');
        assert.equal(direct.status, 200);
        assert.equal(viaSdk.status, 200);
        assert.deepEqual(direct.body, viaSdk.body, 'the same answer, retrieved_at included (the catalog\'s)');
        assert.deepEqual(headerNames(direct.headers), headerNames(viaSdk.headers));
        assert.equal(direct.headers.get('content-type'), viaSdk.headers.get('content-type'));
        assert.equal(direct.headers.get('x-ratelimit-limit'), viaSdk.headers.get('x-ratelimit-limit'));
        assert.equal(Number(viaSdk.headers.get('x-ratelimit-used')), Number(direct.headers.get('x-ratelimit-used')) + 1);
      });
    }
  }

  test('a call the direct path does not take (another protocol revision, _meta) is the SDK\'s to answer', async () => {
    const headers = { authorization: `Bearer ${key}`, 'mcp-protocol-version': LATEST_PROTOCOL_VERSION };
    const badVersion = await harness.post({ jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'list_sets' } },
      { ...headers, 'mcp-protocol-version': '1999-01-01' });
    assert.equal(badVersion.status, 400);
    const withMeta = await harness.post({ jsonrpc: '2.0', id: 5, method: 'tools/call',
      params: { name: 'get_card', arguments: { id: 'en-base1-4' }, _meta: { progressToken: 7 } } }, headers);
    assert.equal((withMeta.body as { result: { structuredContent: { data: { id: string } } } }).result.structuredContent.data.id, 'en-base1-4');
  });
});
