import Database from 'better-sqlite3';
import { workerData } from 'node:worker_threads';
import { SqliteCatalogReads, type WorkerRead } from './sqliteCatalogReads.js';

/** One read a worker is asked for: a method of SqliteCatalogReads and its arguments. */
export type ReadTask = { [M in WorkerRead]: { method: M; args: Parameters<SqliteCatalogReads[M]> } }[WorkerRead];

/**
 * What comes back. A thrown error would lose its `code` on the way (structured clone keeps only
 * the message), and the code is what says whether the database is unavailable, so it travels as data.
 */
export type ReadOutcome = { value: unknown } | { error: { message: string; code: string | undefined } };

/** The catalog file, read-only: this thread never writes, and a read-only connection cannot by mistake. */
function openReads(): SqliteCatalogReads {
  const db = new Database((workerData as { file: string }).file, { readonly: true, fileMustExist: true });
  db.pragma('busy_timeout = 5000');
  return new SqliteCatalogReads(db);
}

let reads: SqliteCatalogReads | undefined;
try {
  // Opened as the worker starts, so the first request does not pay for it; if the file cannot be
  // opened now, the first read tries again and reports why.
  reads = openReads();
} catch {
  reads = undefined;
}

/** Piscina's task: runs one read on this worker's connection. */
export default function read(task: ReadTask): ReadOutcome {
  try {
    reads ??= openReads();
    return { value: (reads[task.method] as (...args: unknown[]) => unknown).apply(reads, task.args) };
  } catch (error) {
    const { message, code } = error as { message?: unknown; code?: unknown };
    return { error: { message: String(message ?? error), code: typeof code === 'string' ? code : undefined } };
  }
}
