import { StoredCatalog } from '../../src/catalog/answers/storedCatalog.js';
import { PostgresCatalogBackend } from '../../src/store/postgres/postgresCatalogBackend.js';
import { createTestDatabase, needsPostgres } from '../support/postgres.js';
import { catalogStoreContract } from './catalogStoreContract.js';

catalogStoreContract('PostgreSQL', async () => {
  const database = await createTestDatabase();
  const backend = await PostgresCatalogBackend.open({ databaseUrl: database.url });
  const store = new StoredCatalog(backend);
  return {
    store,
    backend,
    async cleanup() {
      await store.close();
      await database.drop();
    },
  };
}, await needsPostgres());
