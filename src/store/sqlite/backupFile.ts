import Database from 'better-sqlite3';
import { closeSync, existsSync, fsyncSync, openSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';

/** A backup that cannot be made as asked (no source, a destination that exists): the caller's to fix. */
export class BackupError extends Error {}

export interface FileBackup<T> {
  file: string;
  bytes: number;
  /** What `summarize` read from the finished copy. */
  summary: T;
}

/** sqlite3_backup_step's "every remaining page": one step, one read snapshot of the source. */
const ALL_PAGES = 0x7fffffff;

/**
 * Copies the SQLite database `source` to `destination` while other processes (the service) read
 * and write it, with SQLite's online backup API: every page in one step, so the copy is the
 * source as one transaction saw it (a step split in parts would start over whenever the service
 * commits a count in between). The copy is written beside the destination, switched out of WAL
 * mode (one self-contained file), checked (`PRAGMA quick_check`), synced to disk and only then
 * renamed into place, so a file at `destination` is always a complete backup. `summarize` reads
 * what the copy holds, for the operator.
 */
export async function backupSqliteFile<T>(
  source: string, destination: string, summarize: (copy: Database.Database) => T,
): Promise<FileBackup<T>> {
  if (!existsSync(source)) throw new BackupError(`${source} does not exist: nothing to back up (is DATABASE_URL right?)`);
  if (existsSync(destination)) throw new BackupError(`${destination} exists already: back up into a new or another folder`);
  const partial = `${destination}.partial`;
  rmSync(partial, { force: true });

  const db = new Database(source, { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    await db.backup(partial, { progress: () => ALL_PAGES });
  } finally {
    db.close();
  }

  let summary: T;
  const copy = new Database(partial, { fileMustExist: true });
  try {
    copy.pragma('journal_mode = DELETE');
    const check = copy.pragma('quick_check', { simple: true });
    if (check !== 'ok') throw new Error(`the copy of ${source} failed its check: ${String(check)}`);
    summary = summarize(copy);
  } catch (error) {
    copy.close();
    rmSync(partial, { force: true });
    throw error;
  }
  copy.close();
  syncToDisk(partial);
  renameSync(partial, destination);
  syncToDisk(path.dirname(path.resolve(destination)));
  return { file: destination, bytes: statSync(destination).size, summary };
}

function syncToDisk(file: string): void {
  const fd = openSync(file, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}
