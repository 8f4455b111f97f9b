import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { TestClock } from '../support/clock.js';
import { inToolTerms } from '../../src/mcp/toolTerms.js';
import { ERROR_CODE_META } from '../../src/mcp/toolResult.js';
import { McpHarness, type McpSession } from '../support/mcpHarness.js';

const textOf = (result: CallToolResult) => (result.content[0] as { text: string }).text;
const codeOf = (result: CallToolResult) => result._meta?.[ERROR_CODE_META];

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

describe('MCP tool failures are isError results with the REST message, in the terms of tools, and REST\'s code', () => {
  let harness: McpHarness;
  let keyed: McpSession;
  let key: string;

  before(async () => {
    // A stopped clock, so Retry-After is the same second for MCP and REST.
    harness = await McpHarness.start({ now: new TestClock('2026-03-10T09:00:00Z').now });
    key = await harness.issueKey();
    keyed = await harness.connect(key);
  });
  after(async () => {
    await keyed.close();
    await harness.close();
  });

  for (const { tool, args, rest, status } of SAME_FAILURES) {
    test(`${tool} ${JSON.stringify(args)} fails as GET ${rest} does (${status})`, async () => {
      const { result } = await keyed.call(tool, args);
      const answer = await harness.rest(rest, { key });
      assert.equal(answer.status, status);
      assert.equal(result.isError, true);
      assert.equal(result.structuredContent, undefined);
      assert.equal(textOf(result), inToolTerms(answer.body.error as string));
      assert.doesNotMatch(textOf(result), /\/v1\//);
      assert.equal(codeOf(result), answer.body.code);
    });
  }

  test('REST\'s paths become tools: POST /v1/keys is get_api_key, /v1/sets is list_sets', () => {
    assert.equal(inToolTerms('get a free key with POST /v1/keys'), 'get a free key with the get_api_key tool');
    assert.equal(inToolTerms('set ids look like en-base1 (list them with /v1/sets)'), 'set ids look like en-base1 (find them with list_sets)');
  });

  test('a missing argument is named', async () => {
    // q or a filter, since search_cards also lists by filters alone.
    assert.equal(textOf((await keyed.call('search_cards', {})).result),
      'give q, query, or at least one filter (supertype, subtype, type, rarity, regulation_mark, legal, artist, number, set_code)');
    assert.equal(textOf((await keyed.call('get_card', {})).result), 'exactly one of id, ids is required');
    assert.equal(codeOf((await keyed.call('get_card', {})).result), 'invalid_parameter');
    assert.equal(codeOf((await keyed.call('search_cards', {})).result), 'invalid_parameter');
    assert.equal(textOf((await keyed.call('get_card', { id: 'en-base1-4', ids: ['en-base1-4'] })).result), 'exactly one of id, ids is required');
    assert.equal(textOf((await keyed.call('get_card', { ids: 'en-base1-4,en-base1-2' })).result),
      'ids must list 1 to 50 card ids, each 1 to 100 characters with no white space or comma', 'an array, not REST\'s comma-separated text');
    assert.equal(textOf((await keyed.call('get_set', { id: '' })).result), 'id must be a non-empty string without control characters');
    assert.equal(textOf((await keyed.call('list_cards_in_set', { set_id: '' })).result), 'set_id must be a non-empty string without control characters');
  });

  test('an id holding a control character or a lone surrogate is refused and named, not looked up', async () => {
    for (const [tool, args, named] of [
      ['get_card', { id: 'en-base1-4\u0000' }, 'id'], ['get_set', { id: '\u0000' }, 'id'], ['list_cards_in_set', { set_id: 'en\u0000base1' }, 'set_id'],
      ['get_card', { id: '\ud800' }, 'id'], ['get_set', { id: 'en-base1\udc00' }, 'id'], ['list_cards_in_set', { set_id: 'en-base1\u0085' }, 'set_id'],
    ] as const) {
      const { result } = await keyed.call(tool, args);
      assert.equal(textOf(result), `${named} must be a non-empty string without control characters`, `${tool} ${JSON.stringify(args)}`);
    }
    // A character outside the Basic Multilingual Plane is text: just no such card.
    assert.equal(textOf((await keyed.call('get_card', { id: 'en-base1-\u{1f525}' })).result), 'no card with id en-base1-\u{1f525}; card ids look like en-base1-4');
  });

  test('a key at its monthly limit fails with REST\'s 429 message, Retry-After and a full month in the headers', async () => {
    const spent = await harness.issueKey({ monthlyLimit: 1 });
    const session = await harness.connect(spent);
    assert.notEqual((await session.call('get_card', { id: 'en-base1-4' })).result.isError, true);
    const { result, response } = await session.call('get_card', { id: 'en-base1-4' });
    const answer = await harness.rest('/v1/cards?id=en-base1-4', { key: spent });
    assert.equal(answer.status, 429);
    assert.equal(result.isError, true);
    assert.equal(textOf(result), inToolTerms(answer.body.error as string));
      assert.doesNotMatch(textOf(result), /\/v1\//);
    assert.deepEqual([codeOf(result), answer.body.code], ['quota_exceeded', 'quota_exceeded']);
    for (const header of ['x-ratelimit-limit', 'x-ratelimit-used', 'x-ratelimit-remaining', 'x-ratelimit-reset', 'retry-after']) {
      assert.equal(response.headers.get(header), answer.headers.get(header), header);
    }
    assert.equal(response.headers.get('x-ratelimit-remaining'), '0');
    await session.close();
  });
});
