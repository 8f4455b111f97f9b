import { rmSync } from 'node:fs';
import path from 'node:path';
import { CachedCatalog } from '../../src/catalog/cachedCatalog.js';
import type { CatalogStore } from '../../src/catalog/catalogStore.js';
import { StoredCatalog } from '../../src/catalog/storedCatalog.js';
import { SqliteCatalogBackend } from '../../src/store/sqlite/sqliteCatalogBackend.js';
import { tempDir } from '../support/catalogServer.js';
import { catalogStoreContract } from './catalogStoreContract.js';

// The store as it is, and through the cache of answers that wraps it in the service.
const variants: Array<[string, (store: StoredCatalog) => CatalogStore]> = [
  ['SQLite', (store) => store],
  ['cached SQLite', (store) => new CachedCatalog(store, { maxBytes: 2 ** 20 })],
];

for (const [name, wrap] of variants) {
  catalogStoreContract(name, async () => {
    const dir = tempDir();
    const backend = new SqliteCatalogBackend(path.join(dir, 'catalog.db'));
    const store = wrap(new StoredCatalog(backend));
    return {
      store,
      backend,
      async cleanup() {
        await store.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  });
}
