import type { AccessStore } from '../access/accessStore.js';
import { CachedAccessStore } from '../access/cachedAccessStore.js';
import { ReservedQuota } from '../access/reservedQuota.js';
import type { StoreOptions } from './storeOptions.js';
import type { CatalogStore } from '../catalog/catalogStore.js';
import { StoredCatalog } from '../catalog/answers/storedCatalog.js';
import { ClassifiedAccessStore } from './classifiedAccessStore.js';
import { classifyFailures } from './classifyFailures.js';
import { isPostgresUnavailable } from './postgres/unavailable.js';
import { accessDatabasePath, sqlitePath } from './sqlite/openDatabase.js';
import { SqliteAccessStore } from './sqlite/sqliteAccessStore.js';
import { SqliteCatalogBackend } from './sqlite/sqliteCatalogBackend.js';
import { isSqliteUnavailable } from './sqlite/unavailable.js';

const POSTGRES_URL = /^postgres(ql)?:\/\//;
/** Whether DATABASE_URL names PostgreSQL (otherwise an SQLite file). */
export const isPostgres = (databaseUrl: string) => POSTGRES_URL.test(databaseUrl);

/**
 * The catalog store that DATABASE_URL names. SQLite runs its heavier reads on
 * `options.sqliteReadWorkers` threads; PostgreSQL has pools of `options.poolSize` connections, an
 * optional replica for catalog reads and the timeouts. A database that cannot be reached, or not in
 * time, fails its calls with StoreUnavailableError. (The catalog's answers are cached by AnswerCache,
 * with `options.catalogCacheBytes`.)
 */
export async function openCatalogStore(databaseUrl: string, options: StoreOptions): Promise<CatalogStore> {
  if (isPostgres(databaseUrl)) {
    // Loaded only here, so an instance on SQLite starts without the PostgreSQL driver.
    const { PostgresCatalogBackend } = await import('./postgres/postgresCatalogBackend.js');
    const backend = await PostgresCatalogBackend.open({
      databaseUrl, readUrl: options.readUrl, poolSize: options.poolSize, timeouts: timeouts(options),
    });
    return new StoredCatalog(classifyFailures(backend, isPostgresUnavailable));
  }
  const backend = new SqliteCatalogBackend(sqlitePath(databaseUrl), { readWorkers: options.sqliteReadWorkers });
  return new StoredCatalog(classifyFailures(backend, isSqliteUnavailable));
}

/**
 * The keys-and-usage store that DATABASE_URL names. With SQLite it is a file of its own beside
 * the catalog (`var/catalog.db` → `var/catalog.access.db`), so that requests never wait on an
 * import's long write transaction. With PostgreSQL it is tables of their own in the same database,
 * always on the primary (never the read replica), with a pool of `options.poolSize` connections.
 * A keyed request passes the layers from the outside in, each an AccessStore:
 * CachedAccessStore finds the key's record in memory (a revocation anywhere takes effect within 1 s
 * on PostgreSQL, and on the next request on SQLite, whose version read is shared memory), then
 * ReservedQuota counts the request from a block of quota reserved in the store (docs/keys.md; a key
 * read from the store that it holds no block of is found and counted in one statement), and
 * ClassifiedAccessStore turns the driver's outage errors into StoreUnavailableError.
 */
export async function openAccessStore(databaseUrl: string, options: StoreOptions): Promise<AccessStore> {
  if (isPostgres(databaseUrl)) {
    const { PostgresAccessStore } = await import('./postgres/postgresAccessStore.js');
    const store = await PostgresAccessStore.open({ databaseUrl, poolSize: options.poolSize, timeouts: timeouts(options) });
    return new CachedAccessStore(new ReservedQuota(new ClassifiedAccessStore(store, isPostgresUnavailable)));
  }
  const store = new SqliteAccessStore(accessDatabasePath(sqlitePath(databaseUrl)));
  return new CachedAccessStore(new ReservedQuota(new ClassifiedAccessStore(store, isSqliteUnavailable)), { confirmEachLookup: true });
}

const timeouts = ({ connectTimeoutMs, statementTimeoutMs }: StoreOptions) => ({ connectTimeoutMs, statementTimeoutMs });
