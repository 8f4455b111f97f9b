/** The stores' settings; those of the other kind of database than DATABASE_URL's are checked but unused. */
export interface StoreOptions {
  /** CATALOG_CACHE_MB in bytes: how much of the catalog's answers each instance keeps in memory; 0: no cache. */
  catalogCacheBytes: number;
  /** SQLITE_READ_WORKERS: the threads that run SQLite's searches and pages off the event loop; 0: none. */
  sqliteReadWorkers: number;
  /** DATABASE_POOL_SIZE: PostgreSQL connections per pool. */
  poolSize: number;
  /** DATABASE_READ_URL: a PostgreSQL replica that serves catalog reads; undefined: the primary does. */
  readUrl: string | undefined;
  /** DATABASE_CONNECT_TIMEOUT_MS: how long a request waits for a PostgreSQL connection before a 503. */
  connectTimeoutMs: number;
  /** DATABASE_STATEMENT_TIMEOUT_MS: how long a request's statement may run or wait for a lock before a 503. */
  statementTimeoutMs: number;
}
