import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Debian's packages the stack test runs on: podman (with runc), podman-compose, and debootstrap for the base image. */
const PACKAGES: Record<string, string> = { podman: 'podman', runc: 'runc', 'podman-compose': 'podman-compose', debootstrap: 'debootstrap' };
/** What podman only recommends but the stack needs: netavark with its DNS (containers find each other by name), iptables (published ports). */
const NETWORK_PACKAGES = ['netavark', 'aardvark-dns', 'iptables'];

const onPath = (command: string) => spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;

/**
 * Installs what is missing with apt-get (CI runs as root). Anywhere else a missing command is a
 * failure that names the packages: this test never skips.
 */
export function ensurePodman(): void {
  const missing = Object.keys(PACKAGES).filter((command) => !onPath(command));
  if (missing.length === 0) return;
  const packages = [...missing.map((command) => PACKAGES[command]!), ...NETWORK_PACKAGES];
  if (process.getuid?.() !== 0 || !onPath('apt-get')) {
    throw new Error(`the stack test needs ${missing.join(', ')}: install Debian's ${packages.join(' ')} (as root: apt-get install ${packages.join(' ')})`);
  }
  console.log(`# installing ${packages.join(' ')} with apt-get`);
  for (const args of [['update'], ['install', '-y', ...packages]]) {
    const result = spawnSync('apt-get', args, { stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
    if (result.status !== 0) throw new Error(`apt-get ${args.join(' ')} failed (exit ${result.status})`);
  }
}

/**
 * podman's settings for this machine, in a file of the test's own (CONTAINERS_CONF) rather than
 * /etc: runc with cgroupfs (no systemd here), no default ulimits (the sandbox refuses raising them).
 */
export function containersConf(): NodeJS.ProcessEnv {
  const dir = path.join(os.tmpdir(), 'tcg-stack-podman');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'containers.conf');
  writeFileSync(file, [
    '[containers]', 'default_ulimits = []',
    '[engine]', 'runtime = "runc"', 'cgroup_manager = "cgroupfs"', 'events_logger = "file"', '',
  ].join('\n'));
  return { ...process.env, CONTAINERS_CONF: file };
}

export interface Run {
  status: number;
  stdout: string;
  stderr: string;
}

/** Runs a command to its end, its output kept; throws on a non-zero exit unless `allowFailure`. */
export function run(command: string, args: string[], options: { env?: NodeJS.ProcessEnv; cwd?: string; allowFailure?: boolean } = {}): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env: options.env, cwd: options.cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => { stdout += chunk.toString(); });
    child.stderr.on('data', (chunk: Buffer) => { stderr += chunk.toString(); });
    child.on('error', reject);
    child.on('close', (code) => {
      const result = { status: code ?? 1, stdout, stderr };
      if (result.status !== 0 && !options.allowFailure) {
        reject(new Error(`${command} ${args.join(' ')} exited ${result.status}:\n${(stderr || stdout).slice(-3000)}`));
      } else {
        resolve(result);
      }
    });
  });
}
