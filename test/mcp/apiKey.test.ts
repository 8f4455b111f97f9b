import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { TestClock } from '../support/clock.js';
import { McpHarness, type McpSession, type RestAnswer } from '../support/mcpHarness.js';

const textOf = (result: CallToolResult) => (result.content[0] as { text: string }).text;
const RATE_LIMIT = ['x-ratelimit-limit', 'x-ratelimit-used', 'x-ratelimit-remaining', 'x-ratelimit-reset', 'retry-after'];

/** Every MCP call and REST request here comes from 127.0.0.1, one address with 3 keys a day. */
describe('MCP get_api_key follows the rules of POST /v1/keys', () => {
  let harness: McpHarness;
  let unkeyed: McpSession;
  const postKey = (body: unknown): Promise<RestAnswer> => harness.rest('/v1/keys', { method: 'POST', body });

  before(async () => {
    // A stopped clock, so Retry-After is the same second for MCP and REST.
    harness = await McpHarness.start({ now: new TestClock('2026-03-10T09:00:00Z').now });
    unkeyed = await harness.connect();
    await unkeyed.client.listTools(); // so the client checks the result against CreatedKey
  });
  after(async () => {
    await unkeyed.close();
    await harness.close();
  });

  test('a client without a key gets a key with the fields of POST /v1/keys, and the key works', async () => {
    const { result, response } = await unkeyed.call('get_api_key', { email: 'ash@example.com', source: 'mcp' });
    assert.notEqual(result.isError, true, textOf(result));
    const created = result.structuredContent as { key: string; tier: string; monthly_limit: number; try_it: string };
    const rest = await postKey({ email: 'misty@example.com' });
    assert.equal(rest.status, 201);
    assert.deepEqual(Object.keys(created).sort(), Object.keys(rest.body).sort());
    assert.equal(created.tier, rest.body.tier);
    assert.equal(created.monthly_limit, rest.body.monthly_limit);
    assert.match(created.key, /^tcgk_/);
    assert.equal(created.try_it, (rest.body.try_it as string).replace(rest.body.key as string, created.key));
    assert.deepEqual(JSON.parse(textOf(result)), created);
    // The headers describe this address's daily key allowance, as on POST /v1/keys.
    assert.equal(response.headers.get('x-ratelimit-limit'), '3');
    assert.equal(response.headers.get('x-ratelimit-used'), '1');
    assert.equal(rest.headers.get('x-ratelimit-used'), '2');

    const keyed = await harness.connect(created.key);
    const { result: card } = await keyed.call('get_card', { id: 'en-base1-4' });
    assert.notEqual(card.isError, true);
    await keyed.close();
  });

  test('a second key for an email, trimmed and in any case, fails with the 409 message', async () => {
    const { result, response } = await unkeyed.call('get_api_key', { email: '  ASH@Example.com ' });
    const rest = await postKey({ email: '  ASH@Example.com ' });
    assert.equal(rest.status, 409);
    assert.equal(result.isError, true);
    assert.equal(textOf(result), rest.body.error);
    for (const header of RATE_LIMIT) assert.equal(response.headers.get(header), rest.headers.get(header), header);
  });

  for (const [what, args] of [
    ['no email', { source: 'x' }],
    ['an invalid email', { email: 'ash' }],
    ['an email that is not a string', { email: 42 }],
    ['a source that is not a string', { email: 'brock@example.com', source: 5 }],
    ['a source over 200 characters', { email: 'brock@example.com', source: 'x'.repeat(201) }],
  ] as const) {
    test(`${what} fails with the 400 message, and creates nothing`, async () => {
      const { result } = await unkeyed.call('get_api_key', args);
      const rest = await postKey(args);
      assert.equal(rest.status, 400);
      assert.equal(result.isError, true);
      assert.equal(textOf(result), rest.body.error);
    });
  }

  test('the fourth new key from one address in a day fails with the 429 message and Retry-After', async () => {
    const { result: third } = await unkeyed.call('get_api_key', { email: 'brock@example.com' });
    assert.notEqual(third.isError, true, textOf(third));
    const { result, response } = await unkeyed.call('get_api_key', { email: 'gary@example.com' });
    const rest = await postKey({ email: 'gary@example.com' });
    assert.equal(rest.status, 429);
    assert.equal(result.isError, true);
    assert.equal(textOf(result), rest.body.error);
    for (const header of RATE_LIMIT) assert.equal(response.headers.get(header), rest.headers.get(header), header);
    assert.equal(response.headers.get('x-ratelimit-remaining'), '0');
    assert.match(response.headers.get('retry-after') ?? '', /^\d+$/);
  });
});
