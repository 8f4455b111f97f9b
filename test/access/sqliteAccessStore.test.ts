import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { Worker } from 'node:worker_threads';
import { accessDatabasePath } from '../../src/store/sqlite/openDatabase.js';
import { SqliteAccessStore } from '../../src/store/sqlite/sqliteAccessStore.js';
import { DEFAULT_STORE_OPTIONS } from '../../src/config.js';
import { openAccessStore } from '../../src/store/open.js';
import { accessStoreContract, newKey } from './accessStoreContract.js';

const tempDir = () => mkdtempSync(path.join(os.tmpdir(), 'tcg-access-store-'));

accessStoreContract('SQLite', async () => {
  const dir = tempDir();
  const store = new SqliteAccessStore(path.join(dir, 'catalog.access.db'));
  return { store, dispose: async () => { await store.close(); rmSync(dir, { recursive: true, force: true }); } };
});

accessStoreContract('SQLite as openAccessStore builds it (cached, reserved, classified)', async () => {
  const dir = tempDir();
  const store = await openAccessStore(`file:${path.join(dir, 'catalog.db')}`, DEFAULT_STORE_OPTIONS);
  return { store, dispose: async () => { await store.close(); rmSync(dir, { recursive: true, force: true }); } };
});

describe('SQLite access store', () => {
  it('lives in its own file beside the catalog: var/catalog.db → var/catalog.access.db', async () => {
    assert.equal(accessDatabasePath('./var/catalog.db'), './var/catalog.access.db');
    assert.equal(accessDatabasePath('/data/tcg.sqlite'), '/data/tcg.access.sqlite');
    assert.equal(accessDatabasePath('/data/tcg'), '/data/tcg.access.db');
    const dir = tempDir();
    const store = await openAccessStore(`file:${path.join(dir, 'catalog.db')}`, DEFAULT_STORE_OPTIONS);
    assert.ok(existsSync(path.join(dir, 'catalog.access.db')));
    assert.ok(!existsSync(path.join(dir, 'catalog.db')));
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('stores a hash of the key, never the key', async () => {
    const dir = tempDir();
    const file = path.join(dir, 'catalog.access.db');
    const store = new SqliteAccessStore(file);
    const record = newKey();
    await store.insertKey(record);
    await store.close();
    const bytes = Buffer.concat([file, `${file}-wal`].filter(existsSync).map((f) => readFileSync(f)));
    assert.ok(bytes.includes(record.keyHash));
    assert.ok(!bytes.includes(record.key));
    assert.ok(!bytes.includes(record.key.slice(13)), 'not even the secret part of the key');
    rmSync(dir, { recursive: true, force: true });
  });

  it('counts exactly the limit across connections writing at once (4 threads, 1,600 attempts, limit 1,000)', async () => {
    const dir = tempDir();
    const file = path.join(dir, 'catalog.access.db');
    const store = new SqliteAccessStore(file);
    const inserted = await store.insertKey(newKey());
    assert.equal(inserted.outcome, 'created');
    const keyId = (inserted as { id: string }).id;
    const start = new SharedArrayBuffer(4);
    const workerFile = new URL('../support/quotaWorker.js', import.meta.url);
    const workers = Array.from({ length: 4 }, () =>
      new Worker(workerFile, { workerData: { file, keyId, month: '2026-01', limit: 1000, attempts: 400, start } }));
    const message = (worker: Worker) => new Promise<number | 'ready'>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    });
    assert.deepEqual(await Promise.all(workers.map(message)), ['ready', 'ready', 'ready', 'ready']);
    const results = Promise.all(workers.map(message));
    // Every thread holds its own connection and waits; release them together.
    Atomics.store(new Int32Array(start), 0, 1);
    Atomics.notify(new Int32Array(start), 0);
    const total = (await results as number[]).reduce((a, b) => a + b, 0);
    assert.equal(total, 1000);
    assert.equal(await store.usage(keyId, '2026-01'), 1000);
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });
});
