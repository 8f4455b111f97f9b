import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.js';
import { seedDemoCatalog } from '../../src/importer/demoCatalog.js';
import type { CatalogStore } from '../../src/store/catalogStore.js';
import { SqliteCatalogStore } from '../../src/store/sqlite/sqliteCatalogStore.js';

export interface RunningServer {
  baseUrl: string;
  app: FastifyInstance;
  store: CatalogStore;
  dir: string;
  /** GET a path; the response and its parsed JSON body. */
  get(pathAndQuery: string, headers?: Record<string, string>): Promise<{ status: number; headers: Headers; body: any }>;
  close(): Promise<void>;
}

export function tempDir(prefix = 'catalog-test-'): string {
  return mkdtempSync(path.join(os.tmpdir(), prefix));
}

/**
 * The real app on a real SQLite file, listening on a loopback port.
 * Without a database file it starts on a fresh one filled with the demo catalog.
 */
export async function startCatalogServer(options: { databaseFile?: string; now?: () => Date } = {}): Promise<RunningServer> {
  const dir = tempDir();
  const file = options.databaseFile ?? path.join(dir, 'catalog.db');
  const store = new SqliteCatalogStore(file);
  if (!options.databaseFile) await seedDemoCatalog(store);
  const app = await buildApp({ config: { publicBaseUrl: 'http://127.0.0.1', trustProxy: false }, store, now: options.now });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const baseUrl = typeof address === 'object' && address ? `http://127.0.0.1:${address.port}` : '';
  return {
    baseUrl, app, store, dir,
    async get(pathAndQuery, headers = {}) {
      const response = await fetch(baseUrl + pathAndQuery, { headers });
      const text = await response.text();
      return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : null };
    },
    async close() {
      await app.close();
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
