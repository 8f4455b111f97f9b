import { CachedCatalog } from '../../src/catalog/cachedCatalog.js';
import { StoredCatalog } from '../../src/catalog/storedCatalog.js';
import { PostgresCatalogBackend } from '../../src/store/postgres/postgresCatalogBackend.js';
import { createTestDatabase, needsPostgres } from '../support/postgres.js';
import { catalogStoreContract } from './catalogStoreContract.js';

catalogStoreContract('cached PostgreSQL', async () => {
  const database = await createTestDatabase();
  const backend = await PostgresCatalogBackend.open({ databaseUrl: database.url });
  const store = new CachedCatalog(new StoredCatalog(backend), { maxBytes: 2 ** 20 });
  return {
    store,
    backend,
    async cleanup() {
      await store.close();
      await database.drop();
    },
  };
}, await needsPostgres());
