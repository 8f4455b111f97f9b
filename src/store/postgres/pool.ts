import pg from 'pg';
import { DEFAULT_CONNECT_TIMEOUT_MS } from './defaults.js';

const PING_TIMEOUT_MS = 3000;

/**
 * How much longer than the statement timeout the driver itself waits for an answer: the server's
 * cancel comes first when the server can answer at all; this ends the wait when it cannot (a network
 * gone silent, a server frozen), which no server-side timeout can.
 */
export const ANSWER_TIMEOUT_MARGIN_MS = 1000;

export interface PoolSettings {
  /** Usage counts commit without waiting for their WAL flush. */
  asynchronousCommit?: boolean;
  /**
   * How long a query waits for a connection, from the pool when all are busy or a new one; then
   * it fails (the service answers 503). Default DEFAULT_CONNECT_TIMEOUT_MS.
   */
  connectTimeoutMs?: number;
  /**
   * The server cancels a statement that runs (or waits for a lock) longer than this, and the driver
   * gives up on an answer ANSWER_TIMEOUT_MARGIN_MS later (its connection is then discarded); either
   * way the service answers 503. Only for pools that serve requests: imports, exports and migrations
   * run without.
   */
  statementTimeoutMs?: number;
}

/**
 * A connection pool of `max` connections. A connection that cannot be had in time fails the query
 * that waited for it (the service answers 503), so a dead or saturated database never hangs requests.
 */
export function createPool(connectionString: string, max: number, settings: PoolSettings = {}): pg.Pool {
  if (!Number.isInteger(max) || max < 1) throw new Error(`the pool size must be a positive integer, got ${max}`);
  const pool = new pg.Pool({
    connectionString, max, connectionTimeoutMillis: settings.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS, application_name: 'tcg-catalog',
    ...(settings.statementTimeoutMs
      ? { statement_timeout: settings.statementTimeoutMs, query_timeout: settings.statementTimeoutMs + ANSWER_TIMEOUT_MARGIN_MS }
      : {}),
    ...(settings.asynchronousCommit ? { options: '-c synchronous_commit=off' } : {}),
  });
  // An idle connection dropped by the server (restart, failover) must not crash the process:
  // the pool discards it and connects anew, and a query that needs the database reports the failure itself.
  pool.on('error', () => undefined);
  // Likewise for a connection checked out of the pool (a transaction) when the server goes away: its
  // query fails and the caller releases it as broken, but the 'error' event itself needs a listener.
  pool.on('connect', (client) => client.on('error', () => undefined));
  return pool;
}

/** Whether the pool's database answers `SELECT 1` within 3 s; never throws. */
export async function poolAnswers(pool: pg.Pool): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => { timer = setTimeout(() => resolve(false), PING_TIMEOUT_MS); });
  try {
    const query = Promise.resolve().then(() => pool.query('SELECT 1'));
    return await Promise.race([query.then(() => true, () => false), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Runs `work` in a transaction that commits only once it is on disk, on a connection of its own;
 * a connection that failed midway is discarded rather than reused, which ends its transaction on the
 * server (no ROLLBACK first: on a connection that no longer answers, it would wait out the driver's
 * timeout a second time). `work` may roll back itself.
 */
export async function inDurableTransaction<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  let healthy = true;
  try {
    await client.query('BEGIN');
    await client.query('SET LOCAL synchronous_commit = on');
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    healthy = false;
    throw error;
  } finally {
    client.release(!healthy);
  }
}
