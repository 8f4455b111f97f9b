import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { McpHarness, type McpSession } from '../support/mcpHarness.js';

const textOf = (result: CallToolResult) => (result.content[0] as { text: string }).text;

/** A failing tool call beside the REST request that fails the same way. */
const SAME_FAILURES: Array<{ tool: string; args: Record<string, unknown>; rest: string; status: number }> = [
  { tool: 'list_sets', args: { limit: 0 }, rest: '/v1/sets?limit=0', status: 400 },
  { tool: 'list_sets', args: { limit: 201 }, rest: '/v1/sets?limit=201', status: 400 },
  { tool: 'list_sets', args: { limit: 2.5 }, rest: '/v1/sets?limit=2.5', status: 400 },
  { tool: 'list_sets', args: { offset: -1 }, rest: '/v1/sets?offset=-1', status: 400 },
  { tool: 'list_sets', args: { lang: 'xx' }, rest: '/v1/sets?lang=xx', status: 400 },
  { tool: 'search_cards', args: { q: 'a' }, rest: '/v1/cards?q=a', status: 400 },
  { tool: 'search_cards', args: { q: '  a  ' }, rest: '/v1/cards?q=%20%20a%20%20', status: 400 },
  { tool: 'search_cards', args: { q: 'x'.repeat(61) }, rest: `/v1/cards?q=${'x'.repeat(61)}`, status: 400 },
  { tool: 'search_cards', args: { q: 'pikachu', lang: 'EN' }, rest: '/v1/cards?q=pikachu&lang=EN', status: 400 },
  { tool: 'list_cards_in_set', args: { set_id: 'en-base1', limit: 500 }, rest: '/v1/cards?set=en-base1&limit=500', status: 400 },
  { tool: 'get_card', args: { id: 'en-base1-999' }, rest: '/v1/cards?id=en-base1-999', status: 404 },
  { tool: 'get_card', args: { id: 'EN-BASE1-4' }, rest: '/v1/cards?id=EN-BASE1-4', status: 404 },
  { tool: 'get_set', args: { id: 'en-nope' }, rest: '/v1/sets?id=en-nope', status: 404 },
  { tool: 'list_cards_in_set', args: { set_id: 'en-nope' }, rest: '/v1/cards?set=en-nope', status: 404 },
];

describe('MCP tool failures are isError results with the REST message', () => {
  let harness: McpHarness;
  let keyed: McpSession;
  let unkeyed: McpSession;
  let key: string;

  before(async () => {
    harness = await McpHarness.start();
    const creation = await harness.access.createKey({ email: 'errors@example.com' }, '192.0.2.2');
    assert.ok(creation.ok);
    key = creation.created.key;
    keyed = await harness.connect(key);
    unkeyed = await harness.connect();
  });
  after(async () => {
    await keyed.close();
    await unkeyed.close();
    await harness.close();
  });

  for (const { tool, args, rest, status } of SAME_FAILURES) {
    test(`${tool} ${JSON.stringify(args)} fails as GET ${rest} does (${status})`, async () => {
      const { result } = await keyed.call(tool, args);
      const answer = await harness.rest(rest, { key });
      assert.equal(answer.status, status);
      assert.equal(result.isError, true);
      assert.equal(result.structuredContent, undefined);
      assert.equal(textOf(result), answer.body.error);
    });
  }

  test('a missing argument is named', async () => {
    assert.equal(textOf((await keyed.call('search_cards', {})).result), 'q is required');
    assert.equal(textOf((await keyed.call('get_card', {})).result), 'id is required');
    assert.equal(textOf((await keyed.call('get_set', { id: '' })).result), 'id must be a non-empty string');
    assert.equal(textOf((await keyed.call('list_cards_in_set', { set_id: '' })).result), 'set_id must be a non-empty string');
  });

  for (const tool of ['search_cards', 'get_card', 'list_cards_in_set', 'list_sets', 'get_set']) {
    test(`${tool} without a key fails with the 401 message`, async () => {
      const expected = await harness.access.authorizeAndCount(undefined);
      assert.equal(expected.allowed, false);
      const { result } = await unkeyed.call(tool, { q: 'pikachu', id: 'en-base1', set_id: 'en-base1' });
      assert.equal(result.isError, true);
      assert.equal(textOf(result), expected.message);
    });
  }

  test('an invalid key fails with the 401 message, before any argument is checked', async () => {
    const wrong = await harness.connect('tcg_not-a-key');
    const expected = await harness.access.authorizeAndCount('Bearer tcg_not-a-key');
    assert.equal(expected.allowed, false);
    const { result, response } = await wrong.call('list_sets', { limit: 0 });
    assert.equal(result.isError, true);
    assert.equal(textOf(result), expected.message);
    assert.equal(response.headers.get('x-ratelimit-used'), '0');
    await wrong.close();
  });

  test('a key at its monthly limit fails with the 429 message, Retry-After and a full month in the headers', async () => {
    const creation = await harness.access.createKey({ email: 'spent@example.com' }, '192.0.2.3');
    assert.ok(creation.ok);
    const spent = creation.created.key;
    let decision = await harness.access.authorizeAndCount(`Bearer ${spent}`);
    while (decision.allowed) decision = await harness.access.authorizeAndCount(`Bearer ${spent}`);
    assert.equal(decision.status, 429);
    const session = await harness.connect(spent);
    const { result, response } = await session.call('get_card', { id: 'en-base1-4' });
    assert.equal(result.isError, true);
    assert.equal(textOf(result), decision.message);
    assert.equal(response.headers.get('x-ratelimit-used'), response.headers.get('x-ratelimit-limit'));
    assert.equal(response.headers.get('x-ratelimit-remaining'), '0');
    assert.match(response.headers.get('retry-after') ?? '', /^\d+$/);
    await session.close();
  });
});
