import { ConfigError } from '../config.js';
import type { CatalogStore } from './catalogStore.js';
import { DEFAULT_POOL_SIZE, PostgresCatalogStore } from './postgres/postgresCatalogStore.js';
import { sqlitePath } from './sqlite/openDatabase.js';
import { SqliteCatalogStore } from './sqlite/sqliteCatalogStore.js';

const POSTGRES_URL = /^postgres(ql)?:\/\//;

/**
 * The catalog store that DATABASE_URL names. For PostgreSQL, `env` also gives
 * DATABASE_POOL_SIZE (connections per pool, default 10) and DATABASE_READ_URL (an optional
 * replica for catalog reads).
 */
export async function openCatalogStore(databaseUrl: string, env: NodeJS.ProcessEnv = process.env): Promise<CatalogStore> {
  if (POSTGRES_URL.test(databaseUrl)) {
    return PostgresCatalogStore.open({ databaseUrl, readUrl: readUrl(env), poolSize: poolSize(env) });
  }
  return new SqliteCatalogStore(sqlitePath(databaseUrl));
}

function poolSize(env: NodeJS.ProcessEnv): number {
  const raw = env.DATABASE_POOL_SIZE;
  if (raw === undefined || raw === '') return DEFAULT_POOL_SIZE;
  const size = Number(raw);
  if (!Number.isInteger(size) || size < 1 || size > 1000) {
    throw new ConfigError(`DATABASE_POOL_SIZE must be an integer from 1 to 1000, got "${raw}"`);
  }
  return size;
}

function readUrl(env: NodeJS.ProcessEnv): string | undefined {
  const url = env.DATABASE_READ_URL;
  if (url === undefined || url === '') return undefined;
  if (!POSTGRES_URL.test(url)) throw new ConfigError('DATABASE_READ_URL must start with postgres:// (a replica of DATABASE_URL)');
  return url;
}
