import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { catalogRows } from '../../src/catalog/rows/catalogRows.js';
import type { CatalogStore } from '../../src/catalog/catalogStore.js';
import type { Catalog } from '../../src/catalog/catalogShapes.js';
import { SEED_CATALOG_DIR } from '../support/seedCatalog.js';
import { readOwnExport } from '../../src/importer/sources/ownExport.js';
import { DEFAULT_STORE_OPTIONS } from '../../src/config.js';
import { openCatalogStore } from '../../src/store/open.js';
import { tempDir } from '../support/catalogServer.js';
import { createTestDatabase, type TestDatabase } from '../support/postgres.js';
import { onStore, STORE_KINDS } from '../support/stores.js';

const ids = (items: readonly string[]) => items.map((doc) => (JSON.parse(doc) as { id: string }).id);

for (const kind of STORE_KINDS) {
  describe(`filter-only listings from bitsets (${kind})`, await onStore(kind), () => {
    let dir: string;
    let database: TestDatabase | undefined;
    let catalog: Catalog;
    let store: CatalogStore;
    let other: CatalogStore;
    before(async () => {
      dir = tempDir('tcg-filters-');
      database = kind === 'postgres' ? await createTestDatabase('filters_test') : undefined;
      const url = database?.url ?? `file:${path.join(dir, 'catalog.db')}`;
      // Without the catalog cache, so that every listing is worked out; the other store is another instance.
      store = await openCatalogStore(url, { ...DEFAULT_STORE_OPTIONS, catalogCacheBytes: 0 });
      other = await openCatalogStore(url, { ...DEFAULT_STORE_OPTIONS, catalogCacheBytes: 0 });
      catalog = (await readOwnExport(SEED_CATALOG_DIR)).catalog;
      await store.replaceCatalog(catalog);
    });
    after(async () => {
      await store?.close();
      await other?.close();
      await database?.drop();
      rmSync(dir, { recursive: true, force: true });
    });

    /** The cards having every facet, in search order, as the rows say. */
    const expected = (of: Catalog, facets: string[]) => catalogRows(of).cards
      .filter((card) => facets.every((facet) => card.facets.includes(facet)))
      .sort((a, b) => a.search_order - b.search_order)
      .map((card) => card.id);

    it('answer every pair of facets, at every offset, with the cards the rows give and an exact total', async () => {
      const facets = [...new Set(catalogRows(catalog).cards.flatMap((card) => card.facets))].sort();
      assert.ok(facets.length > 20, `${facets.length} facets`);
      let withCards = 0;
      for (const first of facets) {
        for (const second of [first, ...facets.filter((_, i) => i % 5 === 0)]) {
          const all = expected(catalog, [first, second]);
          if (all.length > 0) withCards += 1;
          for (let offset = 0; offset <= all.length + 1; offset += 2) {
            const page = await store.listFilteredCards([first, second], { limit: 3, offset });
            assert.deepEqual({ ids: ids(page.items), total: page.total, hasMore: page.hasMore },
              { ids: all.slice(offset, offset + 3), total: all.length, hasMore: offset + 3 < all.length }, `${first} & ${second} from ${offset}`);
          }
        }
      }
      assert.ok(withCards > 50, `${withCards} pairs with cards`);
      assert.deepEqual(await store.listFilteredCards(['type:None', 'lang:en'], { limit: 3, offset: 0 }), { items: [], total: 0, hasMore: false });
    });

    it('answer from the catalog that another instance imported last, at once', async () => {
      const fire = async () => {
        const page = await store.listFilteredCards(['type:Fire'], { limit: 100, offset: 0 });
        return { ids: ids(page.items), total: page.total };
      };
      const before = await fire();
      assert.deepEqual(before, { ids: expected(catalog, ['type:Fire']), total: expected(catalog, ['type:Fire']).length });
      const allFire = { ...catalog, cards: catalog.cards.map((card) => ({ ...card, types: ['Fire'] })) };
      try {
        await other.replaceCatalog(allFire);
        assert.deepEqual(await fire(), { ids: expected(allFire, ['type:Fire']), total: catalog.cards.length });
        const pastTheEnd = await store.listFilteredCards(['type:Fire'], { limit: 5, offset: 500 });
        assert.equal(pastTheEnd.total, catalog.cards.length, 'a total past the last page is of the new catalog too');
      } finally {
        await other.replaceCatalog(catalog);
      }
      const pastTheEnd = await store.listFilteredCards(['type:Fire'], { limit: 5, offset: 500 });
      assert.equal(pastTheEnd.total, before.total, 'and of the one imported after it');
      assert.deepEqual(await fire(), before);
    });
  });
}
