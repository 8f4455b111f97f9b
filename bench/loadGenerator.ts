/**
 * The load of the benchmark's table and of the comparisons of variants (variantsInTurn.ts): wrk when
 * it is installed (Debian's `wrk` package; `npm run bench` installs it where it can), autocannon
 * otherwise. On this 2-core machine autocannon needs about as much CPU per request as the server, so
 * under it the server idles (a fifth of the time, pinned to its own core): req/s then measures the
 * load generator as much as the server, a bare server most of all (its requests are the cheapest),
 * and what makes a response a little longer to parse (a header more) looks like a cost of the
 * server. wrk, written in C, keeps the server busy, so its req/s and CPU time per request are the
 * server's. The issue's own figures were measured with wrk. BENCH_LOAD=autocannon uses autocannon
 * all the same (to compare with figures measured under it).
 * wrk's connections are all open before the first request is sent (OPENING_MS says why), so its
 * figures are of requests on open connections; autocannon's include opening them.
 */
import autocannon from 'autocannon';
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { seededRandom } from '../test/support/seededRandom.js';

export interface Load { rps: number; p50: number; p99: number; requests: number; failures: number }

/**
 * A request other than a GET of the URL: a POST with a body (the MCP scenarios), or for each
 * request a GET of a path picked at random from `paths.pool` (the cold scenarios), the picks
 * seeded by `paths.seed` so a run repeats itself and two loads of one pool ask for different paths.
 */
export interface RequestShape {
  method?: 'POST';
  body?: string;
  paths?: { pool: readonly string[]; seed: number };
  /** API keys sent in turn, one a request (`Authorization: Bearer <key>`), as many clients would (the deck-check scenario). */
  keys?: readonly string[];
  /** For each request a body picked at random from the pool (seeded), instead of `body` (the deck check of varied lists). */
  bodies?: { pool: readonly string[]; seed: number };
  /**
   * Requests a second over all connections, sent on a schedule rather than as fast as answers come
   * (the tail at a rate the service keeps up with); each latency counts from its request's sending.
   */
  rate?: number;
}

export const loadGeneratorName = (): string => (hasWrk() ? 'wrk' : 'autocannon');

let wrkFound: boolean | undefined;
/** Whether the load is wrk's: it is installed, and BENCH_LOAD does not ask for autocannon. */
function hasWrk(): boolean {
  return (wrkFound ??= process.env.BENCH_LOAD !== 'autocannon' && spawnSync('wrk', ['--version']).error === undefined);
}

/**
 * Installs wrk with apt-get when it is missing and this process may (root, on Debian), as .ci/run
 * installs Chromium; otherwise the bench goes on with autocannon and says so in its tables.
 */
export function installWrkWherePossible(): void {
  if (hasWrk() || process.env.BENCH_LOAD === 'autocannon' || process.getuid?.() !== 0 || spawnSync('apt-get', ['--version']).error !== undefined) return;
  console.log('installing wrk (Debian\'s package) for the load...');
  const installed = spawnSync('sh', ['-c', 'apt-get install -y wrk >/dev/null 2>&1 || (apt-get update >/dev/null 2>&1 && apt-get install -y wrk >/dev/null 2>&1)']);
  wrkFound = installed.status === 0 && spawnSync('wrk', ['--version']).error === undefined;
  if (!wrkFound) console.log('could not install wrk: the load is autocannon\'s');
}

/** `cpus` (a `taskset -c` list) pins wrk; autocannon runs in this process, wherever it runs. */
export async function generateLoad(url: string, headers: Record<string, string>, seconds: number, connections: number,
  cpus?: string, request: RequestShape = {}): Promise<Load> {
  if (!hasWrk()) {
    const { paths, keys, bodies, rate, ...methodAndBody } = request;
    const picked = paths || keys || bodies ? { requests: [{ ...methodAndBody, setupRequest: picks(paths, keys, bodies) }] } : {};
    const result = await autocannon({ url, connections, headers, duration: seconds, ...methodAndBody, ...picked,
      ...(rate === undefined ? {} : { overallRate: Math.max(1, Math.round(rate)) }) });
    return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, requests: result.requests.total,
      failures: result.non2xx + result.errors };
  }
  const scriptDir = mkdtempSync(path.join(os.tmpdir(), 'wrk-'));
  try {
    const script = writeRequestScript(scriptDir, request);
    const args = ['-t1', `-c${connections}`, `-d${seconds}s`, '-s', script,
      ...Object.entries(headers).flatMap(([name, value]) => ['-H', `${name}: ${value}`]), url];
    const output = await runWrk(args, cpus);
    const number = (pattern: RegExp) => Number(output.match(pattern)?.[1] ?? NaN);
    const requests = number(/^measured requests=(\d+)/m);
    return {
      rps: requests / (number(/ seconds=([\d.]+)/) - OPENING_MS / 1000),
      p50: number(/ p50=([\d.]+)/),
      p99: number(/ p99=([\d.]+)/),
      requests,
      failures: (number(/Non-2xx or 3xx responses: (\d+)/) || 0) + (/Socket errors/.test(output) ? 1 : 0),
    };
  } finally {
    rmSync(scriptDir, { recursive: true, force: true });
  }
}

/**
 * How long each wrk connection waits before its first request. Node 20's libuv accepts one
 * connection per turn of the event loop, and a turn serves every request ready on the connections
 * it already has: 50 connections opened at once into a server that is busy from the first one's
 * first request wait up to 50 turns for their accept (about 0.4 s for a 0.25 ms request, measured
 * with strace and a bare node:http server alike), and wrk, which corrects for coordinated omission,
 * turns those few waits into its p99 for a turn of seconds. Clients of a service keep their
 * connections; the figures are of requests on open connections, so the measured span starts after
 * every connection was accepted by an idle server.
 */
const OPENING_MS = 250;

/**
 * The wrk script's clock and opening time (OPENING_MS after the thread starts, which delayScript's
 * delay() waits for; wrk's delay() does not count in the latency), and its done(), which prints the
 * requests, the run's length and the percentiles (ms) on one line for the parser.
 */
const openingScript = [
  'local ffi = require("ffi")',
  'ffi.cdef[[ typedef struct { long tv_sec; long tv_nsec; } bench_timespec; int clock_gettime(int, bench_timespec*); ]]',
  'local clock = ffi.new("bench_timespec")',
  'local function nowMs() ffi.C.clock_gettime(1, clock); return tonumber(clock.tv_sec) * 1000 + tonumber(clock.tv_nsec) / 1e6 end',
  'local opensAt',
  `init = function() opensAt = nowMs() + ${OPENING_MS} end`,
  'done = function(summary, latency)',
  '  io.write(string.format("measured requests=%d seconds=%.6f p50=%.3f p99=%.3f\\n", summary.requests, summary.duration / 1e6,',
  '    latency:percentile(50) / 1000, latency:percentile(99) / 1000))',
  'end',
].join('\n') + '\n';

/**
 * The script's delay(): without a rate, every connection's first request waits for the opening; at a
 * fixed rate every request, first or later, waits for its turn on the thread's schedule (one each
 * 1000/rate ms from the opening; behind schedule, at once), whichever connection sends it.
 */
function delayScript(rate: number | undefined): string {
  if (rate === undefined) return 'delay = function() local wait = opensAt - nowMs(); if wait > 0 then return math.ceil(wait) end; return 0 end\n';
  return [
    `local interval = ${1000 / rate}`,
    'local nextAt = nil',
    'delay = function()',
    '  nextAt = (nextAt or opensAt) + interval',
    '  local due = nextAt - nowMs()',
    '  if due > 0 then return math.floor(due) end',
    '  return 0',
    'end',
  ].join('\n') + '\n';
}

function runWrk(args: string[], cpus: string | undefined): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    const [command, commandArgs] = cpus ? ['taskset', ['-c', cpus, 'wrk', ...args]] : ['wrk', args];
    const child = spawn(command, commandArgs, { stdio: ['ignore', 'pipe', 'inherit'] });
    let text = '';
    child.stdout.on('data', (chunk: Buffer) => { text += chunk.toString(); });
    child.on('exit', (code) => (code === 0 ? resolve(text) : reject(new Error(`wrk exited ${code}`))));
  });
}

/**
 * A wrk script that sends the method and body (a Lua long string holds the JSON as it is), for each
 * request a path picked by LuaJIT's seeded math.random from a pool in a file beside it (one per line,
 * percent-encoded) when given, the keys in turn, and a body picked from a pool when given.
 */
function writeRequestScript(dir: string, { method, body, paths, keys, bodies, rate }: RequestShape): string {
  const file = path.join(dir, 'request.lua');
  const pool = (name: string, lines: readonly string[] | undefined) => {
    if (lines === undefined) return undefined;
    const poolFile = path.join(dir, name);
    // A JSON body is one line: its line breaks are escaped.
    writeFileSync(poolFile, `${lines.join('\n')}\n`);
    return poolFile;
  };
  const pathsFile = pool('paths.txt', paths?.pool);
  const bodiesFile = pool('bodies.txt', bodies?.pool);
  writeFileSync(file, openingScript + delayScript(rate) + [
    `wrk.method = "${method ?? 'GET'}"`,
    ...(body === undefined ? [] : [`wrk.body = [==[${body}]==]`]),
    `local keys = { ${(keys ?? []).map((key) => `"${key}"`).join(', ')} }`,
    'local paths = {}',
    ...(pathsFile ? [`for line in io.lines([==[${pathsFile}]==]) do paths[#paths + 1] = line end`] : []),
    'local bodies = {}',
    ...(bodiesFile ? [`for line in io.lines([==[${bodiesFile}]==]) do bodies[#bodies + 1] = line end`] : []),
    `math.randomseed(${paths?.seed ?? bodies?.seed ?? 0})`,
    'local turn = 0',
    'request = function()',
    '  local headers = nil',
    '  if #keys > 0 then',
    '    turn = turn % #keys + 1',
    '    headers = {}',
    '    for name, value in pairs(wrk.headers) do',
    '      if string.lower(name) ~= "authorization" then headers[name] = value end',
    '    end',
    '    headers["Authorization"] = "Bearer " .. keys[turn]',
    '  end',
    '  local picked = nil',
    '  if #paths > 0 then picked = paths[math.random(#paths)] end',
    '  local sent = nil',
    '  if #bodies > 0 then sent = bodies[math.random(#bodies)] end',
    '  return wrk.format(nil, picked, headers, sent)',
    'end',
  ].join('\n') + '\n');
  return file;
}

/** autocannon's twin of the wrk script: each request a path of the pool, the next key's Authorization and a body of the pool. */
export function picks(paths: RequestShape['paths'], keys: readonly string[] | undefined, bodies: RequestShape['bodies']) {
  let turn = 0;
  const random = seededRandom(paths?.seed ?? bodies?.seed ?? 0);
  return (request: autocannon.Request) => {
    turn = (turn + 1) % (keys?.length ?? 1);
    return {
      ...request,
      ...(paths ? { path: paths.pool[Math.floor(random() * paths.pool.length)]! } : {}),
      ...(keys ? { headers: { ...request.headers, authorization: `Bearer ${keys[turn]}` } } : {}),
      ...(bodies ? { body: bodies.pool[Math.floor(random() * bodies.pool.length)]! } : {}),
    };
  };
}
