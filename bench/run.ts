/**
 * npm run bench: the hot paths of the service on the full catalog, each beside a bare node:http
 * server answering a body of the same size in the same run, in alternating turns (BENCH_TURNS, 3,
 * sharing BENCH_SECONDS, 6), so the ratio says what our work costs.
 * Also: import time, cold start and resident memory with the full catalog. The load is wrk's where
 * it is installed or can be (loadGenerator.ts: root on Debian installs it), autocannon's otherwise.
 * Needs the shared TCGdex dump (../shared/data/tcgdex) or BENCH_SOURCE pointing at one.
 *
 * BENCH_DATABASE_URL serves an existing catalog (SQLite file: or postgres://) without importing.
 * BENCH_STORE=postgres imports into a throwaway database on the local server (127.0.0.1:5432, or
 * BENCH_POSTGRES_ADMIN_URL), dropped afterwards. BENCH_INSTANCES=N starts N service processes on
 * the one database and loads them all at once (the connections split between them), summing req/s.
 * Last, the issue's mixed workload (mixedWorkload.ts) on one fresh instance without the catalog cache
 * (CATALOG_CACHE_MB=0) and one with it (the default, or CATALOG_CACHE_MB), with the cache's hit ratio
 * as the instance's metrics (METRICS_PORT) count it. Before it, cheap requests behind heavy ones (behindHeavy.ts).
 * Then cold traffic (coldTraffic.ts): random card ids and random name fragments drawn from the catalog, on fresh
 * instances with the cache and without, with their resident memory. Then typed names (typedNames.ts): misspelled names
 * for /v1/cards/named?fuzzy= and name starts for /v1/cards/autocomplete, on 1 connection and on many.
 * Then the deck check (deckCheck.ts): a 60-card list of 20 lines checked on one connection and on BENCH_CONNECTIONS, several keys in turn,
 * on a fresh instance without the catalog cache and one with it.
 * Then what the front door's request log line costs (edgeOverhead.ts),
 * one card by id on SQLite and on PostgreSQL (storeComparison.ts), and MCP get_card beside REST and the SDK alone
 * (mcpFloor.ts), each in rounds of fresh servers loaded in turn (variantsInTurn.ts).
 * Then pokemontcg.io's API at /v2 (ptcgV2.ts): a card by id beside /v1's, and a mix of queries, cold and warm;
 * and the query language on /v1 (cardQueryMix.ts, `BENCH_ONLY='query language'`): its first queries, then its mix.
 * BENCH_ONLY=<regex> runs only the scenarios and sections whose names match (`search|behind`, `cold` for cold traffic alone, `random name` for its name fragments alone,
 * `typed names` for the named lookup and autocomplete alone, `deck check` for the deck check alone;
 * `front door`, `stores compared` or `mcp floor` alone import nothing: those comparisons serve the demo catalog);
 * CATALOG_CACHE_MB=0 runs the scenarios on an instance without the catalog cache, so each request
 * pays its query.
 * BENCH_AGAINST=<commit> runs instead this build against an earlier commit's, on both stores (againstCommit.ts); there,
 * BENCH_ONLY picks among its sections: `hot answers`, `first seconds after start`, `cold traffic`, or among their rows by
 * name (`one card by id|set list` for two hot rows alone, `random card ids` for that cold workload alone).
 */
import { type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { againstCommit } from './againstCommit.js';
import { createBenchDatabase } from './benchDatabase.js';
import { behindHeavy, type Instance } from './behindHeavy.js';
import { COLD_WORKLOADS, coldPools, coldTraffic } from './coldTraffic.js';
import { deckCheck } from './deckCheck.js';
import { typedNamePools, typedNames } from './typedNames.js';
import { edgeOverhead } from './edgeOverhead.js';
import { ptcgV2 } from './ptcgV2.js';
import { cardQueryMix } from './cardQueryMix.js';
import { mcpFloor } from './mcpFloor.js';
import { storeComparison } from './storeComparison.js';
import { median } from './variantsInTurn.js';
import { generateLoad, installWrkWherePossible, loadGeneratorName, type RequestShape } from './loadGenerator.js';
import { loadMixed, mixedPaths } from './mixedWorkload.js';
import { freePort, root, rssMiB, run, startProcess } from './processes.js';
import { DEFAULT_CATALOG_CACHE_MB } from '../src/config.js';

const source = process.env.BENCH_SOURCE ?? path.resolve(root, '../shared/data/tcgdex');
const duration = Number(process.env.BENCH_SECONDS ?? 6);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const givenDatabaseUrl = process.env.BENCH_DATABASE_URL;
const storeKind = process.env.BENCH_STORE ?? 'sqlite';
const instances = Number(process.env.BENCH_INSTANCES ?? 1);
if (!['sqlite', 'postgres'].includes(storeKind)) throw new Error('BENCH_STORE must be sqlite or postgres');
if (!Number.isInteger(instances) || instances < 1) throw new Error('BENCH_INSTANCES must be a positive integer');
const only = new RegExp(process.env.BENCH_ONLY ?? '', 'i');
/** Cold traffic runs when the pattern names the section or one of its workloads (BENCH_ONLY='random name'). */
const runsCold = only.test('cold traffic') || COLD_WORKLOADS.some((name) => only.test(name));

interface Scenario { name: string; path: string; method?: 'POST'; body?: string }
const mcpCall = (name: string, args: Record<string, unknown>) =>
  JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } });
const MCP_HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-11-25' };
/** The first 50 cards of 151 (en-sv03.5-001 to -050): what a collection app refreshes in one request. */
const BATCH_OF_50 = Array.from({ length: 50 }, (_, i) => `en-sv03.5-${String(i + 1).padStart(3, '0')}`);
const scenarios: Scenario[] = [
  { name: 'one card by id', path: '/v1/cards?id=en-base1-4' },
  { name: 'ids, a batch of 50 cards', path: `/v1/cards?ids=${BATCH_OF_50.join(',')}` },
  { name: 'a page of a set\'s cards', path: '/v1/cards?set=en-sv03.5&limit=50' },
  { name: 'a set list page', path: '/v1/sets?limit=50' },
  { name: 'search, common term', path: '/v1/cards?q=pikachu&limit=20' },
  { name: 'search, common term, English', path: '/v1/cards?q=pikachu&lang=en&limit=20' },
  { name: 'search, common trigram, 50 per page', path: '/v1/cards?q=ion&limit=50' },
  { name: 'search, rare term', path: '/v1/cards?q=wynaut&limit=20' },
  { name: 'search, 2-char CJK', path: `/v1/cards?q=${encodeURIComponent('ピカ')}&limit=20` },
  { name: 'filters alone, 50', path: '/v1/cards?type=Fire&subtype=Stage2&legal=expanded&limit=50' },
  { name: 'number=4/102', path: '/v1/cards?number=4%2F102' },
  { name: 'search_cards, 50 compact rows (MCP)', path: '/mcp', method: 'POST', body: mcpCall('search_cards', { q: 'pikachu', limit: 50 }) },
  { name: 'MCP get_card (tools/call)', path: '/mcp', method: 'POST', body: mcpCall('get_card', { id: 'en-base1-4' }) },
];

/** The table's turns per scenario: ours and the bare server's taken in alternation, so a machine that changes speed mid-run weighs on both. */
const turns = Math.max(1, Number(process.env.BENCH_TURNS ?? 3));
const turnSeconds = Math.max(1, Math.round(duration / turns));

/** A latency as the load generator gives it: whole ms from autocannon, to the hundredth from wrk. */
const ms = (value: number) => String(Number(value.toFixed(2)));

/** JIT and caches warmed by this much load before a scenario's turns, not measured. */
const WARM_UP_SECONDS = 1;

async function measure(url: string, headers: Record<string, string>, request: RequestShape = {}, share = connections, seconds = turnSeconds) {
  const result = await generateLoad(url, headers, seconds, share, undefined, request);
  if (result.failures > 0) throw new Error(`${url}: ${result.failures} non-2xx or failed`);
  return result;
}

/** The same load on every instance at once, the connections split between them: summed req/s, the worst p50 and p99. */
async function loadAll(urls: string[], headers: Record<string, string>, request: RequestShape = {}, seconds = turnSeconds) {
  const share = Math.max(1, Math.round(connections / urls.length));
  const results = await Promise.all(urls.map((url) => measure(url, headers, request, share, seconds)));
  return {
    rps: results.reduce((sum, r) => sum + r.rps, 0),
    p50: Math.max(...results.map((r) => r.p50)),
    p99: Math.max(...results.map((r) => r.p99)),
  };
}

/**
 * A scenario's row: `turns` turns of ours, each followed by one of the bare server's of the same
 * body size. req/s and p50 are the turns' medians, p99 the worst turn's, and the ratio the median of
 * each turn's ratio to the bare turn after it (one 5 s run of each, back to back, moved the ratio
 * by ±0.1 on this VM, whose speed changes from one minute to the next).
 */
async function alternate(ours: () => ReturnType<typeof loadAll>, bare: () => ReturnType<typeof measure>) {
  const rows: Array<{ ours: Awaited<ReturnType<typeof loadAll>>; bare: Awaited<ReturnType<typeof measure>> }> = [];
  for (let turn = 0; turn < turns; turn++) rows.push({ ours: await ours(), bare: await bare() });
  return {
    rps: median(rows.map((row) => row.ours.rps)),
    p50: median(rows.map((row) => row.ours.p50)),
    p99: Math.max(...rows.map((row) => row.ours.p99)),
    bareRps: median(rows.map((row) => row.bare.rps)),
    bareP99: Math.max(...rows.map((row) => row.bare.p99)),
    ratio: median(rows.map((row) => row.ours.rps / row.bare.rps)),
    ratios: rows.map((row) => (row.ours.rps / row.bare.rps).toFixed(2)).join(', '),
    p99s: rows.map((row) => ms(row.ours.p99)).join(', '),
  };
}

async function main(): Promise<void> {
  installWrkWherePossible();
  const against = process.env.BENCH_AGAINST;
  if (against) {
    await againstCommit(against, {
      source, connections, seconds: turnSeconds, turns,
      stores: (process.env.BENCH_STORES ?? 'sqlite,postgres').split(',').map((store) => store.trim()).filter(Boolean),
      keyCount: Number(process.env.BENCH_KEYS ?? 4000), only,
    });
    return;
  }
  // The comparisons in turn serve the demo catalog each: run alone (BENCH_ONLY=front, say), they need no import.
  const onFullCatalog = scenarios.some(({ name }) => only.test(name)) ||
    ['cheap behind heavy', 'mixed workload', 'typed names', 'deck check', 'pokemontcg.io v2', 'query language'].some((name) => only.test(name)) || runsCold;
  if (onFullCatalog) await fullCatalogRuns();
  // Turns of 2 s: short enough for the machine to change little from one variant's turn to the next's.
  if (only.test('front door')) await edgeOverhead(7, 2, connections);
  if (only.test('stores compared')) await storeComparison(3, 2, connections);
  if (only.test('mcp floor')) await mcpFloor(3, 2, connections);
}

/** Import, cold start, the scenarios' table, RSS, then the sections on the full catalog's instances. */
async function fullCatalogRuns(): Promise<void> {
  const work = mkdtempSync(path.join(os.tmpdir(), 'catalog-bench-'));
  const throwaway = !givenDatabaseUrl && storeKind === 'postgres' ? await createBenchDatabase() : undefined;
  const databaseUrl = givenDatabaseUrl ?? throwaway?.url ?? `file:${path.join(work, 'catalog.db')}`;
  const env = { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn' };
  try {
    let importSeconds = NaN;
    if (!givenDatabaseUrl) {
      if (!existsSync(source)) throw new Error(`no TCGdex dump at ${source}: set BENCH_SOURCE`);
      const started = performance.now();
      await run(process.execPath, ['dist/src/cli/import.js', source], env);
      importSeconds = (performance.now() - started) / 1000;
    }

    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    const startedAt = performance.now();
    const server = await startProcess(['dist/src/main.js'], { ...env, PORT: String(port), HOST: '127.0.0.1' }, `${baseUrl}/healthz`);
    const coldStartMs = performance.now() - startedAt;
    const others: ChildProcess[] = [];
    const baseUrls = [baseUrl];
    for (let i = 1; i < instances; i++) {
      const otherPort = await freePort();
      baseUrls.push(`http://127.0.0.1:${otherPort}`);
      others.push(await startProcess(['dist/src/main.js'], { ...env, PORT: String(otherPort), HOST: '127.0.0.1' }, `${baseUrls[i]}/healthz`));
    }
    const barePort = await freePort();
    const bare = await startProcess(['dist/bench/bareServer.js'], { ...env, PORT: String(barePort) }, `http://127.0.0.1:${barePort}/2`);
    // An unlimited key, so every figure includes authentication and quota accounting.
    const key = (await run(process.execPath, ['dist/src/cli/keys.js', 'create', '--email', `bench-${Date.now()}@example.test`,
      '--tier', 'internal', '--unlimited'], env)).trim();
    const headers: Record<string, string> = { authorization: `Bearer ${key}` };

    console.log(`store: ${databaseUrl.startsWith('postgres') ? 'PostgreSQL' : 'SQLite'}, ${instances} instance(s)`);
    console.log(`import: ${Number.isNaN(importSeconds) ? 'skipped (BENCH_DATABASE_URL)' : `${importSeconds.toFixed(1)} s`}`);
    console.log(`cold start to first healthy answer: ${coldStartMs.toFixed(0)} ms`);
    console.log(`catalog cache: ${process.env.CATALOG_CACHE_MB === '0' ? 'off (CATALOG_CACHE_MB=0)' : `${process.env.CATALOG_CACHE_MB || String(DEFAULT_CATALOG_CACHE_MB)} MB`}`);
    const tableScenarios = scenarios.filter(({ name }) => only.test(name));
    if (tableScenarios.length > 0) {
      console.log(`load: ${loadGeneratorName()}, ${connections} connections; per scenario ${turns} turns of ${turnSeconds} s, ours then the bare server's, ` +
        'in alternation (req/s and p50: the median turn; p99: the worst; ratio: the median of the turns\' ratios, listed)\n');
      console.log('| scenario | bytes | req/s | p50 ms | p99 ms (each turn) | bare req/s | bare p99 ms | ratio (each turn) |');
      console.log('|---|---:|---:|---:|---:|---:|---:|---:|');
    }
    for (const scenario of tableScenarios) {
      const request = scenario.method ? { method: scenario.method, body: scenario.body } : {};
      const scenarioHeaders = scenario.method ? { ...headers, ...MCP_HEADERS } : headers;
      const response = await fetch(baseUrl + scenario.path, { headers: scenarioHeaders, ...request });
      const text = await response.text();
      // A batch with ids not found would measure less work than its name says.
      if (!response.ok || text.includes('"isError":true') || text.includes('"not_found":["')) {
        throw new Error(`${scenario.path}: ${response.status} ${text.slice(0, 2000)}`);
      }
      const size = Buffer.byteLength(text);
      const urls = baseUrls.map((url) => url + scenario.path);
      const bareUrl = `http://127.0.0.1:${barePort}/${size}`;
      await loadAll(urls, scenarioHeaders, request, WARM_UP_SECONDS);
      await measure(bareUrl, {}, {}, connections, WARM_UP_SECONDS);
      const row = await alternate(() => loadAll(urls, scenarioHeaders, request), () => measure(bareUrl, {}));
      console.log(`| ${scenario.name} | ${size} | ${row.rps.toFixed(0)} | ${ms(row.p50)} | ${ms(row.p99)} (${row.p99s}) | ` +
        `${row.bareRps.toFixed(0)} | ${ms(row.bareP99)} | ${row.ratio.toFixed(2)} (${row.ratios}) |`);
    }
    console.log(`\nserver RSS with the full catalog, after the runs: ${rssMiB(server.pid!).toFixed(0)} MiB`);
    const pools = runsCold ? await coldPools(getFrom(baseUrl, headers)) : undefined;
    const namePools = only.test('typed names') ? await typedNamePools(statusFrom(baseUrl, headers)) : undefined;
    const exits = [server, ...others].map((child) => new Promise((resolve) => child.once('exit', resolve)));
    for (const child of [server, ...others, bare]) child.kill('SIGTERM');
    await Promise.all(exits);
    if (only.test('cheap behind heavy')) await behindHeavy((extra) => startInstance({ ...env, ...extra }), headers, connections, duration);
    if (only.test('mixed workload')) await mixedRuns(env, headers);
    if (only.test('deck check')) {
      await deckCheck((extra) => startInstance({ ...env, ...extra }), async (n) => (await run(process.execPath, ['dist/src/cli/keys.js', 'create',
        '--email', `bench-deck-${n}-${Date.now()}@example.test`, '--tier', 'internal', '--unlimited'], env)).trim(),
      { connections, seconds: duration, turns, cacheMb: process.env.CATALOG_CACHE_MB || String(DEFAULT_CATALOG_CACHE_MB) });
    }
    if (pools) {
      await coldTraffic((extra) => startInstance({ ...env, ...extra }), headers, pools,
        { connections, seconds: duration, turns, cacheMb: process.env.CATALOG_CACHE_MB || String(DEFAULT_CATALOG_CACHE_MB) },
        (workload) => only.test('cold traffic') || only.test(workload));
    }
    if (only.test('pokemontcg.io v2')) {
      // Keys without a limit: the turns ask more of each key than a free month holds.
      const keys = (await run(process.execPath, ['dist/bench/issueKeys.js', root, '200', '--unlimited'], env)).trim().split('\n');
      await ptcgV2((extra) => startInstance({ ...env, ...extra }), (url) => getFrom(url, headers), keys, { connections, seconds: duration, turns });
    }
    if (only.test('query language')) {
      const keys = (await run(process.execPath, ['dist/bench/issueKeys.js', root, '200', '--unlimited'], env)).trim().split('\n');
      await cardQueryMix((extra) => startInstance({ ...env, ...extra }), (url) => getFrom(url, headers), keys, { connections, seconds: duration, turns });
    }
    if (namePools) {
      await typedNames((extra) => startInstance({ ...env, ...extra }), headers, namePools,
        { connections, seconds: duration, turns, cacheMb: process.env.CATALOG_CACHE_MB || String(DEFAULT_CATALOG_CACHE_MB) });
    }
  } finally {
    await throwaway?.drop();
    rmSync(work, { recursive: true, force: true });
  }
}

/** A fresh service instance on a free port, ready. */
async function startInstance(env: NodeJS.ProcessEnv): Promise<Instance & { pid: number }> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const server = await startProcess(['dist/src/main.js'], { ...env, PORT: String(port), HOST: '127.0.0.1' }, `${baseUrl}/healthz`);
  return {
    baseUrl,
    pid: server.pid!,
    async stop() {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    },
  };
}

/** The mixed workload on one fresh instance without the catalog cache, then on one with it. */
async function mixedRuns(env: NodeJS.ProcessEnv, headers: Record<string, string>): Promise<void> {
  console.log(`\nmixed workload (80 % cards by id over 1,000 hot cards, 10 % set pages, 10 % searches over 200 names), ` +
    `a fresh instance each, ${connections} connections, ${duration} s:\n`);
  console.log('| catalog cache | req/s | p50 ms | p99 ms | answered from memory |');
  console.log('|---|---:|---:|---:|---:|');
  for (const cacheMb of new Set(['0', env.CATALOG_CACHE_MB || String(DEFAULT_CATALOG_CACHE_MB)])) {
    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    const metricsPort = await freePort();
    const server = await startProcess(['dist/src/main.js'], { ...env, PORT: String(port), HOST: '127.0.0.1',
      METRICS_PORT: String(metricsPort), CATALOG_CACHE_MB: cacheMb }, `${baseUrl}/healthz`);
    const paths = await mixedPaths(getFrom(baseUrl, headers));
    const result = await loadMixed(baseUrl, headers, paths, connections, duration);
    // The cache's counts from the instance's metrics, warm-up and path gathering included (none when the cache is off).
    const metrics = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
    const count = (name: string) => Number(new RegExp(`^${name}\\{cache="catalog"\\} (\\d+)$`, 'm').exec(metrics)?.[1] ?? Number.NaN);
    const [hits, misses] = [count('tcg_cache_hits_total'), count('tcg_cache_misses_total')];
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
    const ratio = Number.isNaN(hits) ? '-' : `${((hits / Math.max(1, hits + misses)) * 100).toFixed(1)} %`;
    console.log(`| ${cacheMb === '0' ? 'off' : `${cacheMb} MB`} | ${result.rps.toFixed(0)} | ${result.p50} | ${result.p99} | ${ratio} |`);
  }
}

/** A GET of the instance at `baseUrl`, its JSON body; a failure throws. */
function getFrom(baseUrl: string, headers: Record<string, string>) {
  return async <T>(pathAndQuery: string): Promise<T> => {
    const response = await fetch(baseUrl + pathAndQuery, { headers });
    if (!response.ok) throw new Error(`${pathAndQuery}: ${response.status}`);
    return await response.json() as T;
  };
}

/** GET with the key: the status and the parsed body, whatever the status. */
function statusFrom(baseUrl: string, headers: Record<string, string>) {
  return async (pathAndQuery: string): Promise<{ status: number; body: unknown }> => {
    const response = await fetch(baseUrl + pathAndQuery, { headers });
    return { status: response.status, body: await response.json() as unknown };
  };
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
