/**
 * What a fresh MCP server and transport per request costs. First the pair alone, in process;
 * then the same read over REST and over /mcp (tools/call), tools/list and a bare ping, against
 * the demo catalog on a fresh SQLite file. The service runs in a child process so the load
 * generator does not share its event loop. Access is an allow-all stub on both sides (REST's key
 * hook calls it too), so neither pays for quota writes. Reported: wall-clock time per sequential
 * call, throughput and latency under load, and the service's CPU time per request (the number
 * that holds when the machine is shared).
 *
 *   node dist/bench/mcpOverhead.js [seconds per run, default 5] [connections, default 10]
 */
import { fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { CatalogQueries } from '../src/catalog/catalogQueries.js';
import { createMcpServer } from '../src/mcp/server.js';
import { McpToolbox } from '../src/mcp/toolbox.js';
import { NO_METRICS } from '../src/metrics/serviceMetrics.js';
import { MCP_TOOLS } from '../src/mcp/tools.js';
import type { AccessControl } from '../src/access/accessControl.js';
import { FREE_MONTHLY_LIMIT, nextMonthStart } from '../src/access/monthlyQuota.js';
import { buildApp } from '../src/app.js';
import { AccessTokens } from '../src/access/accessTokens.js';
import { seedDemoCatalog } from '../src/importer/demoCatalog.js';
import type { CatalogStore } from '../src/catalog/catalogStore.js';
import type { AnswerCache } from '../src/catalog/answerCache.js';
import { SqliteCatalogBackend } from '../src/store/sqlite/sqliteCatalogBackend.js';
import { StoredCatalog } from '../src/catalog/storedCatalog.js';
import { DeckChecker } from '../src/decks/deckCheck.js';

const allowAll: AccessControl = {
  authorizeAndCount: async () => ({ allowed: true, keyId: 'bench', keyPrefix: 'tcgk_bench000', allowance: { limit: FREE_MONTHLY_LIMIT, used: 1, reset: nextMonthStart(new Date()) } }),
  authorize: async () => ({ allowed: true, keyId: 'bench', keyPrefix: 'tcgk_bench000', allowance: { limit: FREE_MONTHLY_LIMIT, used: 0, reset: nextMonthStart(new Date()) } }),
  createKey: async () => { throw new Error('not in this benchmark'); },
  keyCreationAllowance: async () => { throw new Error('not in this benchmark'); },
  isValidKey: async () => true,
  tokens: new AccessTokens(),
  activeKeyHash: async () => null,
  isActiveKeyHash: async () => true,
  spendGrant: async () => true,
  ping: async () => true,
};

async function serve(): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), 'tcg-bench-'));
  const store = new StoredCatalog(new SqliteCatalogBackend(path.join(dir, 'catalog.db')));
  await seedDemoCatalog(store);
  const app = await buildApp({ config: { publicBaseUrl: 'http://127.0.0.1', trustProxy: false, unkeyedRequestsPerMinute: 0 }, store, access: allowAll });
  await app.listen({ port: 0, host: '127.0.0.1' });
  process.send!({ port: (app.server.address() as AddressInfo).port });
  // CPU time is the measure that holds on a busy machine, where wall-clock latency does not.
  process.on('message', () => {
    const { user, system } = process.cpuUsage();
    process.send!({ cpuMicros: user + system });
  });
  process.on('disconnect', () => {
    void app.close().then(() => store.close()).then(() => rmSync(dir, { recursive: true, force: true })).then(() => process.exit(0));
  });
}

interface Target {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  body?: string;
}

const MCP_HEADERS = {
  'content-type': 'application/json',
  accept: 'application/json, text/event-stream',
  'mcp-protocol-version': '2025-11-25',
  authorization: 'Bearer bench',
};
const rpc = (method: string, params?: unknown) => JSON.stringify({ jsonrpc: '2.0', id: 1, method, params });

const TARGETS: Target[] = [
  { name: 'REST GET /v1/sets?id=en-base1', method: 'GET', path: '/v1/sets?id=en-base1' },
  { name: 'MCP tools/call get_set en-base1', method: 'POST', path: '/mcp', body: rpc('tools/call', { name: 'get_set', arguments: { id: 'en-base1' } }) },
  { name: 'REST GET /v1/cards?q=pikachu', method: 'GET', path: '/v1/cards?q=pikachu' },
  { name: 'MCP tools/call search_cards pikachu', method: 'POST', path: '/mcp', body: rpc('tools/call', { name: 'search_cards', arguments: { q: 'pikachu' } }) },
  { name: 'MCP tools/list', method: 'POST', path: '/mcp', body: rpc('tools/list') },
  { name: 'MCP ping (the protocol alone)', method: 'POST', path: '/mcp', body: rpc('ping') },
];

async function sequentialMs(base: string, target: Target, calls: number): Promise<number> {
  const init = { method: target.method, headers: target.method === 'POST' ? MCP_HEADERS : { authorization: 'Bearer bench' }, body: target.body };
  for (let i = 0; i < 50; i += 1) await (await fetch(base + target.path, init)).arrayBuffer();
  const start = performance.now();
  for (let i = 0; i < calls; i += 1) {
    const response = await fetch(base + target.path, init);
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`${target.name}: HTTP ${response.status}`);
  }
  return (performance.now() - start) / calls;
}

/** CPU microseconds per iteration of `work`, after a warm-up. */
async function cpuMicrosEach(iterations: number, work: () => Promise<void>): Promise<number> {
  for (let i = 0; i < 200; i += 1) await work();
  const start = process.cpuUsage();
  for (let i = 0; i < iterations; i += 1) await work();
  const { user, system } = process.cpuUsage(start);
  return (user + system) / iterations;
}

/** The pair alone, in process: build, connect and close a server and its transport. */
async function freshPairCost(): Promise<void> {
  const neverQueried = {} as CatalogStore;
  const noAnswers = {} as AnswerCache;
  const toolbox = new McpToolbox(MCP_TOOLS, {
    queries: new CatalogQueries(neverQueried, noAnswers), decks: new DeckChecker(neverQueried, noAnswers), access: allowAll, metrics: NO_METRICS,
  });
  const context = { authorization: undefined, clientAddress: '127.0.0.1', log: console as never, onAllowance: () => {}, onKeyRefused: async () => {} };
  const pair = async (server: Server) => {
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    await server.connect(transport);
    await server.close();
  };
  const shared = await cpuMicrosEach(5000, () => pair(createMcpServer(toolbox, context)));
  // What the SDK does when a server is not handed a validator: a new Ajv per server.
  const ownAjv = await cpuMicrosEach(2000, () => pair(new Server({ name: 'bench', version: '1' }, { capabilities: { tools: {} } })));
  console.log(`fresh server + transport, connect and close: ${shared.toFixed(0)} µs CPU ` +
    `(with the SDK's default validator, a new Ajv per server: ${ownAjv.toFixed(0)} µs)\n`);
}

async function main(): Promise<void> {
  await freshPairCost();
  const seconds = Number(process.argv[2] ?? 5);
  const connections = Number(process.argv[3] ?? 10);
  const child = fork(fileURLToPath(import.meta.url), ['--serve']);
  const port = await new Promise<number>((resolve) => child.once('message', (message) => resolve((message as { port: number }).port)));
  const serviceCpuMicros = () => new Promise<number>((resolve) => {
    child.once('message', (message) => resolve((message as { cpuMicros: number }).cpuMicros));
    child.send('cpu');
  });
  const base = `http://127.0.0.1:${port}`;
  console.log(`${seconds}s per run, ${connections} connections; service in a child process\n`);
  console.log('target'.padEnd(38), 'seq ms/call', 'req/s'.padStart(8), 'p50 ms'.padStart(7), 'p99 ms'.padStart(7), 'CPU µs/req'.padStart(11));
  for (const target of TARGETS) {
    const sequential = await sequentialMs(base, target, 500);
    const cpuBefore = await serviceCpuMicros();
    const result = await autocannon({
      url: base + target.path,
      method: target.method,
      headers: target.method === 'POST' ? MCP_HEADERS : { authorization: 'Bearer bench' },
      body: target.body,
      connections,
      duration: seconds,
    });
    const cpuPerRequest = (await serviceCpuMicros() - cpuBefore) / result.requests.total;
    if (result.non2xx > 0 || result.errors > 0) throw new Error(`${target.name}: ${result.non2xx} non-2xx, ${result.errors} errors`);
    console.log(target.name.padEnd(38), sequential.toFixed(3).padStart(11), String(Math.round(result.requests.average)).padStart(8),
      String(result.latency.p50).padStart(7), String(result.latency.p99).padStart(7), String(Math.round(cpuPerRequest)).padStart(11));
  }
  child.disconnect();
}

if (process.argv.includes('--serve')) await serve();
else await main();
