/**
 * npm run bench: the hot paths of the service on the full catalog, each beside a bare node:http
 * server answering a body of the same size in the same run, so the ratio says what our work costs.
 * Also: import time, cold start and resident memory with the full catalog.
 * Needs the shared TCGdex dump (../shared/data/tcgdex) or BENCH_SOURCE pointing at one.
 */
import autocannon from 'autocannon';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const source = process.env.BENCH_SOURCE ?? path.resolve(root, '../shared/data/tcgdex');
const duration = Number(process.env.BENCH_SECONDS ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 32);
const databaseUrl = process.env.BENCH_DATABASE_URL;

interface Scenario { name: string; path: string; method?: 'POST'; body?: string }
const mcpCall = (name: string, args: Record<string, unknown>) =>
  JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } });
const MCP_HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-11-25' };
const scenarios: Scenario[] = [
  { name: 'one card by id', path: '/v1/cards?id=en-base1-4' },
  { name: 'a page of a set\'s cards', path: '/v1/cards?set=en-sv03.5&limit=50' },
  { name: 'a set list page', path: '/v1/sets?limit=50' },
  { name: 'search, common term', path: '/v1/cards?q=pikachu&limit=20' },
  { name: 'search, rare term', path: '/v1/cards?q=wynaut&limit=20' },
  { name: 'search, 2-char CJK', path: `/v1/cards?q=${encodeURIComponent('ピカ')}&limit=20` },
  { name: 'MCP get_card (tools/call)', path: '/mcp', method: 'POST', body: mcpCall('get_card', { id: 'en-base1-4' }) },
];

/** Runs a command to the end; its standard output. */
function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'inherit'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => { output += chunk.toString(); });
    child.on('exit', (code) => (code === 0 ? resolve(output) : reject(new Error(`${args.join(' ')} exited ${code}`))));
  });
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** Starts a server process and waits until `readyUrl` answers 200. */
async function startProcess(args: string[], env: NodeJS.ProcessEnv, readyUrl: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, args, { cwd: root, env, stdio: ['ignore', 'ignore', 'inherit'] });
  let exited = false;
  child.on('exit', () => { exited = true; });
  for (;;) {
    if (exited) throw new Error(`${args.join(' ')} exited before it was ready`);
    try {
      if ((await fetch(readyUrl)).ok) return child;
    } catch { /* not listening yet */ }
    await new Promise((r) => setTimeout(r, 20));
  }
}

function rssMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(status.match(/VmRSS:\s+(\d+)/)?.[1] ?? 0) / 1024;
}

async function load(url: string, headers: Record<string, string>, request: { method?: 'POST'; body?: string } = {}) {
  await autocannon({ url, connections, duration: 1, headers, ...request }); // warm-up: JIT and caches, not measured
  const result = await autocannon({ url, connections, duration, headers, ...request });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
}

async function main(): Promise<void> {
  const work = mkdtempSync(path.join(os.tmpdir(), 'catalog-bench-'));
  const env = { ...process.env, DATABASE_URL: databaseUrl ?? `file:${path.join(work, 'catalog.db')}`, LOG_LEVEL: 'warn' };
  try {
    let importSeconds = NaN;
    if (!databaseUrl) {
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
    const barePort = await freePort();
    const bare = await startProcess(['dist/bench/bareServer.js'], { ...env, PORT: String(barePort) }, `http://127.0.0.1:${barePort}/2`);
    // An unlimited key, so every figure includes authentication and quota accounting.
    const key = (await run(process.execPath, ['dist/src/cli/keys.js', 'create', '--email', `bench-${Date.now()}@example.test`,
      '--tier', 'internal', '--unlimited'], env)).trim();
    const headers: Record<string, string> = { authorization: `Bearer ${key}` };

    console.log(`import: ${Number.isNaN(importSeconds) ? 'skipped (BENCH_DATABASE_URL)' : `${importSeconds.toFixed(1)} s`}`);
    console.log(`cold start to first healthy answer: ${coldStartMs.toFixed(0)} ms`);
    console.log(`load: ${connections} connections, ${duration} s per run\n`);
    console.log('| scenario | bytes | req/s | p50 ms | p99 ms | bare req/s | bare p99 ms | ratio |');
    console.log('|---|---:|---:|---:|---:|---:|---:|---:|');
    for (const scenario of scenarios) {
      const request = scenario.method ? { method: scenario.method, body: scenario.body } : {};
      const scenarioHeaders = scenario.method ? { ...headers, ...MCP_HEADERS } : headers;
      const response = await fetch(baseUrl + scenario.path, { headers: scenarioHeaders, ...request });
      const text = await response.text();
      if (!response.ok || text.includes('"isError":true')) throw new Error(`${scenario.path}: ${response.status} ${text}`);
      const size = Buffer.byteLength(text);
      const ours = await load(baseUrl + scenario.path, scenarioHeaders, request);
      const baseline = await load(`http://127.0.0.1:${barePort}/${size}`, {});
      console.log(`| ${scenario.name} | ${size} | ${ours.rps.toFixed(0)} | ${ours.p50} | ${ours.p99} | ` +
        `${baseline.rps.toFixed(0)} | ${baseline.p99} | ${(ours.rps / baseline.rps).toFixed(2)} |`);
    }
    console.log(`\nserver RSS with the full catalog, after the runs: ${rssMiB(server.pid!).toFixed(0)} MiB`);
    server.kill('SIGTERM');
    bare.kill('SIGTERM');
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
