import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { LATEST_PROTOCOL_VERSION } from '@modelcontextprotocol/sdk/types.js';
import { readAllowedOrigins, ConfigError } from '../../src/config.js';
import { McpHarness } from '../support/mcpHarness.js';

const LIST = { jsonrpc: '2.0', id: 1, method: 'tools/list' };
const CALL = { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'get_set', arguments: { id: 'en-base1' } } };
const VERSION = { 'mcp-protocol-version': LATEST_PROTOCOL_VERSION };

describe('MCP Accept: as the SDK takes it, per revision', () => {
  let harness: McpHarness;
  let key: string;
  before(async () => {
    harness = await McpHarness.start();
    key = await harness.issueKey();
  });
  after(() => harness.close());

  test('a 2025-era request must accept both JSON and the event stream (the 2025 transport), and is answered JSON', async () => {
    for (const accept of ['application/json, text/event-stream', 'text/event-stream, application/json;q=0.9']) {
      const list = await harness.post(LIST, { ...VERSION, accept });
      assert.equal(list.status, 200, accept);
      assert.equal(list.headers.get('content-type'), 'application/json');
      assert.ok((list.body as { result: { tools: unknown[] } }).result.tools.length > 0);
      const call = await harness.post(CALL, { ...VERSION, accept, authorization: `Bearer ${key}` });
      assert.equal((call.body as { result: { structuredContent: { data: { id: string } } } }).result.structuredContent.data.id, 'en-base1');
    }
    for (const accept of ['application/json', '*/*', 'text/event-stream', 'text/html']) {
      const answer = await harness.post(LIST, { ...VERSION, accept });
      assert.equal(answer.status, 406, accept);
      assert.equal((answer.body as { error: { code: number } }).error.code, -32000);
      assert.match((answer.body as { error: { message: string } }).error.message, /^Not Acceptable: /);
    }
  });

  test('a 2026-07-28 request is answered JSON whatever its Accept (the revision answers JSON or an event stream, this server JSON)', async () => {
    const meta = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {} };
    for (const accept of ['application/json', '*/*', '']) {
      const list = await harness.post({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: { _meta: meta } },
        { accept, 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'tools/list' });
      assert.equal(list.status, 200, accept);
      assert.equal(list.headers.get('content-type'), 'application/json');
    }
  });
});

describe('MCP Origin: any site by default; MCP_ALLOWED_ORIGINS narrows it', () => {
  test('without an allowlist, any Origin is answered (an API used from any site, with keys, no cookies)', async () => {
    const harness = await McpHarness.start();
    try {
      for (const origin of ['https://agent.example', 'null', 'http://localhost:6274']) {
        assert.equal((await harness.post(LIST, { ...VERSION, origin })).status, 200, origin);
      }
    } finally {
      await harness.close();
    }
  });

  test('with an allowlist, an Origin outside it is 403, one in it and none at all are answered', async () => {
    const harness = await McpHarness.start({ mcpAllowedOrigins: ['https://app.example.com', 'http://localhost:6274'] });
    try {
      const refused = await harness.post(LIST, { ...VERSION, origin: 'https://evil.example' });
      assert.equal(refused.status, 403);
      assert.deepEqual(refused.body, { jsonrpc: '2.0', error: { code: -32000, message: 'Forbidden: this server does not take MCP requests from that Origin' }, id: null });
      assert.equal(refused.headers.get('access-control-allow-origin'), '*', 'a browser script can read the refusal');
      assert.equal((await harness.post(CALL, { ...VERSION, origin: 'https://evil.example' })).status, 403, 'a tool call too');
      assert.equal((await harness.post(LIST, { ...VERSION, origin: 'https://app.example.com' })).status, 200);
      assert.equal((await harness.post(LIST, { ...VERSION, origin: 'http://localhost:6274' })).status, 200);
      assert.equal((await harness.post(LIST, VERSION)).status, 200, 'no Origin: not a browser');
      const session = await harness.connect();
      assert.ok((await session.client.listTools()).tools.length > 0, 'the SDK client sends no Origin');
      await session.close();
    } finally {
      await harness.close();
    }
  });

  test('MCP_ALLOWED_ORIGINS is read as origins separated by commas, and a value that is not an origin fails at start', () => {
    assert.equal(readAllowedOrigins(undefined), null);
    assert.equal(readAllowedOrigins(' '), null);
    assert.deepEqual(readAllowedOrigins('HTTPS://App.Example.com'), ['https://app.example.com']);
    assert.deepEqual(readAllowedOrigins('https://app.example.com, http://localhost:6274/'), ['https://app.example.com', 'http://localhost:6274']);
    for (const bad of ['app.example.com', 'https://app.example.com/path', '*', 'null']) {
      assert.throws(() => readAllowedOrigins(bad), ConfigError, bad);
    }
  });
});
