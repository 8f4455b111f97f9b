/**
 * Failures that mean "the database cannot be reached right now" (a restart, a failover, a full
 * connection pool that cannot connect in time), as opposed to a bug. The service answers them with
 * 503 and a message to retry; the pool reconnects by itself once the database is back.
 */

export const UNAVAILABLE_MESSAGE = 'the service is unavailable; try again shortly';

/** What a store throws when its database cannot be reached; `cause` is the driver's error. */
export class StoreUnavailableError extends Error {
  constructor(cause: unknown) {
    super('the database cannot be reached', { cause });
    this.name = 'StoreUnavailableError';
  }
}

const NETWORK_CODES = new Set([
  'ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN',
]);
// SQLSTATE classes 08 (connection exception), 57P01-57P03 (admin/crash shutdown, cannot connect now),
// 53300 (too many connections).
const POSTGRES_STATES = /^(08...|57P0[123]|53300)$/;
// node-postgres reports a lost or unobtainable connection with these messages and no code.
const POOL_MESSAGES = /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection ended unexpectedly|the database system is (starting up|shutting down|in recovery mode)/i;

export function isStoreUnavailable(error: unknown): boolean {
  if (error instanceof StoreUnavailableError) return true;
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (NETWORK_CODES.has(code) || POSTGRES_STATES.test(code))) return true;
  if (POOL_MESSAGES.test(error.message)) return true;
  // pg wraps some failures (AggregateError for several addresses, or a cause).
  const inner = (error as { errors?: unknown[]; cause?: unknown });
  return (Array.isArray(inner.errors) && inner.errors.some(isStoreUnavailable)) || isStoreUnavailable(inner.cause);
}
