import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { LATEST_PROTOCOL_VERSION } from '@modelcontextprotocol/sdk/types.js';
import { McpHarness } from '../support/mcpHarness.js';

const INITIALIZE = {
  jsonrpc: '2.0', id: 1, method: 'initialize',
  params: { protocolVersion: LATEST_PROTOCOL_VERSION, capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
};
const UNKEYED_RATE_LIMIT = { limit: '1000', used: '0', remaining: '1000' };

function assertCorsAndRateLimit(headers: Headers, expected = UNKEYED_RATE_LIMIT): void {
  assert.equal(headers.get('access-control-allow-origin'), '*');
  assert.match(headers.get('access-control-expose-headers') ?? '', /X-RateLimit-Remaining/);
  assert.deepEqual(
    { limit: headers.get('x-ratelimit-limit'), used: headers.get('x-ratelimit-used'), remaining: headers.get('x-ratelimit-remaining') },
    expected,
  );
  assert.match(headers.get('x-ratelimit-reset') ?? '', /^\d+$/);
}

describe('MCP transport: stateless Streamable HTTP on the REST port', () => {
  let harness: McpHarness;
  before(async () => { harness = await McpHarness.start(); });
  after(() => harness.close());

  test('the SDK client connects without a key and negotiates the SDK\'s latest protocol revision', async () => {
    const session = await harness.connect();
    assert.equal(session.client.getServerVersion()?.name, 'tcg-catalog');
    assert.ok(session.client.getServerCapabilities()?.tools);
    assert.match(session.client.getInstructions() ?? '', /get_api_key/);
    assert.match(session.client.getInstructions() ?? '', /compact rows \(detail "full" for every field\); get_card tells what a card does/);
    const initialize = await harness.post(INITIALIZE);
    assert.equal((initialize.body as { result: { protocolVersion: string } }).result.protocolVersion, LATEST_PROTOCOL_VERSION);
    await session.close();
  });

  test('no session id is issued, and every request stands alone', async () => {
    const initialize = await harness.post(INITIALIZE);
    assert.equal(initialize.headers.get('mcp-session-id'), null);
    // tools/list without any initialize before it, as a stateless server must allow
    const list = await harness.post({ jsonrpc: '2.0', id: 2, method: 'tools/list' },
      { 'mcp-protocol-version': LATEST_PROTOCOL_VERSION });
    assert.equal(list.status, 200);
    assert.equal((list.body as { result: { tools: unknown[] } }).result.tools.length, 8);
  });

  test('POST responses carry CORS and the unkeyed rate-limit headers', async () => {
    const initialize = await harness.post(INITIALIZE, { origin: 'https://agent.example' });
    assert.equal(initialize.status, 200);
    assertCorsAndRateLimit(initialize.headers);
    const notification = await harness.post({ jsonrpc: '2.0', method: 'notifications/initialized' });
    assert.equal(notification.status, 202);
    assertCorsAndRateLimit(notification.headers);
  });

  for (const method of ['GET', 'DELETE']) {
    test(`${method} /mcp answers 405 with a JSON-RPC error, CORS and rate-limit headers`, async () => {
      const response = await fetch(new URL('/mcp', harness.baseUrl), { method, headers: { accept: 'text/event-stream' } });
      assert.equal(response.status, 405);
      assert.equal(response.headers.get('allow'), 'POST, OPTIONS');
      assertCorsAndRateLimit(response.headers);
      const body = await response.json() as { jsonrpc: string; error: { code: number; message: string }; id: null };
      assert.equal(body.jsonrpc, '2.0');
      assert.equal(body.error.code, -32000);
      assert.match(body.error.message, new RegExp(`${method} /mcp`));
      assert.equal(body.id, null);
    });
  }

  test('a preflight for /mcp allows Authorization, Content-Type and the MCP headers', async () => {
    const response = await fetch(new URL('/mcp', harness.baseUrl), {
      method: 'OPTIONS',
      headers: { origin: 'https://agent.example', 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization, mcp-protocol-version' },
    });
    assert.equal(response.status, 204);
    assert.equal(response.headers.get('access-control-allow-origin'), '*');
    const allowed = (response.headers.get('access-control-allow-headers') ?? '').toLowerCase();
    for (const header of ['authorization', 'content-type', 'mcp-protocol-version', 'mcp-session-id']) assert.ok(allowed.includes(header), header);
  });

  test('a body that is not JSON gets a JSON-RPC parse error', async () => {
    const response = await fetch(new URL('/mcp', harness.baseUrl), {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: '{"jsonrpc": ',
    });
    assert.equal(response.status, 400);
    assertCorsAndRateLimit(response.headers);
    assert.deepEqual(await response.json(), {
      jsonrpc: '2.0', error: { code: -32700, message: 'Parse error: the request body must be valid JSON' }, id: null,
    });
  });

  test('a body over 16 KiB and a body that is not sent as JSON get JSON-RPC errors with REST\'s statuses', async () => {
    const post = (contentType: string, body: string) => fetch(new URL('/mcp', harness.baseUrl), {
      method: 'POST', headers: { 'content-type': contentType, accept: 'application/json, text/event-stream' }, body,
    });
    const large = await post('application/json', JSON.stringify({ ...INITIALIZE, padding: 'x'.repeat(17 * 1024) }));
    assert.equal(large.status, 413);
    assertCorsAndRateLimit(large.headers);
    assert.deepEqual(await large.json(), {
      jsonrpc: '2.0', error: { code: -32600, message: 'the request body is larger than 16 KiB' }, id: null,
    });
    const text = await post('text/plain', JSON.stringify(INITIALIZE));
    assert.equal(text.status, 415);
    assertCorsAndRateLimit(text.headers);
    assert.deepEqual(await text.json(), {
      jsonrpc: '2.0', error: { code: -32000, message: 'Unsupported Media Type: Content-Type must be application/json' }, id: null,
    });
    const empty = await post('application/json', '');
    assert.equal(empty.status, 400);
    assert.deepEqual(await empty.json(), {
      jsonrpc: '2.0', error: { code: -32700, message: 'Parse error: the request body must be valid JSON' }, id: null,
    });
  });

  test('an unknown tool is a JSON-RPC invalid-params error naming the tools', async () => {
    const response = await harness.post({ jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'get_price', arguments: {} } });
    const { error } = response.body as { error: { code: number; message: string } };
    assert.equal(error.code, -32602);
    assert.match(error.message, /unknown tool get_price; the tools are search_cards, get_card/);
  });
});
