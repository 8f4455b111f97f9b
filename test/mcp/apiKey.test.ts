import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { McpHarness, type McpSession } from '../support/mcpHarness.js';

const textOf = (result: CallToolResult) => (result.content[0] as { text: string }).text;

describe('MCP get_api_key', () => {
  let harness: McpHarness;
  let unkeyed: McpSession;

  before(async () => {
    harness = await McpHarness.start();
    unkeyed = await harness.connect();
    await unkeyed.client.listTools();
  });
  after(async () => {
    await unkeyed.close();
    await harness.close();
  });

  test('a client without a key gets a key with the fields of POST /v1/keys, and the key works', async () => {
    const { result, response } = await unkeyed.call('get_api_key', { email: 'ash@example.com', source: 'mcp' });
    assert.notEqual(result.isError, true);
    const created = result.structuredContent as { key: string; tier: string; monthly_limit: number; try_it: string };
    assert.deepEqual(Object.keys(created).sort(), ['key', 'monthly_limit', 'tier', 'try_it']);
    assert.equal(created.tier, 'free');
    assert.equal(created.monthly_limit, 1000);
    assert.ok(created.try_it.includes(created.key));
    assert.deepEqual(JSON.parse(textOf(result)), created);
    // The headers describe this address's daily key allowance.
    assert.equal(response.headers.get('x-ratelimit-limit'), '3');
    assert.equal(response.headers.get('x-ratelimit-used'), '1');

    const keyed = await harness.connect(created.key);
    const { result: card } = await keyed.call('get_card', { id: 'en-base1-4' });
    assert.notEqual(card.isError, true);
    await keyed.close();
  });

  test('a second key for the same email, in any case, fails', async () => {
    const { result } = await unkeyed.call('get_api_key', { email: 'ASH@Example.com' });
    assert.equal(result.isError, true);
    assert.match(textOf(result), /already/);
  });

  test('arguments are checked as POST /v1/keys checks its body', async () => {
    assert.equal(textOf((await unkeyed.call('get_api_key', {})).result), 'email is required');
    assert.equal(textOf((await unkeyed.call('get_api_key', { email: 'not an address' })).result), 'email must be a valid email address');
    assert.equal(textOf((await unkeyed.call('get_api_key', { email: 'misty@example.com', source: 'x'.repeat(201) })).result),
      'source must be a string of at most 200 characters');
  });

  test('the fourth new key from one address in a day fails with 429\'s message and Retry-After', async () => {
    for (const email of ['brock@example.com', 'misty@example.com']) {
      const { result } = await unkeyed.call('get_api_key', { email });
      assert.notEqual(result.isError, true, textOf(result));
    }
    const { result, response } = await unkeyed.call('get_api_key', { email: 'gary@example.com' });
    assert.equal(result.isError, true);
    assert.match(textOf(result), /address|day/);
    assert.equal(response.headers.get('x-ratelimit-limit'), '3');
    assert.equal(response.headers.get('x-ratelimit-remaining'), '0');
    assert.match(response.headers.get('retry-after') ?? '', /^\d+$/);
  });
});
