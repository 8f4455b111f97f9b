import type { AccessStore } from '../access/accessStore.js';
import { CachedAccessStore } from '../access/cachedAccessStore.js';
import { ReservedQuota } from '../access/reservedQuota.js';
import { ConfigError } from '../config.js';
import type { CatalogStore } from '../catalog/catalogStore.js';
import { StoredCatalog } from '../catalog/storedCatalog.js';
import { classifyFailures } from './classifyFailures.js';
import { DEFAULT_CONNECT_TIMEOUT_MS, DEFAULT_POOL_SIZE, DEFAULT_STATEMENT_TIMEOUT_MS } from './postgres/defaults.js';
import { isPostgresUnavailable } from './postgres/unavailable.js';
import { accessDatabasePath, sqlitePath } from './sqlite/openDatabase.js';
import { SqliteAccessStore } from './sqlite/sqliteAccessStore.js';
import { SqliteCatalogBackend } from './sqlite/sqliteCatalogBackend.js';
import { DEFAULT_READ_WORKERS } from './sqlite/sqliteReadPool.js';
import { isSqliteUnavailable } from './sqlite/unavailable.js';

const POSTGRES_URL = /^postgres(ql)?:\/\//;
/** Whether DATABASE_URL names PostgreSQL (otherwise an SQLite file). */
export const isPostgres = (databaseUrl: string) => POSTGRES_URL.test(databaseUrl);

/**
 * The catalog store that DATABASE_URL names. For SQLite, `env` also gives SQLITE_READ_WORKERS (the threads that
 * run searches and pages off the event loop, default DEFAULT_READ_WORKERS; 0 for none). For
 * PostgreSQL, `env` also gives DATABASE_POOL_SIZE (connections per pool, default 10),
 * DATABASE_READ_URL (an optional replica for catalog reads) and the timeouts below. A database
 * that cannot be reached, or not in time, fails its calls with StoreUnavailableError.
 */
export async function openCatalogStore(databaseUrl: string, env: NodeJS.ProcessEnv = process.env): Promise<CatalogStore> {
  if (isPostgres(databaseUrl)) {
    // Loaded only here, so an instance on SQLite starts without the PostgreSQL driver.
    const { PostgresCatalogBackend } = await import('./postgres/postgresCatalogBackend.js');
    const backend = await PostgresCatalogBackend.open({ databaseUrl, readUrl: readUrl(env), poolSize: poolSize(env), timeouts: timeouts(env) });
    return new StoredCatalog(classifyFailures(backend, isPostgresUnavailable));
  }
  const backend = new SqliteCatalogBackend(sqlitePath(databaseUrl), { readWorkers: readWorkers(env) });
  return new StoredCatalog(classifyFailures(backend, isSqliteUnavailable));
}

/**
 * The keys-and-usage store that DATABASE_URL names. With SQLite it is a file of its own beside
 * the catalog (`var/catalog.db` → `var/catalog.access.db`), so that requests never wait on an
 * import's long write transaction. With PostgreSQL it is tables of their own in the same database,
 * always on the primary (never DATABASE_READ_URL), with a pool of DATABASE_POOL_SIZE connections.
 * Key records are answered from memory (CachedAccessStore); a revocation anywhere takes effect
 * within 1 s on PostgreSQL, and on the next request on SQLite, whose version read is shared memory.
 * Requests are counted from blocks of quota reserved in the store (ReservedQuota, docs/keys.md).
 */
export async function openAccessStore(databaseUrl: string, env: NodeJS.ProcessEnv = process.env): Promise<AccessStore> {
  if (isPostgres(databaseUrl)) {
    const { PostgresAccessStore } = await import('./postgres/postgresAccessStore.js');
    const store = await PostgresAccessStore.open({ databaseUrl, poolSize: poolSize(env), timeouts: timeouts(env) });
    return new CachedAccessStore(new ReservedQuota(classifyFailures(store, isPostgresUnavailable)));
  }
  const store = new SqliteAccessStore(accessDatabasePath(sqlitePath(databaseUrl)));
  return new CachedAccessStore(new ReservedQuota(classifyFailures(store, isSqliteUnavailable)), { confirmEachLookup: true });
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

/**
 * DATABASE_CONNECT_TIMEOUT_MS (how long a request waits for a PostgreSQL connection) and
 * DATABASE_STATEMENT_TIMEOUT_MS (how long a request's statement may run or wait for a lock); both
 * end in 503 rather than a hang. Milliseconds from 1 to 600000, default 5000 each.
 */
function timeouts(env: NodeJS.ProcessEnv): { connectTimeoutMs: number; statementTimeoutMs: number } {
  const milliseconds = (name: string, fallback: number): number => {
    const raw = env[name];
    if (raw === undefined || raw === '') return fallback;
    const value = Number(raw);
    if (!/^\s*\d+\s*$/.test(raw) || value < 1 || value > 600_000) {
      throw new ConfigError(`${name} must be a number of milliseconds from 1 to 600000, got "${raw}"`);
    }
    return value;
  };
  return {
    connectTimeoutMs: milliseconds('DATABASE_CONNECT_TIMEOUT_MS', DEFAULT_CONNECT_TIMEOUT_MS),
    statementTimeoutMs: milliseconds('DATABASE_STATEMENT_TIMEOUT_MS', DEFAULT_STATEMENT_TIMEOUT_MS),
  };
}

function readWorkers(env: NodeJS.ProcessEnv): number {
  const raw = env.SQLITE_READ_WORKERS;
  if (raw === undefined || raw === '') return DEFAULT_READ_WORKERS;
  const workers = Number(raw);
  if (!Number.isInteger(workers) || workers < 0 || workers > 64) {
    throw new ConfigError(`SQLITE_READ_WORKERS must be an integer from 0 (reads on the main thread) to 64, got "${raw}"`);
  }
  return workers;
}

function readUrl(env: NodeJS.ProcessEnv): string | undefined {
  const url = env.DATABASE_READ_URL;
  if (url === undefined || url === '') return undefined;
  if (!isPostgres(url)) throw new ConfigError('DATABASE_READ_URL must start with postgres:// (a replica of DATABASE_URL)');
  return url;
}
