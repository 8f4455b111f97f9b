import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
/** The revision the SDK 2.x client negotiates by server/discover. */
const MODERN_PROTOCOL_VERSION = '2026-07-28';
import { modernSdk, needsInspector, runInspectorCli, type InspectorRun } from '../support/inspector.js';
import { McpHarness } from '../support/mcpHarness.js';

/*
 * Real clients on both revisions: the MCP Inspector 2.x's CLI in its modern era (server/discover,
 * then per-request _meta and the routing headers) and its legacy era (initialize, 2025-11-25), and
 * the official SDK client it ships, @modelcontextprotocol/client 2.x, pinned to 2026-07-28 and in
 * its auto mode. The service is the one the operator runs, on loopback.
 */

const skip = needsInspector();

function parsed(run: InspectorRun): Record<string, any> {
  assert.equal(run.code, 0, `the Inspector failed (${run.code}):\n${run.stdout}\n${run.stderr}`);
  return JSON.parse(run.stdout) as Record<string, any>;
}

describe('the MCP Inspector and the official SDK client on both revisions', skip, () => {
  let harness: McpHarness;
  let key: string;
  let url: string;

  before(async () => {
    harness = await McpHarness.start();
    key = await harness.issueKey();
    url = new URL('/mcp', harness.baseUrl).href;
  });
  after(() => harness?.close());

  for (const era of ['modern', 'legacy'] as const) {
    test(`the Inspector's ${era} era lists the tools`, async () => {
      const listing = parsed(await runInspectorCli(url, ['--protocol-era', era, '--method', 'tools/list']));
      assert.equal(listing.tools.length, 8);
      assert.ok(listing.tools.some((tool: { name: string }) => tool.name === 'check_deck'));
    });

    test(`the Inspector's ${era} era calls a keyed tool with the key, and get_api_key without one`, async () => {
      const card = parsed(await runInspectorCli(url, ['--protocol-era', era, '--header', `Authorization: Bearer ${key}`,
        '--method', 'tools/call', '--tool-name', 'get_card', '--tool-arg', 'id=en-base1-4']));
      assert.equal(card.isError, undefined);
      assert.equal(card.structuredContent.data.name, 'Charizard');
      // Only the modern era carries the revision's result _meta.
      assert.equal(card._meta?.['io.modelcontextprotocol/serverInfo']?.name, era === 'modern' ? 'tcg-catalog' : undefined);
      const signUp = parsed(await runInspectorCli(url, ['--protocol-era', era,
        '--method', 'tools/call', '--tool-name', 'get_api_key', '--tool-arg', `email=${era}@example.com`]));
      assert.match(signUp.structuredContent.key, /^tcgk_/);
    });
  }

  test('the Inspector\'s modern era without a key meets the 401 challenge and asks for OAuth', async () => {
    const run = await runInspectorCli(url, ['--protocol-era', 'modern', '--method', 'tools/call', '--tool-name', 'get_card',
      '--tool-arg', 'id=en-base1-4']);
    assert.notEqual(run.code, 0);
    assert.match(run.stdout + run.stderr, /auth_required/);
  });

  for (const mode of [{ pin: MODERN_PROTOCOL_VERSION }, 'auto'] as const) {
    test(`the official SDK client 2.x (${JSON.stringify(mode)}) negotiates 2026-07-28 by server/discover, lists and calls`, async () => {
      const { Client, StreamableHTTPClientTransport } = modernSdk();
      const methods: Array<string | null> = [];
      const recordingFetch: typeof fetch = async (input, init) => {
        methods.push(new Headers(init?.headers).get('mcp-method'));
        return fetch(input, init);
      };
      const client = new Client({ name: 'tcg-catalog-tests', version: '1.0.0' }, { versionNegotiation: { mode } });
      await client.connect(new StreamableHTTPClientTransport(new URL(url),
        { fetch: recordingFetch, requestInit: { headers: { authorization: `Bearer ${key}` } } }));
      assert.equal(client.getProtocolEra(), 'modern');
      assert.equal(client.getNegotiatedProtocolVersion(), MODERN_PROTOCOL_VERSION);
      assert.equal(client.getServerVersion()?.name, 'tcg-catalog');
      assert.match(client.getInstructions() ?? '', /get_api_key/);
      assert.equal((await client.listTools()).tools.length, 8);
      const result = await client.callTool({ name: 'get_set', arguments: { id: 'en-base1' } });
      assert.equal(result.isError, undefined);
      assert.equal((result.structuredContent as { data: { id: string } }).data.id, 'en-base1');
      assert.deepEqual(methods, ['server/discover', 'tools/list', 'tools/call']);
      await client.close();
    });
  }
});
