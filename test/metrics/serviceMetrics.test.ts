import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { CatalogStore } from '../../src/catalog/catalogStore.js';
import { StoreUnavailableError } from '../../src/storeUnavailable.js';
import { McpHarness } from '../support/mcpHarness.js';
import { scrape, valueOf } from '../support/prometheus.js';
import { startServer } from '../support/server.js';

describe('metrics of the edges, in process', () => {
  it('two servers in one process count on registries of their own', async () => {
    const [first, second] = await Promise.all([startServer({ metrics: true }), startServer({ metrics: true })]);
    try {
      for (const url of [`${first.baseUrl}/nowhere`, `${first.baseUrl}/nowhere`, `${second.baseUrl}/nowhere`]) {
        await (await fetch(url)).arrayBuffer();
      }
      const unmatched = { method: 'GET', route: '(unmatched)', status: '404' };
      assert.equal(valueOf(await scrape(first.metricsUrl!), 'tcg_http_requests_total', unmatched), 2);
      assert.equal(valueOf(await scrape(second.metricsUrl!), 'tcg_http_requests_total', unmatched), 1);
    } finally {
      await Promise.all([first.close(), second.close()]);
    }
  });

  it('a database that cannot be reached is counted on each edge, and the catalog gauges are unknown until it can be read', async () => {
    const unreachable = (store: CatalogStore): CatalogStore => Object.assign(Object.create(store) as CatalogStore, {
      getCard: async () => { throw new StoreUnavailableError(new Error('connection refused')); },
      catalogVersion: async () => { throw new StoreUnavailableError(new Error('connection refused')); },
    });
    const harness = await McpHarness.start({ metrics: true, wrapCatalog: unreachable });
    try {
      const key = await harness.issueKey();
      assert.equal((await harness.rest('/v1/cards?id=en-base1-4', { key })).status, 503);
      const session = await harness.connect(key);
      assert.equal((await session.call('get_card', { id: 'en-base1-4' })).result.isError, true);
      await session.close();

      const samples = await scrape(harness.server.metricsUrl!);
      assert.equal(valueOf(samples, 'tcg_database_unavailable_total', { edge: 'rest' }), 1);
      assert.equal(valueOf(samples, 'tcg_database_unavailable_total', { edge: 'mcp' }), 1);
      assert.equal(valueOf(samples, 'tcg_mcp_tool_calls_total', { tool: 'get_card', outcome: 'failed' }), 1);
      assert.equal(valueOf(samples, 'tcg_http_requests_total', { method: 'GET', route: '/v1/cards', status: '503' }), 1);
      assert.ok(!samples.some((s) => s.name === 'tcg_catalog_info'));
      for (const gauge of ['tcg_catalog_cards', 'tcg_catalog_sets', 'tcg_catalog_imported_timestamp_seconds']) {
        assert.ok(Number.isNaN(valueOf(samples, gauge)), `${gauge} is NaN (unknown), not 0`);
      }
    } finally {
      await harness.close();
    }
  });

  it('counts MCP tool calls by outcome, and keys asked for with get_api_key by outcome', async () => {
    const harness = await McpHarness.start({ metrics: true });
    try {
      const keyed = await harness.connect(await harness.issueKey());
      await keyed.call('get_card', { id: 'en-base1-4' });
      await keyed.call('get_card', { id: 'en-nowhere-1' });
      const unkeyed = await harness.connect();
      await assert.rejects(unkeyed.call('get_card', { id: 'en-base1-4' }), /needs an API key/, 'a keyed tool without a key is the HTTP 401 challenge');
      await unkeyed.call('get_api_key', { email: 'mcp-metrics@example.test' });
      await unkeyed.call('get_api_key', { email: 'mcp-metrics@example.test' });
      await unkeyed.call('get_api_key', { email: 'not an email' });
      await Promise.all([keyed.close(), unkeyed.close()]);

      const samples = await scrape(harness.server.metricsUrl!);
      const calls = (tool: string, outcome: string) => valueOf(samples, 'tcg_mcp_tool_calls_total', { tool, outcome });
      assert.deepEqual(['ok', 'error', 'invalid', 'refused', 'failed'].map((outcome) => calls('get_card', outcome)), [1, 1, undefined, 1, undefined]);
      assert.deepEqual(['ok', 'error', 'invalid'].map((outcome) => calls('get_api_key', outcome)), [1, 1, 1]);
      const creations = (outcome: string) => valueOf(samples, 'tcg_key_creations_total', { edge: 'mcp', outcome });
      // Arguments that are not a key request never reach the key service: the tool's "invalid" counts them.
      assert.deepEqual(['created', 'email-taken', 'address-limit', 'invalid'].map(creations), [1, 1, 0, 0]);
      assert.equal(valueOf(samples, 'tcg_quota_refusals_total', { edge: 'mcp' }), 0, 'a call without a key is a 401, not a quota refusal');
    } finally {
      await harness.close();
    }
  });
});
