import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { LATEST_PROTOCOL_VERSION } from '@modelcontextprotocol/sdk/types.js';
import { McpHarness } from '../support/mcpHarness.js';
import { scrape, valueOf } from '../support/prometheus.js';

const DECK = { list: 'Pokémon: 1\n4 Charizard BS 4\n' };

describe('MCP reads a call\'s key once, as REST reads a request\'s', () => {
  let harness: McpHarness;
  let key: string;
  let headers: Record<string, string>;
  before(async () => {
    harness = await McpHarness.start({ metrics: true });
    key = await harness.issueKey();
    headers = { authorization: `Bearer ${key}`, 'mcp-protocol-version': LATEST_PROTOCOL_VERSION };
  });
  after(() => harness.close());

  /** The key lookups so far: every read of the key cache is a hit or a miss. */
  const keyLookups = async () => {
    const samples = await scrape(harness.server.metricsUrl!);
    return (valueOf(samples, 'tcg_cache_hits_total', { cache: 'keys' }) ?? 0) + (valueOf(samples, 'tcg_cache_misses_total', { cache: 'keys' }) ?? 0);
  };
  const lookupsOf = async (request: () => Promise<{ status: number }>, status: number) => {
    const before = await keyLookups();
    assert.equal((await request()).status, status);
    return (await keyLookups()) - before;
  };
  const callTool = (name: string, args: Record<string, unknown>) =>
    harness.post({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } }, headers);

  test('get_card looks its key up once, counting it in the same step, as GET /v1/cards does', async () => {
    const rest = await lookupsOf(() => harness.rest('/v1/cards?id=en-base1-4', { key }), 200);
    assert.equal(rest, 1);
    assert.equal(await lookupsOf(() => callTool('get_card', { id: 'en-base1-4' }), 200), rest);
  });

  test('check_deck checks its key, then counts the call it answers, as POST /v1/decks/check does', async () => {
    const rest = await lookupsOf(() => harness.rest('/v1/decks/check', { method: 'POST', key, body: DECK }), 200);
    assert.equal(await lookupsOf(() => callTool('check_deck', DECK), 200), rest);
  });

  test('a call with an unknown key is one lookup, answered by the 401 challenge', async () => {
    const unknown = `${key.slice(0, -4)}AAAA`;
    const lookups = await lookupsOf(() => harness.post({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'get_card', arguments: { id: 'en-base1-4' } } },
      { ...headers, authorization: `Bearer ${unknown}` }), 401);
    assert.equal(lookups, 1);
  });

  test('a keyed call the SDK refuses as not acceptable (406) is neither looked up nor counted', async () => {
    const used = async () => (await harness.rest('/v1/sets?id=en-base1', { key })).headers.get('x-ratelimit-used');
    const before = Number(await used());
    const lookups = await lookupsOf(() => harness.post({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'get_card', arguments: { id: 'en-base1-4' } } },
      { authorization: `Bearer ${key}`, 'mcp-protocol-version': '2025-11-25', accept: 'application/json' }), 406);
    assert.equal(lookups, 0);
    assert.equal(Number(await used()), before + 1, 'only the REST call before counted');
  });
});
