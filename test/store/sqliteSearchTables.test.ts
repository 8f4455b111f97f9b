import assert from 'node:assert/strict';
import Database from 'better-sqlite3';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { StoredCatalog } from '../../src/catalog/storedCatalog.js';
import { runImport } from '../../src/importer/runImport.js';
import type { TcgdexLanguageData } from '../../src/importer/tcgdexRecords.js';
import { SqliteCatalogBackend } from '../../src/store/sqlite/sqliteCatalogBackend.js';
import { tempDir } from '../support/catalogServer.js';
import { tcgdexCard, tcgdexSet, writeTcgdexDump } from '../support/tcgdexFixtures.js';

const NUMBERS = Array.from({ length: 20 }, (_, i) => String(i + 1));
const SOURCE: TcgdexLanguageData[] = [{
  lang: 'en', sets: [tcgdexSet('en', 'base1')],
  cards: NUMBERS.map((n) => tcgdexCard('en', 'base1', n, { name: `Name${n}`, types: [Number(n) % 2 ? 'Fire' : 'Water'] })),
}];
/** A few cards of twenty: 20 renamed and retyped, 19 gone, 21 new; names that disappear and appear. */
const EDITED: TcgdexLanguageData[] = [{
  ...SOURCE[0]!,
  cards: [
    ...SOURCE[0]!.cards.filter((card) => !['base1-19', 'base1-20'].includes(card.id)),
    tcgdexCard('en', 'base1', '20', { name: 'Zapdos', types: ['Lightning'] }),
    tcgdexCard('en', 'base1', '21', { name: 'Pikachu', types: ['Lightning'] }),
  ],
}];

/** The search tables' content, by card id rather than rowid, and what the trigram index finds. */
function searchTables(file: string) {
  const db = new Database(file, { readonly: true });
  try {
    const all = (sql: string) => db.prepare(sql).raw().all();
    return {
      bigrams: all(`SELECT b.gram, b.match_rank, b.search_order, b.lang, c.id FROM card_name_bigrams b JOIN cards c ON c.rowid = b.card_rowid
        ORDER BY 1, 2, 3, 5`),
      facets: all('SELECT f.facet, f.search_order, c.id FROM card_facets f JOIN cards c ON c.rowid = f.card_rowid ORDER BY 1, 2, 3'),
      names: all('SELECT name_key FROM card_names ORDER BY 1'),
      found: ['zap', 'pika', 'name1', 'name19', 'name2'].map((query) => all(`SELECT n.name_key FROM card_name_trigrams t
        JOIN card_names n ON n.rowid = t.rowid WHERE card_name_trigrams MATCH '"${query}"' ORDER BY 1`)),
    };
  } finally {
    db.close();
  }
}

describe('the SQLite search tables after an import that changed a few cards', () => {
  let work: string;
  const stores: StoredCatalog[] = [];
  const opened = (name: string) => {
    const store = new StoredCatalog(new SqliteCatalogBackend(path.join(work, name), { readWorkers: 0 }));
    stores.push(store);
    return store;
  };

  before(async () => {
    work = tempDir('search-tables-');
    await writeTcgdexDump(path.join(work, 'source'), SOURCE);
    await writeTcgdexDump(path.join(work, 'edited'), EDITED);
  });
  after(async () => {
    for (const store of stores) await store.close();
    await rm(work, { recursive: true, force: true });
  });

  it('hold what a first import of the edited source builds: bigrams, facets, names and trigrams', async () => {
    const updated = opened('updated.db');
    await runImport(path.join(work, 'source'), updated);
    await runImport(path.join(work, 'edited'), updated);
    await runImport(path.join(work, 'edited'), opened('fresh.db'));
    const [incremental, rebuilt] = [searchTables(path.join(work, 'updated.db')), searchTables(path.join(work, 'fresh.db'))];
    assert.deepEqual(incremental, rebuilt);
    assert.deepEqual(incremental.found.map((names) => names.length), [1, 1, 10, 0, 1], 'the new names found (name1 and name10 to name18), the gone one not');

    const db = new Database(path.join(work, 'updated.db'));
    try {
      // The trigram index agrees with card_names, its content table, row for row.
      db.exec(`INSERT INTO card_name_trigrams (card_name_trigrams) VALUES ('integrity-check')`);
      // Updated in place, not built anew (which numbers the names from 1): the new names came after the 20 first.
      const { last, count } = db.prepare('SELECT max(rowid) AS last, count(*) AS count FROM card_names').get() as { last: number; count: number };
      assert.ok(last > count, `${last} > ${count}`);
    } finally {
      db.close();
    }
    const search = await updated.searchCards({ key: 'zapdos', limit: 10, offset: 0 });
    assert.deepEqual(search.items.map((item) => JSON.parse(item).id), ['en-base1-20']);
    const filtered = await updated.listFilteredCards(['type:Lightning'], { limit: 10, offset: 0 });
    assert.deepEqual(filtered.items.map((item) => JSON.parse(item).id), ['en-base1-20', 'en-base1-21']);
  });
});
