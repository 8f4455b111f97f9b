import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { issueKey } from './keys.js';
import { startServer, type TestServer, type TestServerOptions } from './server.js';

export interface RunningServer extends TestServer {
  /** An unlimited key that get() sends unless told otherwise. */
  key: string;
  /** GET a path with the key; the status, headers and parsed JSON body. */
  get(pathAndQuery: string, headers?: Record<string, string>): Promise<{ status: number; headers: Headers; body: any }>;
}

export function tempDir(prefix = 'catalog-test-'): string {
  return mkdtempSync(path.join(os.tmpdir(), prefix));
}

/**
 * The real app on real SQLite files, listening on a loopback port, with an unlimited key for
 * catalog tests that are not about quotas. Without `catalogFile` it serves the demo catalog.
 */
export async function startCatalogServer(options: TestServerOptions = {}): Promise<RunningServer> {
  const server = await startServer(options);
  const key = await issueKey(server.accessStore, { tier: 'internal', monthlyLimit: null });
  return {
    ...server,
    key,
    async get(pathAndQuery, headers = { authorization: `Bearer ${key}` }) {
      const response = await fetch(server.baseUrl + pathAndQuery, { headers });
      const text = await response.text();
      return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : null };
    },
  };
}
