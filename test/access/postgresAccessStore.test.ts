import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import type { AccessStore } from '../../src/access/accessStore.js';
import { DEFAULT_STORE_OPTIONS } from '../../src/config.js';
import { openAccessStore, openCatalogStore } from '../../src/store/open.js';
import { PostgresAccessStore } from '../../src/store/postgres/postgresAccessStore.js';
import { createTestDatabase, needsPostgres, sql, type TestDatabase, testSchemas } from '../support/postgres.js';
import { accessStoreContract, newKey } from './accessStoreContract.js';
import { ACCESS_MIGRATIONS } from '../../src/store/postgres/accessMigrations.js';

const postgres = await needsPostgres();

const schemas = testSchemas('access_test');
accessStoreContract('PostgreSQL', async () => {
  const schema = await schemas.next();
  const store = await PostgresAccessStore.open({ databaseUrl: schema.url, poolSize: 4 });
  return { store, dispose: async () => { await store.close(); await schema.drop(); } };
}, { ...postgres, done: schemas.dropAll });

const openedSchemas = testSchemas('access_test');
accessStoreContract('PostgreSQL as openAccessStore builds it (cached, reserved, classified)', async () => {
  const schema = await openedSchemas.next();
  const store = await openAccessStore(schema.url, { ...DEFAULT_STORE_OPTIONS, poolSize: 4 });
  return { store, dispose: async () => { await store.close(); await schema.drop(); } };
}, { ...postgres, done: openedSchemas.dropAll });


describe('the PostgreSQL access store, beyond the contract', postgres, () => {
  const databases: TestDatabase[] = [];
  const stores: AccessStore[] = [];
  /** `count` stores on one fresh database, as `count` service instances would open them. */
  async function instances(count: number, poolSize = 8): Promise<{ url: string; stores: AccessStore[] }> {
    const database = await createTestDatabase('access_test');
    databases.push(database);
    const opened = await Promise.all(Array.from({ length: count }, () => PostgresAccessStore.open({ databaseUrl: database.url, poolSize })));
    stores.push(...opened);
    return { url: database.url, stores: opened };
  }
  after(async () => {
    await Promise.all(stores.map((s) => s.close()));
    await Promise.all(databases.map((d) => d.drop()));
  });

  it('several instances starting at once migrate the keys tables exactly once, in their own migrations table', async () => {
    const { url } = await instances(4, 2);
    assert.deepEqual(await sql(url, 'SELECT version FROM access_migrations ORDER BY version'),
      ACCESS_MIGRATIONS.map((_, i) => ({ version: i + 1 })));
    const tables = await sql<{ tablename: string }>(url, "SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY 1");
    assert.deepEqual(tables.map((t) => t.tablename), ['access_meta', 'access_migrations', 'api_keys', 'key_creations', 'key_usage', 'oauth_revoked_grants', 'oauth_secrets', 'oauth_spent_grants']);
  });

  it('two instances counting one key at once (1,600 attempts, limit 1,000) count exactly 1,000', async () => {
    const { stores: [a, b] } = await instances(2);
    const inserted = await a!.insertKey(newKey());
    assert.equal(inserted.outcome, 'created');
    const id = (inserted as { id: string }).id;
    const results = await Promise.all(Array.from({ length: 1600 }, (_, i) => (i % 2 ? a! : b!).countRequest(id, '2026-01', 1000)));
    const counted = results.filter((r) => r !== null) as number[];
    assert.equal(counted.length, 1000);
    assert.deepEqual(counted.sort((x, y) => x - y), Array.from({ length: 1000 }, (_, i) => i + 1));
    assert.equal(await b!.usage(id, '2026-01'), 1000);
  });

  it('an OAuth code spent on two instances at once is spent once (20 rounds)', async () => {
    const { stores: [a, b] } = await instances(2);
    const now = 1_800_000_000;
    for (let round = 0; round < 20; round++) {
      const spent = await Promise.all([a!.spendGrant(`code:${round}`, now + 120, now), b!.spendGrant(`code:${round}`, now + 120, now)]);
      assert.equal(spent.filter(Boolean).length, 1, `round ${round}`);
    }
  });

  it('one address creating keys on two instances at once gets exactly its daily limit', async () => {
    const { stores: [a, b] } = await instances(2);
    const limit = { address: '192.0.2.9', day: '2026-01-15', limit: 3, keepFrom: '2026-01-14' };
    const outcomes = await Promise.all(Array.from({ length: 12 }, (_, i) => (i % 2 ? a! : b!).insertKey(newKey(), limit)));
    assert.equal(outcomes.filter((o) => o.outcome === 'created').length, 3);
    assert.equal(outcomes.filter((o) => o.outcome === 'address-limit').length, 9);
    assert.equal(await a!.keysCreatedBy('192.0.2.9', '2026-01-15'), 3);
  });

  it('one email inserted on two instances at the same moment gets one key (20 rounds)', async () => {
    const { stores: [a, b] } = await instances(2);
    for (let round = 0; round < 20; round++) {
      const email = `race${round}@example.test`;
      const outcomes = await Promise.all([a!, b!].map((s, i) =>
        s.insertKey(newKey({ email }), { address: `198.51.100.${i}`, day: '2026-01-15', limit: 1000, keepFrom: '2026-01-14' })));
      assert.deepEqual(outcomes.map((o) => o.outcome).sort(), ['created', 'email-taken'], `round ${round}`);
    }
    const active = await sql<{ n: number }>(databases.at(-1)!.url, "SELECT count(*)::int AS n FROM api_keys WHERE tier = 'free' AND revoked_at IS NULL");
    assert.deepEqual(active, [{ n: 20 }]);
  });

  it('the database enforces one active free key per email, whatever its case or spaces', async () => {
    const { url } = await instances(1);
    await sql(url, `INSERT INTO api_keys (key_hash, key_prefix, email, tier, created_at) VALUES ('h1', 'p', 'ash@example.test', 'free', now())`);
    await assert.rejects(sql(url,
      `INSERT INTO api_keys (key_hash, key_prefix, email, tier, created_at) VALUES ('h2', 'p', ' ASH@example.test', 'free', now())`),
    /api_keys_one_active_free_key/);
  });

  it('stores a hash of the key, never the key', async () => {
    const { url, stores: [store] } = await instances(1);
    const record = newKey();
    await store!.insertKey(record);
    const dump = JSON.stringify(await sql(url, 'SELECT * FROM api_keys'));
    assert.ok(dump.includes(record.keyHash));
    assert.ok(!dump.includes(record.key.slice(5)));
  });

  it('keys and usage stay on the primary with DATABASE_READ_URL set; a catalog import leaves them alone', async () => {
    const primary = await createTestDatabase('access_test');
    const replica = await createTestDatabase('access_test');
    databases.push(primary, replica);
    const options = { ...DEFAULT_STORE_OPTIONS, readUrl: replica.url, poolSize: 2 };
    const access = await openAccessStore(primary.url, options);
    stores.push(access);
    const catalog = await openCatalogStore(primary.url, options);
    try {
      const record = newKey();
      const inserted = await access.insertKey(record);
      await access.countRequest((inserted as { id: string }).id, '2026-01', 1000);
      await catalog.replaceCatalog({ sets: [], cards: [] });
      assert.equal((await access.listKeys('2026-01'))[0]?.used, 1);
      assert.deepEqual(await sql(primary.url, 'SELECT count(*)::int AS n FROM api_keys'), [{ n: 1 }]);
      assert.deepEqual(await sql(replica.url, "SELECT count(*)::int AS n FROM pg_tables WHERE tablename = 'api_keys'"), [{ n: 0 }]);
    } finally {
      await catalog.close();
    }
  });
});
