import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { AccessService } from '../src/access/accessService.js';
import { buildApp } from '../src/app.js';
import { DEFAULT_STORE_OPTIONS } from '../src/config.js';
import { openAccessStore, openCatalogStore } from '../src/store/open.js';
import { CLIENT_SCHEMA_FILE, clientSchemaSource } from './clientSchema.js';

/**
 * `npm run client:types [-- URL]`: rewrites the TypeScript client's types from the document this
 * checkout serves (built in-process on a throwaway SQLite file), or from a running service's URL.
 */
async function ownDocument(): Promise<object> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'tcg-client-types-'));
  const databaseUrl = `file:${path.join(dir, 'catalog.db')}`;
  const store = await openCatalogStore(databaseUrl, DEFAULT_STORE_OPTIONS);
  const accessStore = await openAccessStore(databaseUrl, DEFAULT_STORE_OPTIONS);
  try {
    const publicBaseUrl = 'http://127.0.0.1:3000';
    const app = await buildApp({ config: { publicBaseUrl, trustProxy: false }, store, access: new AccessService(accessStore, { publicBaseUrl }) });
    const response = await app.inject({ method: 'GET', url: '/openapi.json' });
    await app.close();
    if (response.statusCode !== 200) throw new Error(`GET /openapi.json answered ${response.statusCode}`);
    return response.json<object>();
  } finally {
    await Promise.all([store.close(), accessStore.close()]);
    rmSync(dir, { recursive: true, force: true });
  }
}

async function documentAt(url: string): Promise<object> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`GET ${url} answered ${response.status}`);
  return (await response.json()) as object;
}

const url = process.argv[2];
const source = await clientSchemaSource(url ? await documentAt(url) : await ownDocument());
writeFileSync(CLIENT_SCHEMA_FILE, source);
console.log(`wrote ${path.relative(process.cwd(), CLIENT_SCHEMA_FILE)} from ${url ?? 'this checkout\'s /openapi.json'}`);
