/**
 * One card by id, authenticated and counted, on fresh servers of a few variants, in interleaved
 * rounds so the drift of a shared machine hits every variant alike; a table with each round's
 * req/s, p99 and the server's CPU time per request, and each variant against the first.
 */
import autocannon from 'autocannon';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { cpuSeconds, freePort, root, run, startProcess } from './processes.js';

export interface Variant {
  name: string;
  /** The server's script, from the repository's root (dist/src/main.js unless told). */
  script?: string;
  /** Added to the server's environment; DATABASE_URL defaults to a fresh SQLite file (the demo catalog, seeded). */
  env: NodeJS.ProcessEnv;
}

interface Measure { rps: number; p99: number; cpuMicros: number }

async function measure(variant: Variant, seconds: number, connections: number): Promise<Measure> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'interleaved-bench-'));
  const port = await freePort();
  const env = { ...process.env, DATABASE_URL: `file:${path.join(dir, 'catalog.db')}`, LOG_LEVEL: 'warn', ...variant.env,
    PORT: String(port), HOST: '127.0.0.1' };
  // Its log goes to /dev/null, as to a file: read by this process, it would slow the load generator.
  const server = await startProcess([path.join(root, variant.script ?? 'dist/src/main.js')], env, `http://127.0.0.1:${port}/healthz`);
  try {
    const key = (await run(process.execPath, [path.join(root, 'dist/src/cli/keys.js'), 'create', '--email',
      `bench-${Date.now()}@example.test`, '--tier', 'internal', '--unlimited'], env)).trim();
    const options = { url: `http://127.0.0.1:${port}/v1/cards?id=en-base1-4`, connections, headers: { authorization: `Bearer ${key}` } };
    await autocannon({ ...options, duration: 1 });
    const cpuBefore = cpuSeconds(server.pid!);
    const result = await autocannon({ ...options, duration: seconds });
    const cpuMicros = ((cpuSeconds(server.pid!) - cpuBefore) * 1e6) / result.requests.total;
    if (result.non2xx > 0 || result.errors > 0) throw new Error(`${variant.name}: ${result.non2xx} non-2xx, ${result.errors} errors`);
    return { rps: result.requests.average, p99: result.latency.p99, cpuMicros };
  } finally {
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Besides req/s, the server's CPU time per request: on a shared machine, where the load generator
 * and other work take turns with the server, it drifts less than throughput does.
 */
export async function interleaved(title: string, variants: Variant[], rounds: number, seconds: number, connections: number): Promise<void> {
  const results = variants.map(() => [] as Measure[]);
  for (let round = 0; round < rounds; round++) {
    for (const [i, variant] of variants.entries()) results[i]!.push(await measure(variant, seconds, connections));
  }
  console.log(`\n${title}: one card by id, ${connections} connections, ${seconds} s per run, ${rounds} interleaved rounds\n`);
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
