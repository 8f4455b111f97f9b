import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { projectRoot } from './shared.js';
import { SERVICE_NODE_FLAGS } from '../../src/serviceNodeFlags.js';

export interface ChildServer {
  baseUrl: string;
  child: ChildProcess;
  /** Resolves when the process has exited. */
  exited: Promise<void>;
}

/** Everything the service processes of a test wrote, stdout and stderr together. */
export class LogCapture {
  text = '';
}

/**
 * Starts `node dist/src/main.js` as the operator would (with the service's V8 flags), on a free port, with `env` added to the
 * environment; resolves once it listens. Its output goes to `logs`.
 */
export async function startChildServer(env: Record<string, string>, logs: LogCapture): Promise<ChildServer> {
  const child = spawn(process.execPath, [...SERVICE_NODE_FLAGS, path.join(projectRoot, 'dist/src/main.js')], {
    cwd: projectRoot,
    env: { ...process.env, HOST: '127.0.0.1', PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let own = '';
  const baseUrl = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      // Left running, it would keep the test process alive.
      child.kill('SIGKILL');
      reject(new Error(`the server did not start (no "Server listening at" line; LOG_LEVEL must be info or lower):\n${own}`));
    }, 15_000);
    const read = (chunk: Buffer) => {
      logs.text += chunk.toString('utf8');
      own += chunk.toString('utf8');
      const listening = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(own);
      if (listening) {
        clearTimeout(timer);
        resolve(listening[1]!);
      }
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the server exited with ${code}:\n${own}`));
    });
  });
  return { baseUrl, child, exited };
}

/** Runs the keys CLI (`npm run keys -- ...` without the build) and returns its output. */
export function runKeysCli(args: string[], env: Record<string, string>): Promise<CliRun> {
  return runCli('keys', args, env);
}

export interface CliRun { code: number | null; stdout: string; stderr: string }

/** The monthly limit of readerKeys' keys: more than any test's load sends, however fast the machine answers. */
export const READER_LIMIT = 1_000_000;

/**
 * Keys for a test's readers, made with the keys CLI: paid, READER_LIMIT a month, so a loop that reads
 * as fast as the machine answers never meets a 429 (a free key's 1,000 ran out on a fast machine).
 * Counted in blocks of MAX_BLOCK, as a free key is while 320 or more of its month are left.
 */
export async function readerKeys(env: Record<string, string>, count: number, prefix: string): Promise<string[]> {
  const keys: string[] = [];
  for (let i = 0; i < count; i++) {
    const created = await runKeysCli(['create', '--email', `${prefix}-${i}@example.test`, '--tier', 'paid', '--limit', String(READER_LIMIT)], env);
    if (created.code !== 0) throw new Error(`keys create failed: ${created.stderr}`);
    keys.push(created.stdout.trim());
  }
  return keys;
}

/** Runs the operator command `name` (`npm run <name> -- ...` without the build: dist/src/cli/<name>.js) and returns its output. */
export async function runCli(name: string, args: string[], env: Record<string, string>): Promise<CliRun> {
  const child = spawn(process.execPath, [path.join(projectRoot, `dist/src/cli/${name}.js`), ...args], {
    cwd: projectRoot, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => { stdout += chunk.toString('utf8'); });
  child.stderr.on('data', (chunk: Buffer) => { stderr += chunk.toString('utf8'); });
  const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
  return { code, stdout, stderr };
}

/** Waits until the captured output matches `pattern` (a line a server logs after it listens); the match. */
export async function waitForLog(logs: LogCapture, pattern: RegExp, timeoutMs = 10_000): Promise<RegExpExecArray> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const match = pattern.exec(logs.text);
    if (match) return match;
    if (Date.now() > deadline) throw new Error(`no log line matched ${pattern} within ${timeoutMs} ms:\n${logs.text.slice(-2000)}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
