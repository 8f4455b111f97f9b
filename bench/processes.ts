/** The processes a benchmark drives: the service, the CLIs, a free port, a process's resident memory. */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERVICE_NODE_FLAGS } from '../src/serviceNodeFlags.js';

/** The repository (dist/bench/ is two levels down). */
export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Runs a command to the end; its standard output. Its standard error is shown unless `stderr` is 'ignore'. */
export function run(command: string, args: string[], env: NodeJS.ProcessEnv, stderr: 'inherit' | 'ignore' = 'inherit'): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, env, stdio: ['ignore', 'pipe', stderr] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => { output += chunk.toString(); });
    child.on('exit', (code) => (code === 0 ? resolve(output) : reject(new Error(`${args.join(' ')} exited ${code}`))));
  });
}

export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Starts a server process and waits until `readyUrl` answers 200; `onOutput` receives its standard output.
 * `cpus` (a `taskset -c` list) pins it, as BENCH_SERVER_CPUS does when not given.
 */
export async function startProcess(args: string[], env: NodeJS.ProcessEnv, readyUrl: string,
  onOutput?: (text: string) => void, cpus = process.env.BENCH_SERVER_CPUS): Promise<ChildProcess> {
  // BENCH_SERVER_CPUS (e.g. 1, with the bench itself under `taskset -c 0`) keeps server and load
  // generator off each other's core: on two cores, their taking turns is most of a run's drift.
  // A service instance runs with the flags production gives it (package.json's serve, the image).
  const nodeArgs = args[0]?.endsWith(path.join('dist', 'src', 'main.js')) ? [...SERVICE_NODE_FLAGS, ...args] : args;
  const [command, commandArgs] = cpus ? ['taskset', ['-c', cpus, process.execPath, ...nodeArgs]] : [process.execPath, nodeArgs];
  const child = spawn(command, commandArgs, { cwd: root, env, stdio: ['ignore', onOutput ? 'pipe' : 'ignore', 'inherit'] });
  child.stdout?.on('data', (chunk: Buffer) => onOutput?.(chunk.toString()));
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

export function rssMiB(pid: number): number {
  return statusMiB(pid, 'VmRSS');
}

/** The most resident memory the process has had since it started (the kernel's high-water mark). */
export function peakRssMiB(pid: number): number {
  return statusMiB(pid, 'VmHWM');
}

function statusMiB(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(status.match(new RegExp(`${field}:\\s+(\\d+)`))?.[1] ?? 0) / 1024;
}

/** The CPU time a process has used so far (user and system, all its threads), in seconds. */
export function cpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The fields after the command name, which is in parentheses and may hold spaces: utime and stime are the 12th and 13th.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_SECOND;
}

/**
 * The CPU time the machine's processes have used so far, all cores, in seconds (`busy`: the service's,
 * its database server's and the load generator's, which share the cores), and the time its virtual CPUs
 * were ready but the host ran something else (`stolen`), from /proc/stat.
 */
export function machineCpuSeconds(): { busy: number; stolen: number } {
  // user nice system idle iowait irq softirq steal (guest time is counted in user already).
  const [user, nice, system, , , irq, softirq, steal] = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0]!.trim().split(/\s+/).slice(1).map(Number);
  return { busy: (user! + nice! + system! + irq! + softirq!) / CLOCK_TICKS_PER_SECOND, stolen: steal! / CLOCK_TICKS_PER_SECOND };
}

/** Linux's USER_HZ, 100 on every architecture Node runs on. */
const CLOCK_TICKS_PER_SECOND = 100;
