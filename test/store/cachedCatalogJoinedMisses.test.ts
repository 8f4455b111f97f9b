import Database from 'better-sqlite3';
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { CachedCatalog } from '../../src/catalog/cachedCatalog.js';
import type { Catalog } from '../../src/catalog/catalogStore.js';
import { StoredCatalog } from '../../src/catalog/storedCatalog.js';
import { DEMO_CATALOG_DIR } from '../../src/importer/demoCatalog.js';
import { readOwnExport } from '../../src/importer/sources/ownExport.js';
import { SqliteCatalogBackend } from '../../src/store/sqlite/sqliteCatalogBackend.js';
import { tempDir } from '../support/catalogServer.js';

/** Until the cache has confirmed the catalog's current version, so that it answers from memory. */
async function confirmed(store: CachedCatalog): Promise<void> {
  const current = await store.catalogVersion();
  const deadline = Date.now() + 2000;
  while (store.stats().version !== current) {
    if (Date.now() > deadline) throw new Error('the cache never read the catalog version');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  await new Promise((resolve) => setTimeout(resolve, 5));
}

const names = (items: readonly string[]) => items.map((doc) => (JSON.parse(doc) as { name: string }).name);

describe('the catalog cache under a burst of one request', () => {
  let dir: string;
  let file: string;
  let catalog: Catalog;
  let store: CachedCatalog;
  const search = { key: 'pikachu', limit: 20, offset: 0 };
  before(async () => {
    dir = tempDir('tcg-joined-');
    file = path.join(dir, 'catalog.db');
    catalog = (await readOwnExport(DEMO_CATALOG_DIR)).catalog;
    store = new CachedCatalog(new StoredCatalog(new SqliteCatalogBackend(file, { readWorkers: 1 })), { maxBytes: 2 ** 20 });
    await store.replaceCatalog(catalog);
  });
  after(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('reads the database once for concurrent misses of one request, and answers them all alike', async () => {
    await confirmed(store);
    const before = store.stats();
    const answers = await Promise.all(Array.from({ length: 30 }, () => store.searchCards({ ...search })));
    const after = store.stats();
    assert.deepEqual([after.misses - before.misses, after.joined - before.joined, after.hits - before.hits], [1, 29, 0]);
    assert.ok(answers[0]!.items.length > 0);
    for (const answer of answers) assert.deepEqual(answer, answers[0]);
    await store.searchCards({ ...search });
    assert.equal(store.stats().hits, after.hits + 1, 'then it is in memory');
  });

  it('never joins a read that began before its own import, which may answer from the catalog replaced', async () => {
    await confirmed(store);
    const key = { ...search, limit: 7 };
    const missesBefore = store.stats().misses;
    const started = store.searchCards(key);
    // The import commits and drops the cache while the first read is still in its worker.
    await store.replaceCatalog({ ...catalog, cards: catalog.cards.map((card) => ({ ...card, name: `${card.name} Renamed` })) });
    const afterImport = store.searchCards(key);
    const [, fresh] = await Promise.all([started, afterImport]);
    assert.equal(store.stats().misses, missesBefore + 2, 'two reads of the database');
    assert.ok(fresh.items.length > 0 && names(fresh.items).every((name) => name.endsWith(' Renamed')), 'the second of the new catalog');
    await store.replaceCatalog(catalog);
  });

  it('lets every joined caller see a failed read, and reads again on the next request', async () => {
    await confirmed(store);
    const other = new Database(file);
    try {
      const key = { ...search, limit: 9 };
      const before = store.stats();
      other.exec('ALTER TABLE cards RENAME TO cards_away');
      const outcomes = await Promise.allSettled(Array.from({ length: 5 }, () => store.searchCards({ ...key })));
      assert.ok(outcomes.every((outcome) => outcome.status === 'rejected'));
      assert.deepEqual([store.stats().misses - before.misses, store.stats().joined - before.joined], [1, 4]);
      other.exec('ALTER TABLE cards_away RENAME TO cards');
      assert.ok((await store.searchCards({ ...key })).items.length > 0);
      assert.equal(store.stats().misses - before.misses, 2, 'the failure was not kept');
    } finally {
      other.close();
    }
  });
});
