/**
 * The load of the comparisons of variants (variantsInTurn.ts): wrk when it is installed (Debian's `wrk`
 * package), autocannon otherwise. On this 2-core machine autocannon needs about as much CPU per
 * request as the server, so under it the server idles (a fifth of the time, pinned to its own core):
 * req/s then measures the load generator as much as the server, and what makes a response a little
 * longer to parse (a header more) looks like a cost of the server. wrk, written in C, keeps the
 * server busy, so its req/s and CPU time per request are the server's.
 */
import autocannon from 'autocannon';
import { spawn, spawnSync } from 'node:child_process';

export interface Load { rps: number; p99: number; requests: number; failures: number }

export const loadGeneratorName = (): string => (hasWrk() ? 'wrk' : 'autocannon');

let wrkFound: boolean | undefined;
function hasWrk(): boolean {
  return (wrkFound ??= spawnSync('wrk', ['--version']).error === undefined);
}

/** `cpus` (a `taskset -c` list) pins wrk; autocannon runs in this process, wherever it runs. */
export async function generateLoad(url: string, headers: Record<string, string>, seconds: number, connections: number,
  cpus?: string): Promise<Load> {
  if (!hasWrk()) {
    const result = await autocannon({ url, connections, headers, duration: seconds });
    return { rps: result.requests.average, p99: result.latency.p99, requests: result.requests.total, failures: result.non2xx + result.errors };
  }
  const args = ['-t1', `-c${connections}`, `-d${seconds}s`, '--latency', ...Object.entries(headers).flatMap(([name, value]) => ['-H', `${name}: ${value}`]), url];
  const output = await new Promise<string>((resolve, reject) => {
    const [command, commandArgs] = cpus ? ['taskset', ['-c', cpus, 'wrk', ...args]] : ['wrk', args];
    const child = spawn(command, commandArgs, { stdio: ['ignore', 'pipe', 'inherit'] });
    let text = '';
    child.stdout.on('data', (chunk: Buffer) => { text += chunk.toString(); });
    child.on('exit', (code) => (code === 0 ? resolve(text) : reject(new Error(`wrk exited ${code}`))));
  });
  const number = (pattern: RegExp) => Number(output.match(pattern)?.[1] ?? 0);
  const p99 = output.match(/^\s+99%\s+([\d.]+)(us|ms|s)\s*$/m);
  const unit = { us: 0.001, ms: 1, s: 1000 }[(p99?.[2] ?? 'ms') as 'us' | 'ms' | 's'];
  return {
    rps: number(/Requests\/sec:\s+([\d.]+)/),
    p99: Number(p99?.[1] ?? NaN) * unit,
    requests: number(/(\d+) requests in/),
    failures: number(/Non-2xx or 3xx responses: (\d+)/) + (/Socket errors/.test(output) ? 1 : 0),
  };
}
