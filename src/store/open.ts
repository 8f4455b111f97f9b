import type { AccessStore } from '../access/accessStore.js';
import type { CatalogStore } from './catalogStore.js';
import { accessDatabasePath, sqlitePath } from './sqlite/openDatabase.js';
import { SqliteAccessStore } from './sqlite/sqliteAccessStore.js';
import { SqliteCatalogStore } from './sqlite/sqliteCatalogStore.js';

const isPostgres = (databaseUrl: string) => /^postgres(ql)?:\/\//.test(databaseUrl);

/** The catalog store that DATABASE_URL names. */
export async function openCatalogStore(databaseUrl: string): Promise<CatalogStore> {
  if (isPostgres(databaseUrl)) {
    throw new Error('PostgreSQL is not supported yet: use a file: DATABASE_URL');
  }
  return new SqliteCatalogStore(sqlitePath(databaseUrl));
}

/**
 * The keys-and-usage store that DATABASE_URL names. With SQLite it is a file of its own beside
 * the catalog (`var/catalog.db` → `var/catalog.access.db`), so that requests never wait on an
 * import's long write transaction.
 */
export async function openAccessStore(databaseUrl: string): Promise<AccessStore> {
  if (isPostgres(databaseUrl)) {
    throw new Error('PostgreSQL is not supported yet: use a file: DATABASE_URL');
  }
  return new SqliteAccessStore(accessDatabasePath(sqlitePath(databaseUrl)));
}
