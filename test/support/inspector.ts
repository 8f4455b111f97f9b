import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { projectRoot } from './shared.js';

/**
 * The MCP Inspector 2.x (devDependency @modelcontextprotocol/inspector): its CLI, and the official
 * SDK client it ships (@modelcontextprotocol/client 2.x, the first TypeScript client of revision
 * 2026-07-28). MCP_INSPECTOR names another install's `mcp-inspector` bin.
 */
export const INSPECTOR_BIN = process.env.MCP_INSPECTOR || path.join(projectRoot, 'node_modules/.bin/mcp-inspector');

/**
 * The skip option for tests that run the Inspector: a one-line reason where it is not installed,
 * and a hard failure under CI=true, where `npm ci` has installed it.
 */
export function needsInspector(): { skip: string | false } {
  if (existsSync(INSPECTOR_BIN)) return { skip: false };
  if (process.env.CI === 'true') throw new Error(`CI=true but the MCP Inspector is missing at ${INSPECTOR_BIN} (npm ci installs it)`);
  return { skip: `needs the MCP Inspector 2.x at ${INSPECTOR_BIN} (npm ci, or set MCP_INSPECTOR to its mcp-inspector bin)` };
}

export interface InspectorRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs `mcp-inspector --cli <url> <args>` to its end (30 s at most), with a HOME of its own: an
 * ad-hoc run may write its catalog and OAuth state under ~/.mcp-inspector, which must not outlive the test.
 */
export async function runInspectorCli(url: string, args: string[]): Promise<InspectorRun> {
  const home = mkdtempSync(path.join(os.tmpdir(), 'inspector-home-'));
  try {
    const child = spawn(process.execPath, [INSPECTOR_BIN, '--cli', url, ...args], {
      env: { ...process.env, HOME: home, MCP_CATALOG_PATH: path.join(home, 'mcp.json') },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => { stdout += chunk.toString('utf8'); });
    child.stderr.on('data', (chunk: Buffer) => { stderr += chunk.toString('utf8'); });
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
    clearTimeout(timer);
    return { code, stdout, stderr };
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
}

/** The few parts of @modelcontextprotocol/client 2.x the tests use. */
export interface ModernSdk {
  Client: new (info: { name: string; version: string }, options: { versionNegotiation: { mode: 'legacy' | 'auto' | { pin: string } } }) => ModernClient;
  StreamableHTTPClientTransport: new (url: URL, options?: { fetch?: typeof fetch; requestInit?: RequestInit; authProvider?: unknown }) => ModernTransport;
  /** What a call throws when the server wants a sign-in (the OAuth provider was sent to the sign-in page). */
  UnauthorizedError: new (...args: never[]) => Error;
}

export interface ModernTransport {
  /** Exchanges the code of the redirect's query (its state and issuer checked). */
  finishAuth(callbackParams: URLSearchParams): Promise<void>;
}

export interface ModernClient {
  connect(transport: unknown): Promise<void>;
  listTools(): Promise<{ tools: Array<{ name: string }> }>;
  callTool(request: { name: string; arguments: Record<string, unknown> }): Promise<Record<string, unknown>>;
  getProtocolEra(): 'modern' | 'legacy' | undefined;
  getNegotiatedProtocolVersion(): string | undefined;
  getServerVersion(): { name: string } | undefined;
  getInstructions(): string | undefined;
  close(): Promise<void>;
}

/**
 * The official SDK client the Inspector depends on, loaded from the Inspector's own install (it is
 * not a dependency of ours: the service is built with SDK 1.x, whose client speaks 2025 only).
 */
export function modernSdk(): ModernSdk {
  let dir = path.dirname(realpathSync(INSPECTOR_BIN));
  while (!isInspectorPackage(dir)) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`no @modelcontextprotocol/inspector package above ${INSPECTOR_BIN}`);
    dir = parent;
  }
  return createRequire(path.join(dir, 'package.json'))('@modelcontextprotocol/client') as ModernSdk;
}

function isInspectorPackage(dir: string): boolean {
  const file = path.join(dir, 'package.json');
  return existsSync(file) && (JSON.parse(readFileSync(file, 'utf8')) as { name?: string }).name === '@modelcontextprotocol/inspector';
}
