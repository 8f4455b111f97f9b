import { rmSync } from 'node:fs';
import path from 'node:path';
import { SqliteCatalogStore } from '../../src/store/sqlite/sqliteCatalogStore.js';
import { tempDir } from '../support/catalogServer.js';
import { catalogStoreContract } from './catalogStoreContract.js';

catalogStoreContract('SQLite', async () => {
  const dir = tempDir();
  const store = new SqliteCatalogStore(path.join(dir, 'catalog.db'));
  return {
    store,
    async cleanup() {
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
});
