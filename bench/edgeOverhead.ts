/**
 * What the front door's per-request work costs (request ids, the request log line, the security
 * headers): one card by id, authenticated and counted, on this build with them and without them
 * (bench/frontDoorServer.ts), in interleaved rounds so drift hits every variant alike. Each server
 * is a fresh SQLite file with the demo catalog. Run by `npm run bench` (BENCH_ONLY=front), or alone:
 *
 *   node dist/bench/edgeOverhead.js [rounds, default 3] [seconds, default 5]
 */
import autocannon from 'autocannon';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { cpuSeconds, freePort, run, startProcess } from './processes.js';

const here = path.dirname(fileURLToPath(import.meta.url));

interface Variant { name: string; frontDoor: 'on' | 'off'; logLevel: string }
const variants: Variant[] = [
  { name: 'without: no request ids, no security headers, LOG_LEVEL=warn', frontDoor: 'off', logLevel: 'warn' },
  { name: 'with them, LOG_LEVEL=warn', frontDoor: 'on', logLevel: 'warn' },
  { name: 'with them, LOG_LEVEL=info (the default: a line per request)', frontDoor: 'on', logLevel: 'info' },
];

interface Measure { rps: number; p99: number; cpuMicros: number }

async function measure(variant: Variant, seconds: number, connections: number): Promise<Measure> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'edge-bench-'));
  const port = await freePort();
  const env = { ...process.env, DATABASE_URL: `file:${path.join(dir, 'catalog.db')}`, PORT: String(port), HOST: '127.0.0.1',
    LOG_LEVEL: variant.logLevel, FRONT_DOOR_HEADERS: variant.frontDoor };
  // Its log goes to /dev/null, as to a file: read by this process, it would slow the load generator.
  const server = await startProcess([path.join(here, 'frontDoorServer.js')], env, `http://127.0.0.1:${port}/healthz`);
  try {
    const key = (await run(process.execPath, [path.join(here, '../src/cli/keys.js'), 'create', '--email',
      `edge-${Date.now()}@example.test`, '--tier', 'internal', '--unlimited'], env)).trim();
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
 * and other work take turns with the server, it drifts far less than throughput does.
 */
export async function edgeOverhead(rounds: number, seconds: number, connections: number): Promise<void> {
  const results = new Map<string, Measure[]>(variants.map((v) => [v.name, []]));
  for (let round = 1; round <= rounds; round++) {
    for (const variant of variants) results.get(variant.name)!.push(await measure(variant, seconds, connections));
  }
  console.log(`\nthe front door's cost: one card by id, ${connections} connections, ${seconds} s per run, ${rounds} interleaved rounds\n`);
  console.log('| variant | req/s per round | p99 ms per round | server CPU µs per request | req/s vs without | CPU per request vs without |');
  console.log('|---|---|---|---|---|---|');
  const without = results.get(variants[0]!.name)!;
  const each = (list: Measure[], f: (m: Measure, i: number) => string) => list.map(f).join(', ');
  for (const variant of variants) {
    const list = results.get(variant.name)!;
    const cpuRatios = list.map((m, i) => m.cpuMicros / without[i]!.cpuMicros);
    console.log(`| ${variant.name} | ${each(list, (m) => m.rps.toFixed(0))} | ${each(list, (m) => String(m.p99))} | ` +
      `${each(list, (m) => m.cpuMicros.toFixed(1))} | ${each(list, (m, i) => (m.rps / without[i]!.rps).toFixed(3))} | ` +
      `${cpuRatios.map((r) => r.toFixed(3)).join(', ')} (median ${median(cpuRatios).toFixed(3)}) |`);
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await edgeOverhead(Number(process.argv[2] ?? 3), Number(process.argv[3] ?? 5), Number(process.env.BENCH_CONNECTIONS ?? 50));
}
