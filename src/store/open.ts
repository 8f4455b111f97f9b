import type { CatalogStore } from './catalogStore.js';
import { sqlitePath } from './sqlite/openDatabase.js';
import { SqliteCatalogStore } from './sqlite/sqliteCatalogStore.js';

/** The catalog store that DATABASE_URL names. */
export async function openCatalogStore(databaseUrl: string): Promise<CatalogStore> {
  if (/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new Error('PostgreSQL is not supported yet: use a file: DATABASE_URL');
  }
  return new SqliteCatalogStore(sqlitePath(databaseUrl));
}
