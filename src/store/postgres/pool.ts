import pg from 'pg';

const PING_TIMEOUT_MS = 3000;

/**
 * A connection pool of `max` connections. A connection that cannot be made within 5 s fails the
 * query that waited for it (the service answers 503), so a dead database never hangs requests.
 */
export function createPool(connectionString: string, max: number, settings: { asynchronousCommit?: boolean } = {}): pg.Pool {
  if (!Number.isInteger(max) || max < 1) throw new Error(`the pool size must be a positive integer, got ${max}`);
  const pool = new pg.Pool({
    connectionString, max, connectionTimeoutMillis: 5000, application_name: 'tcg-catalog',
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
 * a connection that failed midway is discarded rather than reused. `work` may roll back itself.
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
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release(!healthy);
  }
}
