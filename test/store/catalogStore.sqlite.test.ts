import { rmSync } from 'node:fs';
import path from 'node:path';
import { StoredCatalog } from '../../src/catalog/answers/storedCatalog.js';
import { SqliteCatalogBackend } from '../../src/store/sqlite/sqliteCatalogBackend.js';
import { tempDir } from '../support/catalogServer.js';
import { catalogStoreContract } from './catalogStoreContract.js';

catalogStoreContract('SQLite', async () => {
  const dir = tempDir();
  const backend = new SqliteCatalogBackend(path.join(dir, 'catalog.db'));
  const store = new StoredCatalog(backend);
  return {
    store,
    backend,
    async cleanup() {
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
});
