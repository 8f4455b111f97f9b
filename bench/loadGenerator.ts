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
    const { paths, keys, bodies, ...methodAndBody } = request;
    const picked = paths ? { requests: [{ method: 'GET' as const, setupRequest: randomPaths(paths) }] }
      : keys || bodies ? { requests: [{ ...methodAndBody, setupRequest: keysAndBodies(keys, bodies) }] } : {};
    const result = await autocannon({ url, connections, headers, duration: seconds, ...methodAndBody, ...picked });
    return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, requests: result.requests.total,
      failures: result.non2xx + result.errors };
  }
  const scriptDir = request.method || request.paths || request.keys || request.bodies ? mkdtempSync(path.join(os.tmpdir(), 'wrk-')) : undefined;
  try {
    const script = scriptDir ? writeRequestScript(scriptDir, request) : undefined;
    const args = ['-t1', `-c${connections}`, `-d${seconds}s`, '--latency', ...(script ? ['-s', script] : []),
      ...Object.entries(headers).flatMap(([name, value]) => ['-H', `${name}: ${value}`]), url];
    const output = await runWrk(args, cpus);
    const number = (pattern: RegExp) => Number(output.match(pattern)?.[1] ?? 0);
    return {
      rps: number(/Requests\/sec:\s+([\d.]+)/),
      p50: percentile(output, 50),
      p99: percentile(output, 99),
      requests: number(/(\d+) requests in/),
      failures: number(/Non-2xx or 3xx responses: (\d+)/) + (/Socket errors/.test(output) ? 1 : 0),
    };
  } finally {
    if (scriptDir) rmSync(scriptDir, { recursive: true, force: true });
  }
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
 * A wrk script that sends the method and body (a Lua long string holds the JSON as it is), or that
 * reads the pool of paths from a file beside it (one per line, percent-encoded) and asks for one
 * picked by LuaJIT's seeded math.random for each request.
 */
function writeRequestScript(dir: string, { method, body, paths, keys, bodies }: RequestShape): string {
  const file = path.join(dir, 'request.lua');
  if (paths) {
    const pool = path.join(dir, 'paths.txt');
    writeFileSync(pool, `${paths.pool.join('\n')}\n`);
    writeFileSync(file, [
      'local paths = {}',
      `for line in io.lines([==[${pool}]==]) do paths[#paths + 1] = line end`,
      `math.randomseed(${paths.seed})`,
      'request = function() return wrk.format(nil, paths[math.random(#paths)]) end',
    ].join('\n') + '\n');
  } else {
    const pool = bodies ? path.join(dir, 'bodies.txt') : undefined;
    // A JSON body is one line: its line breaks are escaped.
    if (pool) writeFileSync(pool, `${bodies!.pool.join('\n')}\n`);
    writeFileSync(file, `wrk.method = "${method ?? 'GET'}"\nwrk.body = [==[${body ?? ''}]==]\n` +
      (keys || bodies ? keysAndBodiesScript(keys, pool === undefined ? undefined : { file: pool, seed: bodies!.seed }) : ''));
  }
  return file;
}

/**
 * The wrk script's part that sends the keys in turn (the command line's headers, Authorization
 * replaced) and a body of the pool's file picked by LuaJIT's seeded math.random.
 */
function keysAndBodiesScript(keys: readonly string[] | undefined, bodies: { file: string; seed: number } | undefined): string {
  return [
    `local keys = { ${(keys ?? []).map((key) => `"${key}"`).join(', ')} }`,
    'local bodies = {}',
    ...(bodies ? [`for line in io.lines([==[${bodies.file}]==]) do bodies[#bodies + 1] = line end`, `math.randomseed(${bodies.seed})`] : []),
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
    '  local body = nil',
    '  if #bodies > 0 then body = bodies[math.random(#bodies)] end',
    '  return wrk.format(nil, nil, headers, body)',
    'end',
  ].join('\n') + '\n';
}

/** autocannon's twin of the wrk script's keys and bodies: each request the next key's Authorization and a body of the pool. */
function keysAndBodies(keys: readonly string[] | undefined, bodies: RequestShape['bodies']) {
  let turn = 0;
  const random = bodies ? seededRandom(bodies.seed) : undefined;
  return (request: autocannon.Request) => {
    turn = (turn + 1) % (keys?.length ?? 1);
    return {
      ...request,
      ...(keys ? { headers: { ...request.headers, authorization: `Bearer ${keys[turn]}` } } : {}),
      ...(bodies ? { body: bodies.pool[Math.floor(random!() * bodies.pool.length)]! } : {}),
    };
  };
}

/** autocannon's twin of the wrk script's pick: a path of the pool for each request, from a PRNG seeded alike. */
function randomPaths({ pool, seed }: NonNullable<RequestShape['paths']>) {
  const random = seededRandom(seed);
  return (request: autocannon.Request) => ({ ...request, path: pool[Math.floor(random() * pool.length)]! });
}

/** A latency percentile of wrk's --latency table, in ms. */
function percentile(output: string, at: 50 | 99): number {
  const match = output.match(new RegExp(`^\\s+${at}%\\s+([\\d.]+)(us|ms|s)\\s*$`, 'm'));
  const unit = { us: 0.001, ms: 1, s: 1000 }[(match?.[2] ?? 'ms') as 'us' | 'ms' | 's'];
  return Number(match?.[1] ?? NaN) * unit;
}
