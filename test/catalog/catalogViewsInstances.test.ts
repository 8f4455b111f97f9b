import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { AnswerCache } from '../../src/catalog/answers/answerCache.js';
import { CatalogQueries, type QueryResult } from '../../src/catalog/answers/catalogQueries.js';
import type { CatalogStore } from '../../src/catalog/catalogStore.js';
import type { Catalog } from '../../src/catalog/catalogShapes.js';
import { DEFAULT_STORE_OPTIONS } from '../../src/config.js';
import { readOwnExport } from '../../src/importer/sources/ownExport.js';
import { openCatalogStore } from '../../src/store/open.js';
import { tempDir } from '../support/catalogServer.js';
import { createTestDatabase, type TestDatabase } from '../support/postgres.js';
import { SEED_CATALOG_DIR } from '../support/seedCatalog.js';
import { onStore, STORE_KINDS } from '../support/stores.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const names = (result: QueryResult) => {
  assert.ok(result.ok, 'an answer');
  return (JSON.parse(result.answer.json) as { data: Array<{ name: string }> }).data.map((card) => card.name);
};

for (const kind of STORE_KINDS) {
  describe(`what an instance keeps of the catalog, when another instance imports (${kind})`, await onStore(kind), () => {
    let dir: string;
    let database: TestDatabase | undefined;
    let catalog: Catalog;
    /** This instance's store and the other instance's, on one database. */
    let store: CatalogStore;
    let other: CatalogStore;
    let answers: AnswerCache;
    let queries: CatalogQueries;
    before(async () => {
      dir = tempDir('tcg-views-');
      database = kind === 'postgres' ? await createTestDatabase('views_test') : undefined;
      const url = database?.url ?? `file:${path.join(dir, 'catalog.db')}`;
      store = await openCatalogStore(url, DEFAULT_STORE_OPTIONS);
      other = await openCatalogStore(url, DEFAULT_STORE_OPTIONS);
      catalog = (await readOwnExport(SEED_CATALOG_DIR)).catalog;
      await other.replaceCatalog(catalog);
      // The service's watcher: every 250 ms.
      answers = new AnswerCache(store, { maxBytes: 2 ** 20 });
      queries = new CatalogQueries(store, answers);
    });
    after(async () => {
      answers?.close();
      await store?.close();
      await other?.close();
      await database?.drop();
      rmSync(dir, { recursive: true, force: true });
    });

    it('an import that changed the catalog empties every view within 1 s; one that changed nothing keeps the indexes', async () => {
      const pikachu = () => queries.searchCards({ q: 'pikachu' });
      assert.ok(names(await pikachu()).length > 0);
      // The views: the name index, the name lookup (autocomplete), the filter bitsets, the set table (set_code).
      assert.ok((await queries.autocomplete({ q: 'pik' })).ok);
      assert.ok((await queries.listFilteredCards({ filters: { type: 'Fire' } })).ok);
      await queries.listFilteredCards({ filters: { set_code: 'BS' } });
      const { generation } = store.views;

      await other.replaceCatalog({ ...catalog, cards: catalog.cards.map((card) => ({ ...card, name: `${card.name} Renamed` })) });
      const committed = Date.now();
      while (store.views.generation === generation && Date.now() - committed < 1000) await sleep(20);
      assert.ok(store.views.generation > generation, `every view emptied within 1 s (${Date.now() - committed} ms)`);
      assert.ok(names(await pikachu()).every((name) => name.endsWith(' Renamed')), 'the name index read again');

      const kept = store.views.generation;
      const retrievedAt = (await store.retrieval()).importedAt;
      await sleep(5);
      await other.replaceCatalog({ ...catalog, cards: catalog.cards.map((card) => ({ ...card, name: `${card.name} Renamed` })) });
      const { epoch } = store.views;
      const moved = Date.now();
      while (store.views.epoch === epoch && Date.now() - moved < 1000) await sleep(20);
      assert.ok(store.views.epoch > epoch, 'the answers, which carry retrieved_at, emptied within 1 s');
      assert.equal(store.views.generation, kept, 'the indexes of the version kept');
      const again = await pikachu();
      assert.ok(again.ok);
      assert.notEqual((JSON.parse(again.answer.json) as { retrieved_at: string }).retrieved_at, retrievedAt, 'a new retrieved_at');
    });
  });
}
