import Database from 'better-sqlite3';
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { CachedCatalog } from '../../src/catalog/cachedCatalog.js';
import type { Catalog, CatalogStore } from '../../src/catalog/catalogStore.js';
import { facetsOf } from '../../src/catalog/cardFacets.js';
import { StoredCatalog } from '../../src/catalog/storedCatalog.js';
import { SqliteCatalogBackend } from '../../src/store/sqlite/sqliteCatalogBackend.js';
import { DEFAULT_STORE_OPTIONS } from '../../src/config.js';
import { DEMO_CATALOG_DIR } from '../../src/importer/demoCatalog.js';
import { readOwnExport } from '../../src/importer/sources/ownExport.js';
import { openCatalogStore } from '../../src/store/open.js';
import { tempDir } from '../support/catalogServer.js';
import { createTestDatabase, type TestDatabase } from '../support/postgres.js';
import { onStore, STORE_KINDS } from '../support/stores.js';

const demo = async (): Promise<Catalog> => (await readOwnExport(DEMO_CATALOG_DIR)).catalog;
const renamed = (catalog: Catalog, name: string): Catalog => ({ ...catalog, cards: catalog.cards.map((card) => ({ ...card, name })) });
const nameOf = async (store: CatalogStore, id: string) => (JSON.parse((await store.getCard(id))!) as { name: string }).name;

/** Until the cache has checked the catalog's current version (after an import, its next check drops what it holds). */
async function confirmed(store: CachedCatalog): Promise<void> {
  const deadline = Date.now() + 2000;
  const current = await store.catalogVersion();
  while (store.stats().version !== current) {
    if (Date.now() > deadline) throw new Error('the cache never read the catalog version');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  // The version was read; let the check that read it finish confirming.
  await new Promise((resolve) => setTimeout(resolve, 5));
}

describe('the catalog cache on SQLite', () => {
  let dir: string;
  let catalog: Catalog;
  const cached = (file: string, maxBytes = 2 ** 20) => new CachedCatalog(new StoredCatalog(
    // A second backend on the file is what another instance of the service is.
    new SqliteCatalogBackend(file)), { maxBytes });
  before(async () => {
    dir = tempDir('tcg-cache-');
    catalog = await demo();
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('answers a repeated read from memory, 404s included, and counts hits and misses', async () => {
    const store = cached(path.join(dir, 'hits.db'));
    try {
      await store.replaceCatalog(catalog);
      await confirmed(store);
      const id = catalog.cards[0]!.id;
      const first = await store.getCard(id);
      assert.equal(await store.getCard(id), first);
      assert.equal(await store.getCard('en-none-1'), null);
      assert.equal(await store.getCard('en-none-1'), null);
      assert.deepEqual({ hits: store.stats().hits, misses: store.stats().misses }, { hits: 2, misses: 2 });

      const search = { key: 'pikachu', limit: 5, offset: 0 };
      assert.deepEqual(await store.searchCards(search), await store.searchCards({ ...search }));
      const facets = facetsOf({ type: 'Fire', supertype: 'Pokemon' });
      await store.listFilteredCards(facets, { limit: 5, offset: 0 });
      await store.listFilteredCards([...facets].reverse(), { limit: 5, offset: 0 });
      assert.equal(store.stats().hits, 4, 'the same filter in another order is the same entry');

      const batch = await store.getCards([id, 'en-none-2']);
      assert.deepEqual(await store.getCards(['en-none-2', id]), [null, batch[0]]);
      assert.equal(store.stats().hits, 6, 'each card of a batch is an entry of its own');
      assert.ok(store.stats().bytes > 0 && store.stats().entries === 8, 'and each batch as asked, in its order');
      assert.deepEqual(await store.getCards([id, 'en-none-2']), batch, 'the same batch again, from its own entry');
      assert.deepEqual({ hits: store.stats().hits, misses: store.stats().misses, entries: store.stats().entries }, { hits: 8, misses: 6, entries: 8 });
    } finally {
      await store.close();
    }
  });

  it('never holds more than its bound: the least recently used answers go first', async () => {
    const maxBytes = 4096;
    const store = cached(path.join(dir, 'bound.db'), maxBytes);
    try {
      await store.replaceCatalog(catalog);
      await confirmed(store);
      for (const card of catalog.cards) await store.getCard(card.id);
      for (let i = 0; i < 200; i += 1) await store.getCard(`en-none-${i}`);
      await store.listSets({ limit: 50, offset: 0 });
      const { bytes, entries } = store.stats();
      assert.ok(bytes <= maxBytes, `${bytes} bytes cached, bound ${maxBytes}`);
      assert.ok(entries > 10 && entries < 212, `${entries} entries`);
      const misses = store.stats().misses;
      await store.getCard('en-none-199');
      assert.equal(store.stats().misses, misses, 'the latest answers stay');
      await store.getCard(catalog.cards[0]!.id);
      assert.equal(store.stats().misses, misses + 1, 'the oldest went');
    } finally {
      await store.close();
    }
  });

  it('answers from the database while it cannot read the catalog version, from memory again once it can', async () => {
    const file = path.join(dir, 'unconfirmed.db');
    const store = cached(file);
    const other = new Database(file);
    try {
      await store.replaceCatalog(catalog);
      await confirmed(store);
      const id = catalog.cards[0]!.id;
      const answer = await store.getCard(id);
      const hitsOf = async () => {
        const before = store.stats().hits;
        assert.equal(await store.getCard(id), answer);
        return store.stats().hits - before;
      };
      assert.equal(await hitsOf(), 1);
      other.exec('ALTER TABLE catalog_meta RENAME TO catalog_meta_away');
      await new Promise((resolve) => setTimeout(resolve, 1000));
      assert.equal(await hitsOf(), 0, 'no check confirmed the version lately');
      other.exec('ALTER TABLE catalog_meta_away RENAME TO catalog_meta');
      await new Promise((resolve) => setTimeout(resolve, 500));
      assert.equal(await hitsOf(), 1);
    } finally {
      other.close();
      await store.close();
    }
  });

  it('an import through the same store drops every answer at once', async () => {
    const store = cached(path.join(dir, 'same.db'));
    try {
      await store.replaceCatalog(catalog);
      await confirmed(store);
      const id = catalog.cards[0]!.id;
      assert.notEqual(await nameOf(store, id), 'Renamed');
      await store.replaceCatalog(renamed(catalog, 'Renamed'));
      assert.equal(store.stats().entries, 0);
      assert.equal(await nameOf(store, id), 'Renamed');
    } finally {
      await store.close();
    }
  });
});

for (const kind of STORE_KINDS) {
  describe(`two instances with caches on one ${kind} database`, await onStore(kind), () => {
    let dir: string;
    let database: TestDatabase | undefined;
    let first: CachedCatalog;
    let second: CatalogStore;
    let catalog: Catalog;
    before(async () => {
      dir = tempDir('tcg-cache-');
      database = kind === 'postgres' ? await createTestDatabase('cache_test') : undefined;
      const url = database?.url ?? `file:${path.join(dir, 'catalog.db')}`;
      first = await openCatalogStore(url, DEFAULT_STORE_OPTIONS) as CachedCatalog;
      second = await openCatalogStore(url, DEFAULT_STORE_OPTIONS);
      assert.ok(first instanceof CachedCatalog && second instanceof CachedCatalog);
      catalog = await demo();
      await second.replaceCatalog(catalog);
    });
    after(async () => {
      await first?.close();
      await second?.close();
      await database?.drop();
      rmSync(dir, { recursive: true, force: true });
    });

    it('an import by the other instance drops the cached answers within 1 s', async () => {
      await confirmed(first);
      const id = catalog.cards[0]!.id;
      const set = catalog.sets[0]!.id;
      const before = await nameOf(first, id);
      await first.listCardsInSet(set, { limit: 5, offset: 0 });
      await nameOf(first, id);
      assert.ok(first.stats().hits >= 1, 'answered from memory before the import');

      for (const name of ['Renamed once', 'Renamed twice']) {
        await second.replaceCatalog(renamed(catalog, name));
        const finished = Date.now();
        let seen = before;
        while (seen !== name && Date.now() - finished < 1000) {
          seen = await nameOf(first, id);
          if (seen !== name) await new Promise((resolve) => setTimeout(resolve, 20));
        }
        assert.equal(seen, name, `the new answer within 1 s of the import (${Date.now() - finished} ms)`);
        const page = await first.listCardsInSet(set, { limit: 5, offset: 0 });
        assert.ok(page!.items.every((doc) => (JSON.parse(doc) as { name: string }).name === name));
      }
    });
  });
}

describe('CATALOG_CACHE_MB', () => {
  // How the setting is read and refused: test/config.test.ts.
  it('0 opens the store without a cache', async () => {
    const dir = tempDir('tcg-cache-');
    try {
      const plain = await openCatalogStore(`file:${path.join(dir, 'catalog.db')}`, { ...DEFAULT_STORE_OPTIONS, catalogCacheBytes: 0 });
      assert.ok(plain instanceof StoredCatalog);
      await plain.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});


