import { statSync } from 'node:fs';

/** How long a check of the file's identity is trusted for reads and usage counts. */
export const RECHECK_MS = 50;

/**
 * What a store throws while its file is not at its path: classified as SQLITE_CANTOPEN (the
 * database cannot be used now), so the edges answer 503 and the next call tries again.
 */
export class SqliteFileGoneError extends Error {
  readonly code = 'SQLITE_CANTOPEN';

  constructor(file: string, reason: string) {
    super(`the SQLite file ${file} ${reason}`);
    this.name = 'SqliteFileGoneError';
  }
}

/** The device and inode of what is at `file` now, or null when nothing is. */
function identityOf(file: string): string | null {
  const stats = statSync(file, { throwIfNoEntry: false });
  return stats ? `${stats.dev}:${stats.ino}` : null;
}

/**
 * The connections of a store to one SQLite file, given up when the file at the path is no longer
 * the one they opened and opened again once a file is back. An open connection keeps reading and
 * writing its file after the file was deleted, moved away or replaced (an operator's restore, a
 * volume swapped), so without this check a server would answer from, and count into, a file that
 * no longer exists at its path: lost on the next restart. Instead the store fails with
 * SqliteFileGoneError (503) while nothing is at the path, and reopens by itself when something is.
 */
export class WatchedFile<C> {
  private readonly watched: boolean;
  private current: C | null;
  private identity: string | null;
  private checkedAt: number;
  private closed = false;

  /**
   * `connect` opens the connections (with `mustExist`, never creating an empty file in place of a
   * lost one) and `disconnect` closes them. ':memory:' is never watched.
   */
  constructor(
    private readonly file: string,
    private readonly connect: (mustExist: boolean) => C,
    private readonly disconnect: (connections: C) => void,
  ) {
    this.watched = file !== ':memory:';
    this.current = connect(false);
    this.identity = this.watched ? identityOf(file) : null;
    this.checkedAt = performance.now();
  }

  /** The connections, checked against the file at most RECHECK_MS ago: for reads and usage counts. */
  get(): C {
    if (this.current && (!this.watched || performance.now() - this.checkedAt < RECHECK_MS)) return this.current;
    return this.checked();
  }

  /** The connections, checked against the file now: before a write that must not go to a file no longer at the path. */
  checked(): C {
    if (this.closed) throw new TypeError('The database connection is not open');
    if (!this.watched) return this.current!;
    const now = identityOf(this.file);
    this.checkedAt = performance.now();
    if (this.current && now === this.identity) return this.current;
    this.release();
    if (now === null) throw new SqliteFileGoneError(this.file, 'is not there (deleted or moved away)');
    try {
      this.current = this.connect(true);
    } catch (error) {
      throw new SqliteFileGoneError(this.file, `cannot be opened again: ${error instanceof Error ? error.message : String(error)}`);
    }
    this.identity = now;
    return this.current;
  }

  close(): void {
    this.closed = true;
    this.release();
  }

  private release(): void {
    if (!this.current) return;
    try {
      this.disconnect(this.current);
    } catch {
      // Closing connections to a file that went away may fail; they are given up either way.
    }
    this.current = null;
  }
}
