import { CachedCatalog } from '../../src/catalog/cachedCatalog.js';
import type { CatalogStore } from '../../src/catalog/catalogStore.js';
import { StoredCatalog } from '../../src/catalog/storedCatalog.js';
import { PostgresCatalogBackend } from '../../src/store/postgres/postgresCatalogBackend.js';
import { createTestDatabase, needsPostgres } from '../support/postgres.js';
import { catalogStoreContract } from './catalogStoreContract.js';

// The store as it is, and through the cache of answers that wraps it in the service.
const variants: Array<[string, (store: StoredCatalog) => CatalogStore]> = [
  ['PostgreSQL', (store) => store],
  ['cached PostgreSQL', (store) => new CachedCatalog(store, { maxBytes: 2 ** 20 })],
];

for (const [name, wrap] of variants) {
  catalogStoreContract(name, async () => {
    const database = await createTestDatabase();
    const backend = await PostgresCatalogBackend.open({ databaseUrl: database.url });
    const store = wrap(new StoredCatalog(backend));
    return {
      store,
      backend,
      async cleanup() {
        await store.close();
        await database.drop();
      },
    };
  }, await needsPostgres());
}
