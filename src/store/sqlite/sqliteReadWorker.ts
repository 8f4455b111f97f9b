import Database from 'better-sqlite3';
import { workerData } from 'node:worker_threads';
import { CATALOG_PAGE_CACHE } from './openDatabase.js';
import { SqliteCatalogReads, type WorkerRead } from './sqliteCatalogReads.js';
import { SqliteFileGoneError, WatchedFile } from './watchedFile.js';

/** One read a worker is asked for: a method of SqliteCatalogReads and its arguments. */
export type ReadTask = { [M in WorkerRead]: { method: M; args: Parameters<SqliteCatalogReads[M]> } }[WorkerRead];

/**
 * What comes back. A thrown error would lose its `code` on the way (structured clone keeps only
 * the message), and the code is what says whether the database is unavailable, so it travels as data.
 */
export type ReadOutcome = { value: unknown } | { error: { message: string; code: string | undefined } };

type Connection = { db: Database.Database; reads: SqliteCatalogReads };

const file = (workerData as { file: string }).file;

/**
 * The catalog file, read-only (this thread never writes, and a read-only connection cannot by
 * mistake) and only if it exists: a worker never creates an empty catalog in place of a lost one.
 */
function openReads(): Connection {
  const db = openFile();
  try {
    db.pragma('busy_timeout = 5000');
    db.pragma(`cache_size = ${CATALOG_PAGE_CACHE}`);
    return { db, reads: new SqliteCatalogReads(db) };
  } catch (error) {
    db.close();
    throw error;
  }
}

/**
 * A file that cannot be opened is unavailable: the driver says so with SQLITE_CANTOPEN, or, when
 * its folder is not there (moved away, say), with a TypeError that carries no code.
 */
function openFile(): Database.Database {
  try {
    return new Database(file, { readonly: true, fileMustExist: true });
  } catch (error) {
    if (error instanceof Database.SqliteError) throw error;
    throw new SqliteFileGoneError(file, `cannot be opened: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** Opens the file and watches it, as the main thread's connection does (SqliteFileGoneError while it is gone). */
const watch = () => new WatchedFile<Connection>(file, () => openReads(), ({ db }) => db.close());

let connection: WatchedFile<Connection> | undefined;
try {
  // Opened as the worker starts, so the first request does not pay for it; if the file cannot be
  // opened now, the first read tries again and reports why.
  connection = watch();
} catch {
  connection = undefined;
}

/** Piscina's task: runs one read on this worker's connection. */
export default function read(task: ReadTask): ReadOutcome {
  try {
    connection ??= watch();
    // Checked against the file on every read (a stat, off the event loop): a worker must not
    // answer from a file moved away or replaced after the main thread has seen it go.
    const { reads } = connection.checked();
    return { value: (reads[task.method] as (...args: unknown[]) => unknown).apply(reads, task.args) };
  } catch (error) {
    const { message, code } = error as { message?: unknown; code?: unknown };
    return { error: { message: String(message ?? error), code: typeof code === 'string' ? code : undefined } };
  }
}
