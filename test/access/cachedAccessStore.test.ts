import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { AccessStore, KeyRecord } from '../../src/access/accessStore.js';
import { CachedAccessStore } from '../../src/access/cachedAccessStore.js';
import { generateKey, hashKey } from '../../src/access/keyFormat.js';
import { MAX_BLOCK, ReservedQuota } from '../../src/access/reservedQuota.js';
import { DEFAULT_STORE_OPTIONS } from '../../src/config.js';
import { openAccessStore } from '../../src/store/open.js';
import { PostgresAccessStore } from '../../src/store/postgres/postgresAccessStore.js';
import { SqliteAccessStore } from '../../src/store/sqlite/sqliteAccessStore.js';
import { tempDir } from '../support/catalogServer.js';
import { fetchJson } from '../support/http.js';
import { bearer, issueKey } from '../support/keys.js';
import { createTestDatabase, needsPostgres, testSchemas } from '../support/postgres.js';
import { startServer, type TestServer } from '../support/server.js';
import { onStore, STORE_KINDS } from '../support/stores.js';
import { accessStoreContract, newKey } from './accessStoreContract.js';

const postgres = await needsPostgres();

accessStoreContract('cached SQLite', async () => {
  const dir = tempDir('tcg-access-cache-');
  const store = new CachedAccessStore(new SqliteAccessStore(path.join(dir, 'catalog.access.db')), { confirmEachLookup: true });
  return { store, dispose: async () => { await store.close(); rmSync(dir, { recursive: true, force: true }); } };
});

const schemas = testSchemas('access_test');
accessStoreContract('cached PostgreSQL', async () => {
  const schema = await schemas.next();
  const store = new CachedAccessStore(await PostgresAccessStore.open({ databaseUrl: schema.url, poolSize: 4 }));
  return { store, dispose: async () => { await store.close(); await schema.drop(); } };
}, { ...postgres, done: schemas.dropAll });

/** The wrapped store as it is, with its findKeyByHash calls counted: a real store, not a mock. */
function counted(store: AccessStore): { store: AccessStore; lookups: () => number } {
  let lookups = 0;
  const spy = Object.create(store) as AccessStore;
  spy.findKeyByHash = (keyHash: string) => {
    lookups += 1;
    return store.findKeyByHash(keyHash);
  };
  spy.admitRequest = (keyHash: string, month: string) => {
    lookups += 1;
    return store.admitRequest(keyHash, month);
  };
  // The store's owner closes it.
  spy.close = async () => undefined;
  return { store: spy, lookups: () => lookups };
}

/** Until the cache has read the keys' current version and confirmed it. */
async function confirmed(store: CachedAccessStore): Promise<void> {
  const deadline = Date.now() + 2000;
  const current = await store.keysVersion();
  while (store.stats().version !== current) {
    if (Date.now() > deadline) throw new Error('the cache never read the keys version');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  await new Promise((resolve) => setTimeout(resolve, 5));
}

const openers: Record<'sqlite' | 'postgres', () => Promise<{ store: AccessStore; dispose: () => Promise<void>; confirmEachLookup: boolean }>> = {
  async sqlite() {
    const dir = tempDir('tcg-access-cache-');
    const store = new SqliteAccessStore(path.join(dir, 'catalog.access.db'));
    return { store, confirmEachLookup: true, dispose: async () => { await store.close(); rmSync(dir, { recursive: true, force: true }); } };
  },
  async postgres() {
    const database = await createTestDatabase('access_test');
    const store = await PostgresAccessStore.open({ databaseUrl: database.url, poolSize: 4 });
    return { store, confirmEachLookup: false, dispose: async () => { await store.close(); await database.drop(); } };
  },
};

for (const kind of STORE_KINDS) {
  describe(`the key cache on ${kind}`, await onStore(kind), () => {
    it('a repeated lookup of a key is answered from memory; unknown hashes always ask the database', async () => {
      const opened = await openers[kind]();
      const spy = counted(opened.store);
      const cache = new CachedAccessStore(spy.store, { confirmEachLookup: opened.confirmEachLookup });
      try {
        const record = newKey();
        await cache.insertKey(record);
        await confirmed(cache);
        const first = await cache.findKeyByHash(record.keyHash);
        for (let i = 0; i < 5; i++) assert.deepEqual(await cache.findKeyByHash(record.keyHash), first);
        assert.equal(spy.lookups(), 1);

        const unknown = hashKey(generateKey());
        assert.equal(await cache.findKeyByHash(unknown), null);
        assert.equal(await cache.findKeyByHash(unknown), null);
        assert.equal(spy.lookups(), 3);
        assert.deepEqual({ hits: cache.stats().hits, entries: cache.stats().entries }, { hits: 5, entries: 1 });
      } finally {
        await cache.close();
        await opened.dispose();
      }
    });

    it('a burst of requests on a key not in memory looks it up once, and counts every request', async () => {
      const opened = await openers[kind]();
      const spy = counted(opened.store);
      const cache = new CachedAccessStore(spy.store, { confirmEachLookup: opened.confirmEachLookup });
      try {
        const record = newKey({ monthlyLimit: 1000 });
        await cache.insertKey(record);
        await confirmed(cache);
        const admitted = await Promise.all(Array.from({ length: 200 }, () => cache.admitRequest(record.keyHash, '2026-01')));
        assert.equal(spy.lookups(), 1);
        assert.deepEqual(admitted.map((a) => a?.used).sort((a, b) => a! - b!), Array.from({ length: 200 }, (_, i) => i + 1));
      } finally {
        await cache.close();
        await opened.dispose();
      }
    });

    it('over the reserved quota, a key\'s first request is one call to the store (found, its first block reserved); the rest count from blocks', async () => {
      const opened = await openers[kind]();
      const calls: string[] = [];
      const spy = Object.create(opened.store) as AccessStore;
      for (const method of ['findKeyByHash', 'admitRequest', 'countRequest', 'reserveRequests'] as const) {
        const call = opened.store[method].bind(opened.store) as (...args: unknown[]) => Promise<unknown>;
        (spy as unknown as Record<string, unknown>)[method] = (...args: unknown[]) => {
          calls.push(method);
          return call(...args);
        };
      }
      spy.close = async () => undefined;
      const stack = new CachedAccessStore(new ReservedQuota(spy), { confirmEachLookup: opened.confirmEachLookup });
      try {
        const [one, other] = [newKey({ monthlyLimit: 1000 }), newKey({ monthlyLimit: 1000 })];
        await stack.insertKey(one);
        await stack.insertKey(other);
        await confirmed(stack);
        assert.equal((await stack.admitRequest(one.keyHash, '2026-01'))?.used, 1);
        assert.deepEqual(calls, ['admitRequest'], 'the first request: one call');
        assert.equal((await stack.admitRequest(one.keyHash, '2026-01'))?.used, 2);
        assert.deepEqual(calls, ['admitRequest', 'reserveRequests'], 'the second reserves a block');
        for (let used = 3; used <= MAX_BLOCK + 1; used++) assert.equal((await stack.admitRequest(one.keyHash, '2026-01'))?.used, used);
        assert.equal(calls.length, 2, 'the block answers the rest');

        calls.length = 0;
        const burst = await Promise.all(Array.from({ length: 50 }, () => stack.admitRequest(other.keyHash, '2026-01')));
        assert.deepEqual(burst.map((a) => a?.used).sort((a, b) => a! - b!), Array.from({ length: 50 }, (_, i) => i + 1));
        assert.equal(calls.filter((call) => call === 'admitRequest' || call === 'findKeyByHash').length, 1, 'a burst on a new key: one lookup');
        assert.equal(await opened.store.usage(burst[0]!.key.id, '2026-01') - await stack.usage(burst[0]!.key.id, '2026-01'), 1 + 3 * MAX_BLOCK - 50,
          'the store holds what was reserved: 1, then blocks of 20');
      } finally {
        await stack.close();
        await opened.dispose();
      }
    });

    it('a revocation or a new key through the cache drops what it holds at once', async () => {
      const opened = await openers[kind]();
      const cache = new CachedAccessStore(opened.store, { confirmEachLookup: opened.confirmEachLookup });
      try {
        const record = newKey();
        await cache.insertKey(record);
        await confirmed(cache);
        assert.equal((await cache.findKeyByHash(record.keyHash))?.revokedAt, null);
        await cache.revokeKeys({ keyHash: record.keyHash }, '2026-01-20T08:00:00.000Z');
        assert.equal((await cache.findKeyByHash(record.keyHash))?.revokedAt, '2026-01-20T08:00:00.000Z');
        await cache.insertKey(newKey());
        assert.equal(cache.stats().entries, 0);
      } finally {
        await cache.close();
        await opened.dispose();
      }
    });

    it('holds at most maxEntries records, the least recently used going first', async () => {
      const opened = await openers[kind]();
      const spy = counted(opened.store);
      const cache = new CachedAccessStore(spy.store, { maxEntries: 2, confirmEachLookup: opened.confirmEachLookup });
      try {
        const keys = [newKey(), newKey(), newKey()];
        for (const key of keys) await cache.insertKey(key);
        await confirmed(cache);
        const lookUp = (i: number) => cache.findKeyByHash(keys[i]!.keyHash);
        await lookUp(0);
        await lookUp(1);
        await lookUp(0);
        await lookUp(2);
        assert.equal(cache.stats().entries, 2);
        const before = spy.lookups();
        await lookUp(0);
        assert.equal(spy.lookups(), before, 'the key used last stays');
        await lookUp(1);
        assert.equal(spy.lookups(), before + 1, 'the least recently used went');
      } finally {
        await cache.close();
        await opened.dispose();
      }
    });

    it('answers nothing from memory while the keys version cannot be read', async () => {
      const opened = await openers[kind]();
      const spy = counted(opened.store);
      let failing = false;
      spy.store.keysVersion = () => (failing ? Promise.reject(new Error('the database is down')) : opened.store.keysVersion());
      let clock = 0;
      const cache = new CachedAccessStore(spy.store, { confirmEachLookup: opened.confirmEachLookup, checkEveryMs: 10, now: () => clock });
      try {
        const record = newKey();
        await cache.insertKey(record);
        await confirmed(cache);
        await cache.findKeyByHash(record.keyHash);
        failing = true;
        clock += 751;
        const before = spy.lookups();
        await cache.findKeyByHash(record.keyHash);
        assert.equal(spy.lookups(), before + 1);
      } finally {
        await cache.close();
        await opened.dispose();
      }
    });
  });

  describe(`a revocation by another process or instance (${kind})`, await onStore(kind), () => {
    let server: TestServer;
    let other: AccessStore;
    before(async () => {
      server = await startServer({ store: kind });
      // A store of its own on the same database, as the keys CLI or another instance opens it.
      other = await openAccessStore(server.databaseUrl, { ...DEFAULT_STORE_OPTIONS, poolSize: 2 });
    });
    after(async () => {
      await other.close();
      await server.close();
    });

    it('is refused by this instance within 1 s, though the key was answered from memory', async () => {
      const key = await issueKey(other);
      const status = async () => (await fetchJson(`${server.baseUrl}/v1/sets`, { headers: bearer(key) })).response.status;
      const cache = server.accessStore as CachedAccessStore;
      await confirmed(cache);
      assert.equal(await status(), 200);
      const hits = cache.stats().hits;
      assert.equal(await status(), 200);
      assert.equal(cache.stats().hits, hits + 1, 'the second request found the key in memory');

      const revoked: KeyRecord[] = await other.revokeKeys({ keyHash: hashKey(key) }, new Date().toISOString());
      assert.equal(revoked.length, 1);
      const deadline = performance.now() + 1000;
      let last = 200;
      while (performance.now() < deadline && (last = await status()) !== 401) await new Promise((resolve) => setTimeout(resolve, 20));
      assert.equal(last, 401, 'refused within 1 s of the revocation');
    });
  });
}
