import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { CatalogStore } from '../../src/catalog/catalogStore.js';
import { catalogRows, ROWS_VERSION } from '../../src/catalog/rows/catalogRows.js';
import { contentHash } from '../../src/catalog/rows/contentHash.js';
import { singleCard, singleSet } from '../../src/catalog/rows/servedJson.js';
import { DEFAULT_STORE_OPTIONS } from '../../src/config.js';
import { readOwnExport } from '../../src/importer/sources/ownExport.js';
import { openCatalogStore } from '../../src/store/open.js';
import { PostgresCatalogBackend } from '../../src/store/postgres/postgresCatalogBackend.js';
import { SqliteCatalogBackend } from '../../src/store/sqlite/sqliteCatalogBackend.js';
import { tempDir } from '../support/catalogServer.js';
import { createTestDatabase, type TestDatabase } from '../support/postgres.js';
import { SEED_CATALOG_DIR } from '../support/seedCatalog.js';
import { onStore, STORE_KINDS } from '../support/stores.js';

/** A stored document as rows before pokemontcg_io_id held it. */
function withoutPtcgId(doc: string): string {
  const { pokemontcg_io_id: _id, ...rest } = JSON.parse(doc) as Record<string, unknown>;
  return JSON.stringify(rest);
}

for (const store of STORE_KINDS) {
  describe(`pokemontcg_io_id reaches mirrors through the changes feed (${store})`, { ...(await onStore(store)), timeout: 60_000 }, () => {
    const dir = tempDir('tcg-ptcg-feed-');
    let database: TestDatabase | undefined;
    let catalog: CatalogStore;
    let english: { cards: string[]; sets: string[]; other: number };

    before(async () => {
      database = store === 'postgres' ? await createTestDatabase('ptcg_feed') : undefined;
      const url = database?.url ?? `file:${path.join(dir, 'catalog.db')}`;
      // The seed catalog as the version before stored it (no pokemontcg_io_id), as its first import: the feed starts there.
      const rows = catalogRows((await readOwnExport(SEED_CATALOG_DIR)).catalog);
      const cardCounts = new Map<string, number>();
      for (const card of rows.cards) cardCounts.set(card.set_id, (cardCounts.get(card.set_id) ?? 0) + 1);
      const backend = database ? await PostgresCatalogBackend.open({ databaseUrl: database.url }) : new SqliteCatalogBackend(path.join(dir, 'catalog.db'));
      await backend.writeCatalog({
        ...rows, version: ROWS_VERSION - 1,
        cards: rows.cards.map((row) => {
          const doc = withoutPtcgId(row.doc);
          return { ...row, doc, answer_hash: contentHash(singleCard({ doc, variants: row.variants, otherLanguages: row.other_languages })), row_hash: `stale ${row.id}` };
        }),
        sets: rows.sets.map((row) => {
          const doc = withoutPtcgId(row.doc);
          return { ...row, doc, answer_hash: contentHash(singleSet(doc, cardCounts.get(row.id) ?? 0, row.other_languages)), row_hash: `stale ${row.id}` };
        }),
      });
      await backend.close();
      english = {
        cards: rows.cards.filter((row) => row.lang === 'en').map((row) => row.id).sort(),
        sets: rows.sets.filter((row) => row.lang === 'en').map((row) => row.id).sort(),
        other: rows.cards.filter((row) => row.lang !== 'en').length,
      };
      catalog = await openCatalogStore(url, DEFAULT_STORE_OPTIONS);
    });
    after(async () => {
      await catalog?.close();
      await database?.drop();
      rmSync(dir, { recursive: true, force: true });
    });

    it('the rebuild on start lists every English card and set once as changed, and nothing else', async () => {
      const before = await catalog.changesSince(0, 1000);
      assert.deepEqual(before.changes, [], 'the first import starts the feed');
      assert.ok(await catalog.rebuildStaleRows());
      const { changes } = await catalog.changesSince(before.lastSeq, 1000);
      assert.ok(changes.every((change) => change.change === 'changed'));
      assert.deepEqual(changes.filter((change) => change.type === 'card').map((change) => change.id).sort(), english.cards);
      assert.deepEqual(changes.filter((change) => change.type === 'set').map((change) => change.id).sort(), english.sets);
      assert.ok(english.cards.length > 0 && english.other > 0, 'the seed holds cards of English and of other languages');
      const card = JSON.parse((await catalog.getCard(english.cards[0]!))!) as { pokemontcg_io_id?: string };
      assert.equal(typeof card.pokemontcg_io_id, 'string');
    });
  });
}
