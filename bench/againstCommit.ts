/**
 * BENCH_AGAINST=<commit> npm run bench: this build against an earlier commit's, in the same run, on
 * each store of BENCH_STORES (sqlite,postgres), both on this Node. The commit is built once in a git
 * worktree of its own under the system's temporary folder (npm ci with this build's SQLite driver,
 * then tsc) and kept for the next run. Each build imports
 * the full catalog into a database of its own and serves it with its own defaults. Every row is made
 * of BENCH_TURNS turns of each build taken in alternation, the order swapped from turn to turn, so the
 * machine's drift weighs on both: the median turn of each, and the median of the turns' ratios.
 *
 * - Hot answers (the same request again and again) with BENCH_KEYS free keys in turn (4,000), every
 *   request keyed and counted, and with one unlimited key; a search's p50 at one connection.
 * - MCP get_card beside REST's card by id, on each build; then each build's RSS after all of these.
 * - The first seconds after start (firstSeconds.ts): the repeated search's p99 in the first 6 s after a
 *   fresh instance's /healthz first answers 200, and in the next 6 s.
 * - Cold traffic (random card ids, random name fragments) on fresh instances: saturated, then at half
 *   each build's saturated rate (a fixed rate, RequestShape.rate) for its tail; the peak RSS; and
 *   this build without its answer cache (CATALOG_CACHE_MB=0) taking its turns beside them.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createBenchDatabase } from './benchDatabase.js';
import { coldPools, type ColdPools } from './coldTraffic.js';
import { firstSeconds } from './firstSeconds.js';
import { generateLoad, loadGeneratorName, type Load, type RequestShape } from './loadGenerator.js';
import { cpuSeconds, freePort, peakRssMiB, root, rssMiB, run, startProcess } from './processes.js';
import { median } from './variantsInTurn.js';

interface Build { label: string; root: string }

interface Options {
  source: string;
  stores: string[];
  connections: number;
  seconds: number;
  turns: number;
  keyCount: number;
  /**
   * The sections run: those whose name ('hot answers', 'first seconds after start', 'cold traffic') it matches, whole; or
   * only the rows of a section whose names it matches (a hot row's, 'random card ids', 'random name fragments').
   */
  only: RegExp;
}

/** A build's catalog and keys on one store, and where its instances keep the bulk files (built by the first one). */
interface Prepared { build: Build; databaseUrl: string; bulkDir: string; keys: string[]; key: string; drop(): Promise<void> }

interface Served { prepared: Prepared; label: string; baseUrl: string; pid: number; stop(): Promise<void> }

const MCP_HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-11-25' };
const CARD = '/v1/cards?id=en-base1-4';
const SEARCH = '/v1/cards?q=pikachu&limit=20';
const HOT: ReadonlyArray<{ name: string; path: string }> = [
  { name: 'one card by id', path: CARD },
  { name: 'a set\'s first 50 cards', path: '/v1/cards?set=en-sv03.5&limit=50' },
  { name: 'set list, 50', path: '/v1/sets?limit=50' },
  { name: 'name search pikachu (repeated)', path: SEARCH },
];
const WARM_UP_SECONDS = 2;

/** The commit built in a worktree of its own (reused when built before), and this build. */
async function builds(commit: string): Promise<Build[]> {
  const sha = git(['rev-parse', '--verify', `${commit}^{commit}`]).trim();
  const dir = path.join(os.tmpdir(), 'tcg-bench-against', sha);
  if (!existsSync(path.join(dir, 'dist/src/main.js'))) {
    console.log(`building ${commit} (${sha.slice(0, 12)}) in ${dir}...`);
    rmSync(dir, { recursive: true, force: true });
    git(['worktree', 'prune']);
    mkdirSync(path.dirname(dir), { recursive: true });
    git(['worktree', 'add', '--detach', dir, sha]);
    const npm = (...args: string[]) => {
      const done = spawnSync('npm', args, { cwd: dir, stdio: ['ignore', 'ignore', 'inherit'] });
      if (done.status !== 0) throw new Error(`npm ${args.join(' ')} failed in ${dir}`);
    };
    npm('ci', '--ignore-scripts', '--no-audit', '--no-fund');
    // This build's SQLite driver, as built here, in the other's too: both run on this Node, which an
    // older driver may not load, and whose headers an older driver may not compile against.
    const driver = path.join(dir, 'node_modules/better-sqlite3');
    rmSync(driver, { recursive: true, force: true });
    cpSync(path.join(root, 'node_modules/better-sqlite3'), driver, { recursive: true });
    npm('run', 'build', '--silent');
  }
  return [{ label: 'this build', root }, { label: commit, root: dir }];
}

function git(args: string[]): string {
  const result = spawnSync('git', args, { cwd: root, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`git ${args.join(' ')}: ${result.stderr}`);
  return result.stdout;
}

/** The full catalog imported by `build` into a database of its own on `store`, and its keys. */
async function prepare(build: Build, store: string, source: string, work: string, keyCount: number): Promise<Prepared> {
  const database = store === 'postgres' ? await createBenchDatabase() : undefined;
  const databaseUrl = database?.url ?? `file:${path.join(work, `${build.label.replace(/\W/g, '-')}.db`)}`;
  const env = { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn' };
  const started = performance.now();
  await run(process.execPath, [path.join(build.root, 'dist/src/cli/import.js'), source], env, 'ignore');
  const keys = (await run(process.execPath, ['dist/bench/issueKeys.js', build.root, String(keyCount)], env)).trim().split('\n');
  const [key] = (await run(process.execPath, ['dist/bench/issueKeys.js', build.root, '1', '--unlimited'], env)).trim().split('\n');
  console.log(`${build.label} on ${store}: imported in ${((performance.now() - started) / 1000).toFixed(0)} s, ${keys.length} free keys`);
  const bulkDir = mkdtempSync(path.join(work, 'bulk-'));
  return { build, databaseUrl, bulkDir, keys, key: key!, drop: async () => database?.drop() };
}

async function serve(prepared: Prepared, env: NodeJS.ProcessEnv = {}, label = prepared.build.label): Promise<Served> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const server = await startProcess([path.join(prepared.build.root, 'dist/src/main.js')], {
    ...process.env, DATABASE_URL: prepared.databaseUrl, LOG_LEVEL: 'warn', PORT: String(port), HOST: '127.0.0.1',
    BULK_DIR: prepared.bulkDir, ...env,
  }, `${baseUrl}/healthz`);
  return {
    prepared, label, baseUrl, pid: server.pid!,
    async stop() {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    },
  };
}

/** Waits until the process has used less than a tenth of a core over a second (its start's own work done). */
async function untilIdle(pid: number): Promise<void> {
  for (let before = cpuSeconds(pid); ; ) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const now = cpuSeconds(pid);
    if (now - before < 0.1) return;
    before = now;
  }
}

/** `turns` loads of each server, the order swapped each turn; each server's loads in order. */
async function inTurn<T>(servers: readonly Served[], turns: number, load: (server: Served, turn: number) => Promise<T>): Promise<T[][]> {
  const results: T[][] = servers.map(() => []);
  for (let turn = 0; turn < turns; turn++) {
    const order = servers.map((_, i) => i);
    if (turn % 2 === 1) order.reverse();
    for (const i of order) results[i]!.push(await load(servers[i]!, turn));
  }
  return results;
}

/** A load; its non-2xx answers fail it unless `tolerated` (a cold pool's path another build refuses, say), which the table counts. */
async function loadOf(url: string, headers: Record<string, string>, seconds: number, connections: number, request: RequestShape = {},
  tolerated = false): Promise<Load> {
  const result = await generateLoad(url, headers, seconds, connections, undefined, request);
  if (result.failures > 0 && !tolerated) throw new Error(`${url}: ${result.failures} non-2xx or failed`);
  return result;
}

const each = (values: number[], digits = 0) => values.map((value) => value.toFixed(digits)).join(', ');
const ratios = (ours: Load[], theirs: Load[], pick: (load: Load) => number) => ours.map((load, turn) => pick(load) / pick(theirs[turn]!));

const COLD_WORKLOADS = ['random card ids', 'random name fragments'] as const;

/** Whether a section runs: the pattern names it, or one of its rows. */
const runs = (only: RegExp, section: string, rows: readonly string[]) => only.test(section) || rows.some((row) => only.test(row));

export async function againstCommit(commit: string, options: Options): Promise<void> {
  const [ours, theirs] = await builds(commit) as [Build, Build];
  console.log(`\nthis build against ${commit}: ${loadGeneratorName()}, ${options.connections} connections, ${options.turns} turns of ` +
    `${options.seconds} s each build in alternation (order swapped each turn); req/s and p50 the median turn, p99 the worst; ` +
    'ratio: the median of the turns\' ratios (each listed)');
  for (const store of options.stores) {
    const work = mkdtempSync(path.join(os.tmpdir(), 'tcg-bench-against-run-'));
    const prepared: Prepared[] = [];
    try {
      for (const build of [ours, theirs]) prepared.push(await prepare(build, store, options.source, work, options.keyCount));
      if (runs(options.only, 'hot answers', HOT.map((row) => row.name))) await hotAnswers(store, prepared, options);
      if (options.only.test('first seconds after start')) await firstSecondsOf(store, prepared, options);
      if (runs(options.only, 'cold traffic', COLD_WORKLOADS)) await coldTraffic(store, prepared, options);
    } finally {
      for (const database of prepared) await database.drop();
      rmSync(work, { recursive: true, force: true });
    }
  }
}

async function hotAnswers(store: string, prepared: Prepared[], options: Options): Promise<void> {
  const servers = await Promise.all(prepared.map((one) => serve(one)));
  // A first start builds its catalog's bulk files off the request path, but on the same cores: measured after.
  await Promise.all(servers.map((server) => untilIdle(server.pid)));
  const [, other] = servers as [Served, Served];
  try {
    console.log(`\n${store}: hot answers\n`);
    console.log(`| scenario | keys | this build req/s (each turn) | ${other.label} req/s (each turn) | ratio (each turn) | p50 ms | p99 ms |`);
    console.log('|---|---|---:|---:|---:|---:|---:|');
    const row = async (name: string, keys: string, path: string, headers: (server: Served) => Record<string, string>,
      request: (server: Served) => RequestShape, connections = options.connections, pick: (load: Load) => number = (load) => load.rps) => {
      for (const server of servers) await loadOf(server.baseUrl + path, headers(server), WARM_UP_SECONDS, connections, request(server));
      const [a, b] = await inTurn(servers, options.turns, (server) =>
        loadOf(server.baseUrl + path, headers(server), options.seconds, connections, request(server))) as [Load[], Load[]];
      const r = ratios(a, b, pick);
      console.log(`| ${name} | ${keys} | ${median(a.map((l) => l.rps)).toFixed(0)} (${each(a.map((l) => l.rps))}) | ` +
        `${median(b.map((l) => l.rps)).toFixed(0)} (${each(b.map((l) => l.rps))}) | ${median(r).toFixed(2)} (${each(r, 2)}) | ` +
        `${median(a.map((l) => l.p50)).toFixed(2)} / ${median(b.map((l) => l.p50)).toFixed(2)} | ` +
        `${Math.max(...a.map((l) => l.p99)).toFixed(1)} / ${Math.max(...b.map((l) => l.p99)).toFixed(1)} |`);
      return { a, b };
    };
    const oneKey = (server: Served) => ({ authorization: `Bearer ${server.prepared.key}` });
    const manyKeys = (server: Served): RequestShape => ({ keys: server.prepared.keys });
    const whole = options.only.test('hot answers');
    for (const scenario of HOT.filter(({ name }) => whole || options.only.test(name))) {
      await row(scenario.name, `${options.keyCount} free`, scenario.path, oneKey, manyKeys);
      await row(scenario.name, 'one', scenario.path, oneKey, () => ({}));
    }
    // What each holds after the REST rows, apart from what MCP's row adds after them.
    const afterRest = servers.map((server) => `${server.label} ${rssMiB(server.pid).toFixed(0)}`).join(', ');
    // Beside the rows, when the whole section runs: a p50 at one connection, MCP beside REST.
    if (whole) {
      // A p50 ratio the other way round: above 1 when this build answers sooner.
      await row('name search pikachu, p50 at one connection (ratio of p50s, theirs ÷ ours)', 'one', SEARCH, oneKey, () => ({}), 1, (load) => 1 / load.p50);
      const mcp = (server: Served) => ({ ...oneKey(server), ...MCP_HEADERS });
      const getCard = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'get_card', arguments: { id: 'en-base1-4' } } });
      // MCP beside REST on each build, in alternation on the same servers.
      const pairs: string[] = [];
      for (const server of servers) {
        const both = [{ ...server, label: 'REST' }, { ...server, label: 'MCP' }];
        await loadOf(server.baseUrl + '/mcp', mcp(server), WARM_UP_SECONDS, options.connections, { method: 'POST', body: getCard });
        const [rest, viaMcp] = await inTurn(both, options.turns, (variant) => variant.label === 'REST'
          ? loadOf(server.baseUrl + CARD, oneKey(server), options.seconds, options.connections)
          : loadOf(server.baseUrl + '/mcp', mcp(server), options.seconds, options.connections, { method: 'POST', body: getCard })) as [Load[], Load[]];
        const r = ratios(viaMcp, rest, (load) => load.rps);
        pairs.push(`| ${server.label} | ${median(viaMcp.map((l) => l.rps)).toFixed(0)} | ${median(rest.map((l) => l.rps)).toFixed(0)} | ${median(r).toFixed(2)} (${each(r, 2)}) |`);
      }
      console.log('\n| build | MCP get_card req/s | REST card by id req/s | MCP ÷ REST (each turn) |\n|---|---:|---:|---:|');
      console.log(pairs.join('\n'));
    }
    // Every hot row has run on both: what each holds after the same work, and the most it held meanwhile.
    console.log(`\nRSS MiB after the REST rows: ${afterRest}; after the hot rows (peak): ${servers.map((server) =>
      `${server.label} ${rssMiB(server.pid).toFixed(0)} (${peakRssMiB(server.pid).toFixed(0)})`).join(', ')}`);
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
  }
}

async function firstSecondsOf(store: string, prepared: Prepared[], options: Options): Promise<void> {
  // A first start builds its catalog's bulk files: done and idle before, so each start measured is a restart.
  const first = await Promise.all(prepared.map((one) => serve(one)));
  await Promise.all(first.map((server) => untilIdle(server.pid)));
  await Promise.all(first.map((server) => server.stop()));
  const keysOf = new Map(prepared.map((one) => [one.build.label, one.keys]));
  await firstSeconds(store, prepared.map((one) => () => serve(one)), {
    connections: options.connections, turns: options.turns, keys: (label) => keysOf.get(label)!,
  });
}

async function coldTraffic(store: string, prepared: Prepared[], options: Options): Promise<void> {
  const pools = await poolsOf(prepared[0]!);
  const workloads: ReadonlyArray<{ name: typeof COLD_WORKLOADS[number]; pool: string[] }> = [
    { name: 'random card ids', pool: pools.cardIds.map((id) => `/v1/cards?id=${encodeURIComponent(id)}`) },
    { name: 'random name fragments', pool: pools.nameFragments.map((q) => `/v1/cards?q=${encodeURIComponent(q)}&limit=20`) },
  ];
  console.log(`\n${store}: cold traffic (fresh instances; each request a path picked at random, the same picks for each ` +
    `column of a turn, ${options.keyCount} free keys in turn): saturated at ${options.connections} connections, then at half ` +
    'each column\'s saturated rate (a fixed rate) for its p99; the peak RSS of the instance\n');
  console.log('| workload | instance | req/s saturated (each turn) | ÷ the other build | p99 ms saturated | p99 ms at half the rate (each turn) | non-2xx | peak RSS MiB |');
  console.log('|---|---|---:|---:|---:|---:|---:|---:|');
  for (const workload of workloads.filter(({ name }) => options.only.test('cold traffic') || options.only.test(name))) {
    const servers = [await serve(prepared[0]!), await serve(prepared[1]!), await serve(prepared[0]!, { CATALOG_CACHE_MB: '0' }, 'this build, cache off')];
    try {
      const request = (server: Served, seed: number): RequestShape => ({ paths: { pool: workload.pool, seed }, keys: server.prepared.keys });
      for (const server of servers) await loadOf(server.baseUrl, {}, WARM_UP_SECONDS, options.connections, request(server, 0), true);
      const saturated = await inTurn(servers, options.turns, (server, turn) =>
        loadOf(server.baseUrl, {}, options.seconds, options.connections, request(server, turn + 1), true));
      const atHalf = await inTurn(servers, options.turns, (server, turn) => loadOf(server.baseUrl, {}, options.seconds,
        options.connections, { ...request(server, turn + 11), rate: median(saturated[servers.indexOf(server)]!.map((l) => l.rps)) / 2 }, true));
      servers.forEach((server, i) => {
        const loads = saturated[i]!;
        const against = i === 1 ? undefined : ratios(loads, saturated[1]!, (load) => load.rps);
        console.log(`| ${workload.name} | ${server.label} | ${median(loads.map((l) => l.rps)).toFixed(0)} (${each(loads.map((l) => l.rps))}) | ` +
          `${against ? `${median(against).toFixed(2)} (${each(against, 2)})` : '-'} | ${Math.max(...loads.map((l) => l.p99)).toFixed(1)} | ` +
          `${Math.max(...atHalf[i]!.map((l) => l.p99)).toFixed(1)} (${each(atHalf[i]!.map((l) => l.p99), 1)}) | ` +
          `${[...loads, ...atHalf[i]!].reduce((sum, l) => sum + l.failures, 0)} | ${peakRssMiB(server.pid).toFixed(0)} |`);
      });
      const onOff = ratios(saturated[0]!, saturated[2]!, (load) => load.rps);
      console.log(`| ${workload.name} | this build, cache on ÷ off | | ${median(onOff).toFixed(2)} (${each(onOff, 2)}) | | | | |`);
    } finally {
      await Promise.all(servers.map((server) => server.stop()));
    }
  }
}

/** The cold pools, drawn through this build's API from the catalog it serves. */
async function poolsOf(prepared: Prepared): Promise<ColdPools> {
  const server = await serve(prepared);
  try {
    return await coldPools(async <T>(pathAndQuery: string) => {
      const response = await fetch(server.baseUrl + pathAndQuery, { headers: { authorization: `Bearer ${prepared.key}` } });
      if (!response.ok) throw new Error(`${pathAndQuery}: ${response.status}`);
      return await response.json() as T;
    });
  } finally {
    await server.stop();
  }
}
