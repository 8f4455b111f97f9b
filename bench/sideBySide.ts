/**
 * One card by id, authenticated and counted, on fresh servers of a few variants loaded side by side,
 * in rounds, so the drift of a shared machine hits every variant alike; a table with each round's
 * req/s, p99 and the server's CPU time per request, and each variant against the first.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { generateLoad, loadGeneratorName } from './loadGenerator.js';
import { cpuSeconds, freePort, root, run, startProcess } from './processes.js';

export interface Variant {
  name: string;
  /** The server's script, from the repository's root (dist/src/main.js unless told). */
  script?: string;
  /** Added to the server's environment; DATABASE_URL defaults to a fresh SQLite file (the demo catalog, seeded). */
  env: NodeJS.ProcessEnv;
}

interface Measure { rps: number; p99: number; cpuMicros: number }

/** A server's first seconds are compiling its hot paths (side by side, they cost up to a fifth more): measured after them. */
const WARM_UP_SECONDS = 3;

interface RunningVariant { url: string; headers: Record<string, string>; pid: number; stop(): Promise<void> }

async function start(variant: Variant): Promise<RunningVariant> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'side-by-side-bench-'));
  const port = await freePort();
  const env = { ...process.env, DATABASE_URL: `file:${path.join(dir, 'catalog.db')}`, LOG_LEVEL: 'warn', ...variant.env,
    PORT: String(port), HOST: '127.0.0.1' };
  // Its log goes to /dev/null, as to a file: read by this process, it would slow the load generator.
  const server = await startProcess([path.join(root, variant.script ?? 'dist/src/main.js')], env, `http://127.0.0.1:${port}/healthz`);
  const stop = async () => {
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    const key = (await run(process.execPath, [path.join(root, 'dist/src/cli/keys.js'), 'create', '--email',
      `bench-${Date.now()}@example.test`, '--tier', 'internal', '--unlimited'], env, 'ignore')).trim();
    return { url: `http://127.0.0.1:${port}/v1/cards?id=en-base1-4`, headers: { authorization: `Bearer ${key}` }, pid: server.pid!, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * One round: every variant's server started, warmed up, then loaded at the same time, each by its
 * own load generator with `connections` connections, so whatever else the machine does in those
 * seconds weighs on every variant alike (one after the other, a round's variants met a machine
 * that differed by up to ±30 %).
 */
async function measureSideBySide(variants: Variant[], seconds: number, connections: number): Promise<Measure[]> {
  const servers: RunningVariant[] = [];
  try {
    for (const variant of variants) servers.push(await start(variant));
    await Promise.all(servers.map(({ url, headers }) => generateLoad(url, headers, WARM_UP_SECONDS, connections)));
    const cpuBefore = servers.map(({ pid }) => cpuSeconds(pid));
    const results = await Promise.all(servers.map(({ url, headers }) => generateLoad(url, headers, seconds, connections)));
    return results.map((result, i) => {
      if (result.failures > 0) throw new Error(`${variants[i]!.name}: ${result.failures} failed or non-2xx`);
      const cpuMicros = ((cpuSeconds(servers[i]!.pid) - cpuBefore[i]!) * 1e6) / result.requests;
      return { rps: result.rps, p99: result.p99, cpuMicros };
    });
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
  }
}

/**
 * Besides req/s, the server's CPU time per request: on a shared machine, where the load generator
 * and other work take turns with the server, it drifts less than throughput does.
 */
export async function sideBySide(title: string, variants: Variant[], rounds: number, seconds: number, connections: number): Promise<void> {
  const results = variants.map(() => [] as Measure[]);
  for (let round = 0; round < rounds; round++) {
    for (const [i, measure] of (await measureSideBySide(variants, seconds, connections)).entries()) results[i]!.push(measure);
  }
  console.log(`\n${title}: one card by id, ${connections} connections (${loadGeneratorName()}), ${seconds} s per round, ${rounds} rounds, the variants loaded side by side\n`);
  console.log(`| variant | req/s per round | p99 ms per round | server CPU µs per request | req/s vs the first | CPU per request vs the first |`);
  console.log('|---|---|---|---|---|---|');
  const first = results[0]!;
  for (const [i, variant] of variants.entries()) {
    const list = results[i]!;
    const each = (f: (m: Measure, round: number) => number, digits: number) => list.map((m, round) => f(m, round).toFixed(digits)).join(', ');
    const rpsRatios = list.map((m, round) => m.rps / first[round]!.rps);
    const cpuRatios = list.map((m, round) => m.cpuMicros / first[round]!.cpuMicros);
    console.log(`| ${variant.name} | ${each((m) => m.rps, 0)} | ${each((m) => m.p99, 0)} | ${each((m) => m.cpuMicros, 1)} | ` +
      `${rpsRatios.map((r) => r.toFixed(3)).join(', ')} (median ${median(rpsRatios).toFixed(3)}) | ` +
      `${cpuRatios.map((r) => r.toFixed(3)).join(', ')} (median ${median(cpuRatios).toFixed(3)}) |`);
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}
