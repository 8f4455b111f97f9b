import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import path from 'node:path';

/**
 * The page cache of each connection to the catalog (PRAGMA cache_size, in KiB when negative):
 * SQLite's own default of 2 MiB rather than the 16 MiB better-sqlite3 builds it with. The service
 * holds one connection per read worker besides its own, and under random cards and searches each
 * filled its cache with pages of the cards table read once (resident memory, for the same req/s);
 * the operating system's file cache keeps the pages that are read again.
 */
export const CATALOG_PAGE_CACHE = -2000;

/** `file:./var/catalog.db` or a plain path → the file path. */
export function sqlitePath(databaseUrl: string): string {
  return databaseUrl.startsWith('file:') ? databaseUrl.slice('file:'.length) : databaseUrl;
}

/** Opens `file` in WAL mode, creating it (and its folder) unless `mustExist`. */
export function openDatabase(file: string, { mustExist = false }: { mustExist?: boolean } = {}): Database.Database {
  if (file !== ':memory:' && !mustExist) mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const db = new Database(file, { fileMustExist: mustExist });
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('busy_timeout = 5000');
  db.pragma('foreign_keys = ON');
  return db;
}

/** The access database beside a catalog file: `var/catalog.db` → `var/catalog.access.db`. */
export function accessDatabasePath(catalogFile: string): string {
  if (catalogFile === ':memory:') return catalogFile;
  const extension = path.extname(catalogFile);
  return extension ? `${catalogFile.slice(0, -extension.length)}.access${extension}` : `${catalogFile}.access.db`;
}

/** Whether the database answers a query now; never throws. */
export function answers(db: Database.Database): boolean {
  try {
    db.prepare('SELECT 1').get();
    return true;
  } catch {
    return false;
  }
}
