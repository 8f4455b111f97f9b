/**
 * A database that cannot be reached right now (a restart, a failover, a full connection pool that
 * cannot connect in time), as opposed to a bug. Each store recognizes its own driver's errors and
 * throws this one in their place; the edges answer it with 503 and a message to retry, and the
 * store reconnects by itself once the database is back.
 */

export const UNAVAILABLE_MESSAGE = 'the service is unavailable; try again shortly';

/** What a store throws when its database cannot be reached; `cause` is the driver's error, whose reason the message keeps for the log and the CLI. */
export class StoreUnavailableError extends Error {
  constructor(cause: unknown) {
    super(`the database cannot be reached: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = 'StoreUnavailableError';
  }
}

export function isStoreUnavailable(error: unknown): boolean {
  return error instanceof StoreUnavailableError;
}
