import Database from 'better-sqlite3';
import os from 'node:os';
import { Piscina } from 'piscina';
import type { SqliteCatalogReads, WorkerRead } from './sqliteCatalogReads.js';
import type { ReadOutcome, ReadTask } from './sqliteReadWorker.js';

/**
 * Read workers per instance unless SQLITE_READ_WORKERS says: as many as the cores, at most two. On
 * two cores, two workers answered heavy pages at 1.5 to 3 times the rate of one while cards by id
 * beside them kept the same p99; more would only compete with the main thread.
 */
export const DEFAULT_READ_WORKERS = Math.min(2, os.availableParallelism());

/**
 * Worker threads (Piscina), each with its own read-only connection to the catalog file, that run
 * the catalog reads heavier than a point read, so a search or a listing never holds the event
 * loop while a cheap request waits. WAL lets them read while the service's own connection writes;
 * each read sees the catalog as last committed, so an import is seen by the next read.
 */
export class SqliteReadPool {
  private readonly pool: Piscina<ReadTask, ReadOutcome>;
  private closed = false;

  constructor(file: string, workers: number) {
    this.pool = new Piscina({
      filename: new URL('./sqliteReadWorker.js', import.meta.url).href,
      minThreads: workers,
      maxThreads: workers,
      // Idle workers stay: starting one costs more than any read.
      idleTimeout: Number.POSITIVE_INFINITY,
      workerData: { file },
      // Reads queued in the worker itself: with one at a time, each next read waited for the main
      // thread to take the last answer, and a busy main thread left the worker idle (heavy reads
      // behind 40 connections of cards by id: 82 req/s, p99 3.2 s; with four, 251 req/s, p99 98 ms).
      concurrentTasksPerWorker: 4,
    });
  }

  get workers(): number {
    return this.pool.threads.length;
  }

  /** SqliteCatalogReads[method](...args) in a worker; a failure is the SqliteError the worker's driver threw. */
  async read<M extends WorkerRead>(method: M, ...args: Parameters<SqliteCatalogReads[M]>): Promise<ReturnType<SqliteCatalogReads[M]>> {
    // Piscina would leave a task sent after close() pending for ever; say what better-sqlite3 says.
    if (this.closed) throw new TypeError('The database connection is not open');
    const outcome = await this.pool.run({ method, args } as ReadTask);
    if ('error' in outcome) throw new Database.SqliteError(outcome.error.message, outcome.error.code ?? 'SQLITE_ERROR');
    return outcome.value as ReturnType<SqliteCatalogReads[M]>;
  }

  /** Lets the reads under way finish, then stops the workers (their connections close as they exit). */
  close(): Promise<void> {
    this.closed = true;
    return this.pool.close();
  }
}
