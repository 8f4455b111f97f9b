import assert from 'node:assert/strict';
import { request as httpRequest } from 'node:http';
import { after, before, describe, test } from 'node:test';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { LATEST_PROTOCOL_VERSION } from '@modelcontextprotocol/sdk/types.js';
import { McpHarness } from '../support/mcpHarness.js';

/** A POST to /mcp over node:http, which (unlike fetch) neither asks for nor undoes a content coding by itself. */
function postRaw(baseUrl: string, message: unknown, headers: Record<string, string>): Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const body = JSON.stringify(message);
    const sent = httpRequest(new URL('/mcp', baseUrl), {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream',
        'mcp-protocol-version': LATEST_PROTOCOL_VERSION, 'content-length': String(Buffer.byteLength(body)), ...headers },
    }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks) }));
    });
    sent.on('error', reject);
    sent.end(body);
  });
}

const LIST = { jsonrpc: '2.0', id: 1, method: 'tools/list' };
const SEARCH = { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'search_cards', arguments: { q: 'pika', limit: 1 } } };

describe('MCP answers are compressed when the client accepts it', () => {
  let harness: McpHarness;
  let key: string;
  before(async () => {
    harness = await McpHarness.start();
    key = await harness.issueKey();
  });
  after(() => harness.close());

  const bigCall = { jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'list_cards_in_set', arguments: { set_id: 'en-base1', detail: 'full' } } };
  for (const [what, message] of [['tools/list', LIST], ['a tools/call', bigCall]] as const) {
    test(`${what}: br, gzip, or as it is`, async () => {
      const headers = { authorization: `Bearer ${key}` };
      const plain = await postRaw(harness.baseUrl, message, headers);
      assert.equal(plain.status, 200);
      assert.equal(plain.headers['content-encoding'], undefined);
      assert.equal(plain.headers.vary, 'Accept-Encoding');
      const expected = JSON.parse(plain.body.toString()) as Record<string, unknown>;
      assert.ok(plain.body.length > 1024);
      const br = await postRaw(harness.baseUrl, message, { ...headers, 'accept-encoding': 'br, gzip' });
      assert.equal(br.headers['content-encoding'], 'br');
      assert.equal(Number(br.headers['content-length']), br.body.length);
      assert.ok(br.body.length < plain.body.length / 3, `${br.body.length} of ${plain.body.length}`);
      assert.deepEqual(JSON.parse(brotliDecompressSync(br.body).toString()), expected);
      const gzip = await postRaw(harness.baseUrl, message, { ...headers, 'accept-encoding': 'gzip' });
      assert.equal(gzip.headers['content-encoding'], 'gzip');
      assert.deepEqual(JSON.parse(gunzipSync(gzip.body).toString()), expected);
    });
  }

  test('a small answer is sent as it is', async () => {
    const small = await postRaw(harness.baseUrl, { jsonrpc: '2.0', id: 4, method: 'tools/call', params: { name: 'get_set', arguments: { id: 'en-nope' } } },
      { authorization: `Bearer ${key}`, 'accept-encoding': 'br' });
    assert.equal(small.headers['content-encoding'], undefined);
    assert.match(small.body.toString(), /no set with id en-nope/);
  });

  test('the SDK client reads compressed answers (fetch asks for them)', async () => {
    const session = await harness.connect(key);
    assert.ok((await session.client.listTools()).tools.length > 0);
    const { result, response } = await session.call('search_cards', SEARCH.params.arguments);
    assert.notEqual(result.isError, true);
    assert.equal(response.status, 200);
    await session.close();
  });
});
