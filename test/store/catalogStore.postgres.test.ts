import { PostgresCatalogStore } from '../../src/store/postgres/postgresCatalogStore.js';
import { createTestDatabase, needsPostgres } from '../support/postgres.js';
import { catalogStoreContract } from './catalogStoreContract.js';

catalogStoreContract('PostgreSQL', async () => {
  const database = await createTestDatabase();
  const store = await PostgresCatalogStore.open({ databaseUrl: database.url });
  return {
    store,
    async cleanup() {
      await store.close();
      await database.drop();
    },
  };
}, await needsPostgres());
