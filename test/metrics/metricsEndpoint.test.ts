import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { LATEST_PROTOCOL_VERSION } from '@modelcontextprotocol/sdk/types.js';
import type { AccessStore } from '../../src/access/accessStore.js';
import { DEFAULT_STORE_OPTIONS } from '../../src/config.js';
import { DEMO_CATALOG_DIR } from '../../src/importer/demoCatalog.js';
import { readOwnExport } from '../../src/importer/sources/ownExport.js';
import { openAccessStore } from '../../src/store/open.js';
import { LogCapture, startChildServer, waitForLog, type ChildServer } from '../support/childProcess.js';
import { issueKey } from '../support/keys.js';
import { scrape, valueOf, type Sample } from '../support/prometheus.js';
import { rawRequest } from '../support/rawHttp.js';

const CARD = '/v1/cards?id=en-base1-4';

describe('metrics on METRICS_PORT, after known traffic', { timeout: 60_000 }, () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'tcg-metrics-'));
  const databaseUrl = `file:${path.join(dir, 'catalog.db')}`;
  const logs = new LogCapture();
  let server: ChildServer;
  let metricsUrl: string;
  let accessStore: AccessStore;
  let samples: Sample[];
  const statuses: Record<string, number> = {};

  const send = async (name: string, pathAndQuery: string, init: RequestInit = {}) => {
    const response = await fetch(server.baseUrl + pathAndQuery, init);
    await response.arrayBuffer();
    statuses[name] = response.status;
    return response;
  };
  const createKey = (name: string, email: string) => send(name, '/v1/keys', {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email }),
  });
  const callTool = (name: string, key: string, args: Record<string, unknown>) => fetch(`${server.baseUrl}/mcp`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json', accept: 'application/json, text/event-stream',
      'mcp-protocol-version': LATEST_PROTOCOL_VERSION, authorization: `Bearer ${key}`,
    },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } }),
  }).then(async (response) => ({ status: response.status, body: await response.json() as { result: { isError?: boolean } } }));

  before(async () => {
    server = await startChildServer({ DATABASE_URL: databaseUrl, LOG_LEVEL: 'info', METRICS_PORT: '0' }, logs);
    metricsUrl = (await waitForLog(logs, /metrics at (http:\/\/127\.0\.0\.1:\d+\/metrics)/))[1]!;
    accessStore = await openAccessStore(databaseUrl, DEFAULT_STORE_OPTIONS);

    // Keys: one created, the same email again (409), a body without an email (400).
    await createKey('new key', 'metrics@example.test');
    await createKey('same email again', 'metrics@example.test');
    await send('key without email', '/v1/keys', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    const key = await issueKey(accessStore, { monthlyLimit: 1000 });
    const exhausted = await issueKey(accessStore, { monthlyLimit: 1 });
    const bearer = (k: string) => ({ headers: { authorization: `Bearer ${k}` } });

    for (let i = 0; i < 3; i++) await send(`card ${i}`, CARD, bearer(key));
    await send('card without key', CARD);
    await send('sets with the last call of a month', '/v1/sets?limit=1', bearer(exhausted));
    await send('sets past the month', '/v1/sets?limit=1', bearer(exhausted));
    await send('no such path', '/nowhere');
    await send('metrics on the public port', '/metrics');
    const port = Number(new URL(server.baseUrl).port);
    statuses['not HTTP'] = (await rawRequest(port, 'GET /v1/sets HTTP/1.1\r\nHost: 127.0.0.1\r\nBad Header: x\r\n\r\n')).status;
    statuses['headers too large'] = (await rawRequest(port, `GET /v1/sets HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: ${'b'.repeat(17 * 1024)}\r\n\r\n`)).status;
    assert.equal((await callTool('get_card', key, { id: 'en-base1-4' })).body.result.isError, undefined);
    assert.equal((await callTool('get_card', exhausted, { id: 'en-base1-4' })).body.result.isError, true);
    samples = await scrape(metricsUrl);
  });
  after(async () => {
    await accessStore?.close();
    if (server && server.child.exitCode === null) {
      server.child.kill('SIGTERM');
      await server.exited;
    }
    rmSync(dir, { recursive: true, force: true });
  });

  it('the traffic got the answers the counts below assume', () => {
    assert.deepEqual(statuses, {
      'new key': 201, 'same email again': 409, 'key without email': 400,
      'card 0': 200, 'card 1': 200, 'card 2': 200, 'card without key': 401,
      'sets with the last call of a month': 200, 'sets past the month': 429,
      'no such path': 404, 'metrics on the public port': 404, 'not HTTP': 400, 'headers too large': 431,
    });
  });

  it('counts requests by method, route pattern and status, never by URL', () => {
    const requests = (method: string, route: string, status: number) =>
      valueOf(samples, 'tcg_http_requests_total', { method, route, status: String(status) });
    assert.equal(requests('GET', '/v1/cards', 200), 3);
    assert.equal(requests('GET', '/v1/cards', 401), 1);
    assert.equal(requests('GET', '/v1/sets', 200), 1);
    assert.equal(requests('GET', '/v1/sets', 429), 1);
    assert.equal(requests('POST', '/v1/keys', 201), 1);
    assert.equal(requests('POST', '/v1/keys', 409), 1);
    assert.equal(requests('POST', '/v1/keys', 400), 1);
    assert.equal(requests('GET', '(unmatched)', 404), 2, '/nowhere and /metrics, under one label');
    assert.equal(requests('POST', '/mcp', 200), 2);
    assert.equal(requests('(unread)', '(unread)', 400), 1, 'a request the server could not read, answered before any route');
    assert.equal(requests('(unread)', '(unread)', 431), 1);
    const counted = samples.filter((s) => s.name === 'tcg_http_requests_total');
    assert.deepEqual([...new Set(counted.map((s) => s.labels.route))].sort(),
      ['(unmatched)', '(unread)', '/mcp', '/v1/cards', '/v1/keys', '/v1/sets'], 'no URL, no query string as a label');
    assert.equal(counted.reduce((sum, s) => sum + s.value, 0), 15, 'every request once');
  });

  it('has a latency histogram by route', () => {
    assert.equal(valueOf(samples, 'tcg_http_request_duration_seconds_count', { method: 'GET', route: '/v1/cards' }), 4);
    assert.equal(valueOf(samples, 'tcg_http_request_duration_seconds_bucket', { method: 'GET', route: '/v1/cards', le: '+Inf' }), 4);
    const sum = valueOf(samples, 'tcg_http_request_duration_seconds_sum', { method: 'GET', route: '/v1/cards' })!;
    assert.ok(sum > 0 && sum < 20, `${sum} s for 4 requests`);
    assert.equal(valueOf(samples, 'tcg_http_request_duration_seconds_count', { method: '(unread)', route: '(unread)' }), undefined,
      'no latency for a request that has no start');
  });

  it('counts quota refusals on each edge, key creations by outcome and MCP tool calls', () => {
    assert.equal(valueOf(samples, 'tcg_quota_refusals_total', { edge: 'rest' }), 1);
    assert.equal(valueOf(samples, 'tcg_quota_refusals_total', { edge: 'mcp' }), 1);
    const creations = (outcome: string) => valueOf(samples, 'tcg_key_creations_total', { edge: 'rest', outcome });
    assert.deepEqual(['created', 'email-taken', 'address-limit', 'invalid'].map(creations), [1, 1, 0, 1]);
    assert.equal(valueOf(samples, 'tcg_key_creations_total', { edge: 'mcp', outcome: 'created' }), 0);
    assert.equal(valueOf(samples, 'tcg_mcp_tool_calls_total', { tool: 'get_card', outcome: 'ok' }), 1);
    assert.equal(valueOf(samples, 'tcg_mcp_tool_calls_total', { tool: 'get_card', outcome: 'refused' }), 1);
    assert.equal(valueOf(samples, 'tcg_database_unavailable_total', { edge: 'rest' }), 0);
  });

  it('reads the caches\' hits and misses: every catalog read and key lookup is one or the other', () => {
    const cache = (name: string, cache: string) => valueOf(samples, name, { cache })!;
    // Catalog reads: 3 cards and 1 get_card (one card), 1 set list. A read while the version is unconfirmed is a miss.
    assert.equal(cache('tcg_cache_hits_total', 'catalog') + cache('tcg_cache_misses_total', 'catalog'), 5);
    assert.ok(cache('tcg_cache_misses_total', 'catalog') >= 2, 'the card and the set list were read once at least');
    assert.ok(cache('tcg_cache_hits_total', 'catalog') >= 1);
    // Key lookups: 3 cards, 2 sets and 2 tool calls with a key (the 401 sent none), each tool call once: the
    // endpoint's check, which counts the call and answers the 401 challenge (before the SDK, which cannot answer 401).
    assert.equal(cache('tcg_cache_hits_total', 'keys') + cache('tcg_cache_misses_total', 'keys'), 7);
    assert.ok(cache('tcg_cache_misses_total', 'keys') >= 2, 'each key was looked up in the database once at least');
    assert.ok(cache('tcg_cache_entries', 'catalog') >= 2);
  });

  it('reports the catalog\'s version, size and import time from the store', async () => {
    // The service seeds the demo catalog, as a fresh clone's does.
    const demo = (await readOwnExport(DEMO_CATALOG_DIR)).catalog;
    assert.equal(valueOf(samples, 'tcg_catalog_sets'), demo.sets.length);
    assert.equal(valueOf(samples, 'tcg_catalog_cards'), demo.cards.length);
    const info = samples.filter((s) => s.name === 'tcg_catalog_info');
    assert.equal(info.length, 1);
    assert.match(info[0]!.labels.version!, /^[0-9a-f-]{36}$/);
    const importedAt = valueOf(samples, 'tcg_catalog_imported_timestamp_seconds')!;
    assert.ok(Math.abs(importedAt - Date.now() / 1000) < 120, 'the demo catalog was imported at start');
  });

  it('has Node\'s default process metrics', () => {
    assert.ok(valueOf(samples, 'process_cpu_user_seconds_total')! > 0);
    assert.ok(valueOf(samples, 'process_resident_memory_bytes')! > 0);
    assert.ok(samples.some((s) => s.name === 'nodejs_eventloop_lag_p99_seconds'));
  });

  it('the public port answers 404 JSON for /metrics; the metrics port serves GET /metrics only', async () => {
    const publicAnswer = await fetch(`${server.baseUrl}/metrics`);
    assert.equal(publicAnswer.status, 404);
    assert.deepEqual(await publicAnswer.json(), { error: 'no such path: GET /metrics; see /openapi.json', code: 'unknown_path' });
    const metricsAnswer = await fetch(metricsUrl);
    assert.equal(metricsAnswer.status, 200);
    assert.match(metricsAnswer.headers.get('content-type') ?? '', /^text\/plain; version=0\.0\.4/);
    await metricsAnswer.arrayBuffer();
    const elsewhere = await fetch(metricsUrl.replace('/metrics', '/v1/cards'));
    assert.equal(elsewhere.status, 404);
    assert.deepEqual(await elsewhere.json(), { error: 'no such path: the metrics are at GET /metrics', code: 'unknown_path' });
    const posted = await fetch(metricsUrl, { method: 'POST' });
    assert.equal(posted.status, 404);
    await posted.arrayBuffer();
  });

  it('a second scrape sees the first scrape\'s public 404 and nothing of the scrapes themselves', async () => {
    const again = await scrape(metricsUrl);
    assert.equal(valueOf(again, 'tcg_http_requests_total', { method: 'GET', route: '(unmatched)', status: '404' }), 3);
  });
});
