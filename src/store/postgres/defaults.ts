/** PostgreSQL's settings when the environment gives none, apart from the driver so reading them loads no driver. */

/** Connections per pool (DATABASE_POOL_SIZE). */
export const DEFAULT_POOL_SIZE = 10;
/** How long a request waits for a connection (DATABASE_CONNECT_TIMEOUT_MS). */
export const DEFAULT_CONNECT_TIMEOUT_MS = 5000;
/** How long a request's statement may run or wait for a lock (DATABASE_STATEMENT_TIMEOUT_MS). */
export const DEFAULT_STATEMENT_TIMEOUT_MS = 5000;
