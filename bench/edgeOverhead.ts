/**
 * What the front door's per-request work costs (request ids, the request log line, the security
 * headers, the flood limit on unkeyed requests): one card by id, authenticated and counted, on
 * this checkout and on a built checkout from before that work (BENCH_BASELINE, e.g. a worktree
 * of 776d5eb with `npm ci && npm run build`), in interleaved rounds so drift hits both alike.
 * Each server is a fresh SQLite file with the demo catalog.
 *
 *   BENCH_BASELINE=/work/base11 node dist/bench/edgeOverhead.js [rounds, default 3] [seconds, default 5]
 */
import autocannon from 'autocannon';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, root, run, startProcess } from './processes.js';

const baseline = process.env.BENCH_BASELINE;
if (!baseline) throw new Error('BENCH_BASELINE must name a built checkout from before the front door (see the header)');
const rounds = Number(process.argv[2] ?? 3);
const seconds = Number(process.argv[3] ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);

interface Variant { name: string; checkout: string; logLevel: string }
const variants: Variant[] = [
  { name: 'before (baseline), LOG_LEVEL=warn', checkout: baseline, logLevel: 'warn' },
  { name: 'now, LOG_LEVEL=warn', checkout: root, logLevel: 'warn' },
  { name: 'now, LOG_LEVEL=info (a line per request)', checkout: root, logLevel: 'info' },
];

async function measure(variant: Variant): Promise<{ rps: number; p99: number }> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'edge-bench-'));
  const port = await freePort();
  const env = { ...process.env, DATABASE_URL: `file:${path.join(dir, 'catalog.db')}`, PORT: String(port), HOST: '127.0.0.1',
    LOG_LEVEL: variant.logLevel, UNKEYED_REQUESTS_PER_MINUTE: '0' };
  // Its log goes to /dev/null, as to a file: read by this process, it would slow the load generator.
  const server = await startProcess([path.join(variant.checkout, 'dist/src/main.js')], env, `http://127.0.0.1:${port}/healthz`);
  try {
    const key = (await run(process.execPath, [path.join(variant.checkout, 'dist/src/cli/keys.js'), 'create', '--email',
      `edge-${Date.now()}@example.test`, '--tier', 'internal', '--unlimited'], env)).trim();
    const options = { url: `http://127.0.0.1:${port}/v1/cards?id=en-base1-4`, connections, headers: { authorization: `Bearer ${key}` } };
    await autocannon({ ...options, duration: 1 });
    const result = await autocannon({ ...options, duration: seconds });
    if (result.non2xx > 0 || result.errors > 0) throw new Error(`${variant.name}: ${result.non2xx} non-2xx, ${result.errors} errors`);
    return { rps: result.requests.average, p99: result.latency.p99 };
  } finally {
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
    rmSync(dir, { recursive: true, force: true });
  }
}

const results = new Map<string, Array<{ rps: number; p99: number }>>(variants.map((v) => [v.name, []]));
for (let round = 1; round <= rounds; round++) {
  for (const variant of variants) results.get(variant.name)!.push(await measure(variant));
}
console.log(`one card by id, ${connections} connections, ${seconds} s per run, ${rounds} interleaved rounds\n`);
console.log('| variant | req/s per round | p99 ms per round | req/s vs before |');
console.log('|---|---|---|---|');
const before = results.get(variants[0]!.name)!;
for (const variant of variants) {
  const list = results.get(variant.name)!;
  const ratios = list.map((r, i) => (r.rps / before[i]!.rps).toFixed(3));
  console.log(`| ${variant.name} | ${list.map((r) => r.rps.toFixed(0)).join(', ')} | ${list.map((r) => r.p99).join(', ')} | ${ratios.join(', ')} |`);
}
