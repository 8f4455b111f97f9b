import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { CHALLENGE_MESSAGES, UNAUTHORIZED_CODE } from '../../src/mcp/keyChallenge.js';
import { McpHarness } from '../support/mcpHarness.js';
import { TEST_PUBLIC_BASE_URL } from '../support/server.js';

const KEYED_TOOLS = ['search_cards', 'get_card', 'list_cards_in_set', 'list_sets', 'get_set', 'find_card'];
const METADATA = `resource_metadata="${TEST_PUBLIC_BASE_URL}/.well-known/oauth-protected-resource/mcp"`;
const call = (name: string, args: Record<string, unknown> = {}, id: number | string = 1) =>
  ({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args } });
const BAD_AUTHORIZATIONS = [
  ['an unknown key', 'Bearer tcgk_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA'],
  ['a key of the wrong shape', 'Bearer not-a-key'],
  ['a header that is not Bearer', 'Basic dXNlcjpwYXNz'],
] as const;

describe('MCP: a keyed tool without a valid key is HTTP 401 with the OAuth challenge', () => {
  let harness: McpHarness;
  let key: string;

  before(async () => {
    harness = await McpHarness.start();
    key = await harness.issueKey();
  });
  after(() => harness.close());

  for (const tool of KEYED_TOOLS) {
    test(`${tool} without a key: 401, the challenge without an error code, a JSON-RPC error saying how to get a key, nothing counted`, async () => {
      // Bad arguments too: the key is checked first, as REST's 401 comes before its 400.
      const answer = await harness.post(call(tool, { limit: 0 }, 7));
      assert.equal(answer.status, 401);
      assert.equal(answer.headers.get('www-authenticate'), `Bearer ${METADATA}`);
      assert.deepEqual(answer.body, { jsonrpc: '2.0', error: { code: UNAUTHORIZED_CODE, message: CHALLENGE_MESSAGES.keyMissing }, id: 7 });
      assert.equal(answer.headers.get('x-ratelimit-used'), '0');
      assert.match(answer.headers.get('access-control-expose-headers') ?? '', /WWW-Authenticate/);
    });
  }

  for (const [what, authorization] of BAD_AUTHORIZATIONS) {
    test(`${what}: 401 with error="invalid_token"`, async () => {
      const answer = await harness.post(call('get_card', { id: 'en-base1-4' }, 'a'), { authorization });
      assert.equal(answer.status, 401);
      assert.equal(answer.headers.get('www-authenticate'),
        `Bearer ${METADATA}, error="invalid_token", error_description="the key or token is not valid"`);
      assert.deepEqual(answer.body, { jsonrpc: '2.0', error: { code: UNAUTHORIZED_CODE, message: CHALLENGE_MESSAGES.keyInvalid }, id: 'a' });
    });
  }

  test('a revoked key is 401 invalid_token on its next call', async () => {
    const revoked = await harness.issueKey();
    assert.equal((await harness.post(call('get_set', { id: 'en-base1' }), { authorization: `Bearer ${revoked}` })).status, 200);
    const [record] = await harness.server.accessStore.revokeKeys({ prefix: revoked.slice(0, 13) }, new Date().toISOString());
    assert.ok(record);
    const answer = await harness.post(call('get_set', { id: 'en-base1' }), { authorization: `Bearer ${revoked}` });
    assert.equal(answer.status, 401);
    assert.match(answer.headers.get('www-authenticate') ?? '', /error="invalid_token"/);
  });

  test('a call with _meta, and a batch, are refused the same way', async () => {
    const message = { ...call('list_sets'), params: { name: 'list_sets', arguments: {}, _meta: { progressToken: 1 } } };
    const answer = await harness.post(message);
    assert.equal(answer.status, 401);
    assert.equal(answer.headers.get('www-authenticate'), `Bearer ${METADATA}`);
    const batch = await harness.post([call('get_api_key', { email: 'batch@example.com' }, 1), call('list_sets', {}, 2)]);
    assert.equal(batch.status, 400, 'a batch is refused as a batch (strict inputs) before any key is looked at');
    assert.equal(batch.headers.get('www-authenticate'), null);
  });

  test('the SDK client without an auth provider sees the 401; initialize, tools/list and get_api_key stay open', async () => {
    const session = await harness.connect();
    assert.ok((await session.client.listTools()).tools.length > 0);
    const created = await session.call('get_api_key', { email: 'open@example.com' });
    assert.notEqual(created.result.isError, true);
    await assert.rejects(session.client.callTool({ name: 'list_sets', arguments: {} }),
      (error: unknown) => error instanceof StreamableHTTPError && error.code === 401);
    await session.close();
  });

  test('with a valid key, bad arguments, unknown ids and unknown tools stay results (or the SDK\'s errors), not 401s', async () => {
    const session = await harness.connect(key);
    const bad = (await session.call('list_sets', { limit: 0 })).result as CallToolResult;
    assert.equal(bad.isError, true);
    assert.equal((await session.call('get_card', { id: 'en-base1-999' })).result.isError, true);
    assert.equal((await harness.post(call('no_such_tool'))).status, 200, 'an unknown tool is not keyed');
    await session.close();
  });
});
