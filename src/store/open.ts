import type { AccessStore } from '../access/accessStore.js';
import { ConfigError } from '../config.js';
import type { CatalogStore } from '../catalog/catalogStore.js';
import { PostgresAccessStore } from './postgres/postgresAccessStore.js';
import { DEFAULT_POOL_SIZE, PostgresCatalogStore } from './postgres/postgresCatalogStore.js';
import { accessDatabasePath, sqlitePath } from './sqlite/openDatabase.js';
import { SqliteAccessStore } from './sqlite/sqliteAccessStore.js';
import { SqliteCatalogStore } from './sqlite/sqliteCatalogStore.js';

const POSTGRES_URL = /^postgres(ql)?:\/\//;
const isPostgres = (databaseUrl: string) => POSTGRES_URL.test(databaseUrl);

/**
 * The catalog store that DATABASE_URL names. For PostgreSQL, `env` also gives
 * DATABASE_POOL_SIZE (connections per pool, default 10) and DATABASE_READ_URL (an optional
 * replica for catalog reads).
 */
export async function openCatalogStore(databaseUrl: string, env: NodeJS.ProcessEnv = process.env): Promise<CatalogStore> {
  if (isPostgres(databaseUrl)) {
    return PostgresCatalogStore.open({ databaseUrl, readUrl: readUrl(env), poolSize: poolSize(env) });
  }
  return new SqliteCatalogStore(sqlitePath(databaseUrl));
}

/**
 * The keys-and-usage store that DATABASE_URL names. With SQLite it is a file of its own beside
 * the catalog (`var/catalog.db` → `var/catalog.access.db`), so that requests never wait on an
 * import's long write transaction. With PostgreSQL it is tables of their own in the same database,
 * always on the primary (never DATABASE_READ_URL), with a pool of DATABASE_POOL_SIZE connections.
 */
export async function openAccessStore(databaseUrl: string, env: NodeJS.ProcessEnv = process.env): Promise<AccessStore> {
  if (isPostgres(databaseUrl)) {
    return PostgresAccessStore.open({ databaseUrl, poolSize: poolSize(env) });
  }
  return new SqliteAccessStore(accessDatabasePath(sqlitePath(databaseUrl)));
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
  if (!isPostgres(url)) throw new ConfigError('DATABASE_READ_URL must start with postgres:// (a replica of DATABASE_URL)');
  return url;
}
