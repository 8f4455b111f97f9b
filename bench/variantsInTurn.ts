/**
 * A few variants of the server, each loaded with its request (one card by id, authenticated and
 * counted, unless told), compared in the same run. Each round starts every variant afresh (one
 * process runs a few per cent faster or slower than the next of the same build, so one pair of
 * processes says little), warms them up, then loads them one at a time in short turns, the order
 * rotated from turn to turn, so whatever the machine does meanwhile weighs on every variant alike.
 * Where there are two cores and `taskset`, the servers run on the first and wrk on the second: the
 * server measured has its core to itself, and its req/s and CPU time per request are its own
 * (loaded at the same time, or sharing a core with the load generator, the variants moved by ±30 %
 * from one round to the next). A table with each round's req/s, p99 and CPU time per request, and
 * each round's ratios to the first variant with their median.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { generateLoad, loadGeneratorName, type RequestShape } from './loadGenerator.js';
import { cpuSeconds, freePort, root, run, startProcess } from './processes.js';

export interface Variant {
  name: string;
  /** The server's script, from the repository's root (dist/src/main.js unless told). */
  script?: string;
  /** Added to the server's environment; DATABASE_URL defaults to a fresh SQLite file (the demo catalog, seeded). */
  env: NodeJS.ProcessEnv;
  /** V8 flags for a script other than main.js (which starts with the service's own, as startProcess gives it). */
  nodeFlags?: readonly string[];
  /** What each request is: one card by id unless told. */
  request?: VariantRequest;
}

export interface VariantRequest {
  path: string;
  /** Sent besides the key's `Authorization`. */
  headers?: Record<string, string>;
  method?: 'POST';
  body?: string;
}

const CARD_BY_ID: VariantRequest = { path: '/v1/cards?id=en-base1-4' };

interface Measure { rps: number; p99: number; cpuMicros: number }

/** A server's first seconds are compiling its hot paths: measured after them (unless told, these many). */
const WARM_UP_SECONDS = 3;
/** Turns per variant and round: each a load of `seconds`. */
const TURNS = 3;

interface Cores { server?: string; load?: string; description: string }

function cores(): Cores {
  const pinnable = os.availableParallelism() >= 2 && spawnSync('taskset', ['-c', '0', 'true']).status === 0;
  if (!pinnable) return { description: 'servers and load generator unpinned (one core, or no taskset)' };
  if (loadGeneratorName() !== 'wrk') return { server: '0', description: 'servers on core 0, autocannon wherever this process runs' };
  return { server: '0', load: '1', description: 'servers on core 0, wrk on core 1' };
}

interface RunningVariant { url: string; headers: Record<string, string>; shape: RequestShape; pid: number; stop(): Promise<void> }

async function start(variant: Variant, cpus: string | undefined): Promise<RunningVariant> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'variants-bench-'));
  const port = await freePort();
  const env = { ...process.env, DATABASE_URL: `file:${path.join(dir, 'catalog.db')}`, LOG_LEVEL: 'warn', ...variant.env,
    PORT: String(port), HOST: '127.0.0.1' };
  // Its log goes to /dev/null, as to a file: read by this process, it would slow the load generator.
  const server = await startProcess([...variant.nodeFlags ?? [], path.join(root, variant.script ?? 'dist/src/main.js')], env,
    `http://127.0.0.1:${port}/healthz`, undefined, cpus);
  const stop = async () => {
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    const key = (await run(process.execPath, [path.join(root, 'dist/src/cli/keys.js'), 'create', '--email',
      `bench-${Date.now()}@example.test`, '--tier', 'internal', '--unlimited'], env, 'ignore')).trim();
    const { path: requestPath, headers, method, body } = variant.request ?? CARD_BY_ID;
    return { url: `http://127.0.0.1:${port}${requestPath}`, headers: { ...headers, authorization: `Bearer ${key}` },
      shape: method ? { method, body } : {}, pid: server.pid!, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** One round: fresh servers, warmed up, then TURNS turns each, one server loaded at a time. */
async function measureRound(variants: Variant[], round: number, seconds: number, connections: number, placement: Cores,
  warmUpSeconds: number): Promise<Measure[]> {
  const servers: RunningVariant[] = [];
  try {
    for (const variant of variants) servers.push(await start(variant, placement.server));
    for (const { url, headers, shape } of servers) await generateLoad(url, headers, warmUpSeconds, connections, placement.load, shape);
    const totals = servers.map(() => ({ requests: 0, cpuSeconds: 0, p99s: [] as number[] }));
    for (let turn = 0; turn < TURNS; turn++) {
      for (let k = 0; k < servers.length; k++) {
        const i = (k + turn + round) % servers.length;
        const { url, headers, shape, pid } = servers[i]!;
        const cpuBefore = cpuSeconds(pid);
        const load = await generateLoad(url, headers, seconds, connections, placement.load, shape);
        if (load.failures > 0) throw new Error(`${variants[i]!.name}: ${load.failures} failed or non-2xx`);
        totals[i]!.cpuSeconds += cpuSeconds(pid) - cpuBefore;
        totals[i]!.requests += load.requests;
        totals[i]!.p99s.push(load.p99);
      }
    }
    return totals.map(({ requests, cpuSeconds: cpu, p99s }) => ({
      rps: requests / (TURNS * seconds), p99: median(p99s), cpuMicros: (cpu * 1e6) / requests,
    }));
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
  }
}

/**
 * Besides req/s, the server's CPU time per request: where the server shares its core, it drifts
 * less than throughput does; where it has its core to itself, the two agree.
 */
export async function variantsInTurn(title: string, variants: Variant[], rounds: number, seconds: number, connections: number,
  warmUpSeconds = WARM_UP_SECONDS): Promise<void> {
  const placement = cores();
  const results = variants.map(() => [] as Measure[]);
  for (let round = 0; round < rounds; round++) {
    for (const [i, measure] of (await measureRound(variants, round, seconds, connections, placement, warmUpSeconds)).entries()) results[i]!.push(measure);
  }
  console.log(`\n${title}: ${connections} connections (${loadGeneratorName()}), ${rounds} rounds of fresh servers, ` +
    `warmed up ${warmUpSeconds} s, then each loaded ${TURNS} × ${seconds} s in turn; ${placement.description}\n`);
  console.log(`| variant | req/s per round | p99 ms per round | server CPU µs per request | req/s vs the first | CPU per request vs the first |`);
  console.log('|---|---|---|---|---|---|');
  const first = results[0]!;
  for (const [i, variant] of variants.entries()) {
    const list = results[i]!;
    const each = (f: (m: Measure) => number, digits: number) => list.map((m) => f(m).toFixed(digits)).join(', ');
    const rpsRatios = list.map((m, round) => m.rps / first[round]!.rps);
    const cpuRatios = list.map((m, round) => m.cpuMicros / first[round]!.cpuMicros);
    console.log(`| ${variant.name} | ${each((m) => m.rps, 0)} | ${each((m) => m.p99, 1)} | ${each((m) => m.cpuMicros, 1)} | ` +
      `${rpsRatios.map((r) => r.toFixed(3)).join(', ')} (median ${median(rpsRatios).toFixed(3)}) | ` +
      `${cpuRatios.map((r) => r.toFixed(3)).join(', ')} (median ${median(cpuRatios).toFixed(3)}) |`);
  }
}

/** The middle value (the mean of the two middle ones for an even count). */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}
