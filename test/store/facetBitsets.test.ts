import Database from 'better-sqlite3';
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Catalog } from '../../src/catalog/catalogStore.js';
import { StoredCatalog } from '../../src/catalog/storedCatalog.js';
import { DEMO_CATALOG_DIR } from '../../src/importer/demoCatalog.js';
import { readOwnExport } from '../../src/importer/sources/ownExport.js';
import { countBits, setBits } from '../../src/store/sqlite/facetBitsets.js';
import { SqliteCatalogBackend } from '../../src/store/sqlite/sqliteCatalogBackend.js';
import { tempDir } from '../support/catalogServer.js';

describe('bitsets over search order', () => {
  it('count their bits and list them after a skip, across word boundaries and the top bit of a word', () => {
    let seed = 7;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    for (const density of [0, 0.01, 0.3, 0.97, 1]) {
      const bits = new Uint32Array(40);
      const positions: number[] = [];
      for (let n = 0; n < bits.length * 32; n += 1) {
        if (random() < density || n === 31 || n === 63) {
          bits[n >>> 5]! |= 1 << (n & 31);
          positions.push(n);
        }
      }
      assert.equal(countBits(bits), positions.length, `density ${density}`);
      for (const [skip, take] of [[0, 5], [3, 50], [positions.length - 2, 10], [positions.length, 5], [0, 0], [31, 33]] as const) {
        assert.deepEqual(setBits(bits, skip, take), positions.slice(skip, skip + take), `density ${density}, skip ${skip}, take ${take}`);
      }
    }
  });
});

describe('filter-only listings on SQLite', () => {
  let dir: string;
  let file: string;
  let catalog: Catalog;
  let backend: SqliteCatalogBackend;
  let reference: Database.Database;
  before(async () => {
    dir = tempDir('tcg-facets-');
    file = path.join(dir, 'catalog.db');
    catalog = (await readOwnExport(DEMO_CATALOG_DIR)).catalog;
    backend = new SqliteCatalogBackend(file, { readWorkers: 1 });
    await new StoredCatalog(backend).replaceCatalog(catalog);
    reference = new Database(file, { readonly: true });
  });
  after(async () => {
    reference.close();
    await backend.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** The answer worked out by SQL alone: the cards having every facet, in search order. */
  const expected = (facets: string[], limit: number, offset: number) => {
    const matching = `FROM cards c WHERE NOT EXISTS (SELECT 1 FROM json_each(?) AS wanted WHERE NOT EXISTS (
      SELECT 1 FROM card_facets f WHERE f.facet = wanted.value AND f.search_order = c.search_order))`;
    const docs = reference.prepare(`SELECT c.doc ${matching} ORDER BY c.search_order LIMIT ? OFFSET ?`).pluck()
      .all(JSON.stringify(facets), limit, offset) as string[];
    const total = reference.prepare(`SELECT count(*) ${matching}`).pluck().get(JSON.stringify(facets)) as number;
    return { docs, total };
  };

  it('answer every pair of facets at every offset as SQL alone would', async () => {
    const facets = reference.prepare('SELECT DISTINCT facet FROM card_facets ORDER BY facet').pluck().all() as string[];
    assert.ok(facets.length > 20, `${facets.length} facets`);
    let nonEmpty = 0;
    for (const first of facets) {
      for (const second of [first, ...facets.filter((_, i) => i % 7 === 0)]) {
        const wanted = [first, second];
        const total = expected(wanted, 1, 0).total;
        if (total > 0) nonEmpty += 1;
        for (let offset = 0; offset <= total + 1; offset += 2) {
          assert.deepEqual(await backend.filteredCards(wanted, { limit: 3, offset }), expected(wanted, 3, offset), `${wanted.join(' & ')} from ${offset}`);
        }
      }
    }
    assert.ok(nonEmpty > 50, `${nonEmpty} combinations with cards`);
    assert.deepEqual(await backend.filteredCards(['type:None', 'lang:en'], { limit: 3, offset: 0 }), { docs: [], total: 0 });
  });

  it('answer from the catalog an import left, not from the facets of the one before', async () => {
    const store = new StoredCatalog(backend);
    const fireIds = async () => (await backend.filteredCards(['type:Fire'], { limit: 100, offset: 0 })).docs
      .map((doc) => (JSON.parse(doc) as { id: string }).id);
    const before = await fireIds();
    assert.ok(before.length > 0);
    try {
      await store.replaceCatalog({ ...catalog, cards: catalog.cards.map((card) => ({ ...card, types: ['Fire'] })) });
      assert.equal((await fireIds()).length, catalog.cards.length, 'every card is Fire now');
      assert.deepEqual(await backend.filteredCards(['type:Fire'], { limit: 100, offset: 0 }), expected(['type:Fire'], 100, 0));
    } finally {
      await store.replaceCatalog(catalog);
    }
    assert.deepEqual(await fireIds(), before);
  });
});
