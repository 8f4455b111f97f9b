import assert from 'node:assert/strict';
import Database from 'better-sqlite3';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { parsedItems } from '../../src/catalog/rows/servedJson.js';
import { StoredCatalog } from '../../src/catalog/answers/storedCatalog.js';
import { runImport } from '../../src/importer/runImport.js';
import type { TcgdexLanguageData } from '../../src/importer/tcgdexRecords.js';
import { PostgresCatalogBackend } from '../../src/store/postgres/postgresCatalogBackend.js';
import { SqliteCatalogBackend } from '../../src/store/sqlite/sqliteCatalogBackend.js';
import { tempDir } from '../support/catalogServer.js';
import { createTestDatabase, needsPostgres, sql } from '../support/postgres.js';
import { tcgdexCard, tcgdexSet, writeTcgdexDump } from '../support/tcgdexFixtures.js';

const NUMBERS = Array.from({ length: 20 }, (_, i) => String(i + 1));
const SOURCE: TcgdexLanguageData[] = [{
  lang: 'en', sets: [tcgdexSet('en', 'base1')],
  cards: NUMBERS.map((n) => tcgdexCard('en', 'base1', n, {
    name: `Name${n}`, types: [Number(n) % 2 ? 'Fire' : 'Water'], attacks: [{ name: 'Attack', effect: `Flip ${n} coins.` }],
  })),
}];
/** A few cards of twenty: 20 renamed and retyped, 19 gone, 21 new; names that disappear and appear. */
const EDITED: TcgdexLanguageData[] = [{
  ...SOURCE[0]!,
  cards: [
    ...SOURCE[0]!.cards.filter((card) => !['base1-19', 'base1-20'].includes(card.id)),
    tcgdexCard('en', 'base1', '20', { name: 'Zapdos', types: ['Lightning'], attacks: [{ name: 'Thunder', effect: 'Flip a coin.' }] }),
    tcgdexCard('en', 'base1', '21', { name: 'Pikachu', types: ['Lightning'] }),
  ],
}];

/** The SQLite search tables' content, by card id rather than rowid, and what the trigram index finds. */
function sqliteTables(file: string) {
  const db = new Database(file, { readonly: true });
  try {
    const all = (sql: string) => db.prepare(sql).raw().all();
    return {
      bigrams: all(`SELECT b.gram, b.match_rank, b.search_order, b.lang, c.id FROM card_name_bigrams b JOIN cards c ON c.rowid = b.card_rowid
        ORDER BY 1, 2, 3, 5`),
      facets: all('SELECT f.facet, f.search_order, c.id FROM card_facets f JOIN cards c ON c.rowid = f.card_rowid ORDER BY 1, 2, 3'),
      gameText: all('SELECT g.rowid, g.words, c.id FROM card_game_text g JOIN cards c ON c.rowid = g.card_rowid ORDER BY 1'),
      names: all('SELECT name_key FROM card_names ORDER BY 1'),
      found: ['zap', 'pika', 'name1', 'name19', 'name2'].map((query) => all(`SELECT n.name_key FROM card_name_trigrams t
        JOIN card_names n ON n.rowid = t.rowid WHERE card_name_trigrams MATCH '"${query}"' ORDER BY 1`)),
    };
  } finally {
    db.close();
  }
}

/** The PostgreSQL derived tables' content, by card id rather than card_no. */
async function postgresTables(url: string) {
  const rows = async (text: string) => (await sql(url, text)).map((row) => Object.values(row));
  return {
    bigrams: await rows(`SELECT b.gram, b.match_rank, b.search_order, b.lang, c.id FROM card_name_bigrams b
      JOIN cards c ON c.card_no = b.card_no ORDER BY 1, 2, 3, 5`),
    facets: await rows('SELECT f.facet, f.search_order, c.id FROM card_facets f JOIN cards c ON c.card_no = f.card_no ORDER BY 1, 2, 3'),
    gameText: await rows(`SELECT g.field, g.words, g.lexemes::text, g.search_order, c.id FROM card_game_text g
      JOIN cards c ON c.card_no = g.card_no ORDER BY 5, 1, 2`),
  };
}

async function searchesAfterTheEdit(store: StoredCatalog): Promise<void> {
  const search = await store.searchCards({ key: 'zapdos', limit: 10, offset: 0 });
  assert.deepEqual(parsedItems(search.items).map((card) => card.id), ['en-base1-20']);
  const twoLetters = await store.searchCards({ key: 'pi', limit: 10, offset: 0 });
  assert.deepEqual(parsedItems(twoLetters.items).map((card) => card.id), ['en-base1-21']);
  const filtered = await store.listFilteredCards(['type:Lightning'], { limit: 10, offset: 0 });
  assert.deepEqual(filtered.items.map((item) => JSON.parse(item).id), ['en-base1-20', 'en-base1-21']);
  const gone = await store.listFilteredCards(['type:Water'], { limit: 20, offset: 0 });
  assert.equal(gone.items.length, 9, 'the Water cards of 1 to 18; 20 is Lightning now');
  const gameText = async (words: string[]) => {
    const { orders } = await store.gameTextOrders({ fields: [0], match: { kind: 'words', words } });
    return parsedItems((await store.cardsInSearchOrder([...new Set(orders)].sort((a, b) => a - b))).docs).map((card) => card.id);
  };
  assert.deepEqual(await gameText(['flip', 'a', 'coin']), ['en-base1-20']);
  assert.deepEqual(await gameText(['flip', '20', 'coins']), [], 'the text 20 had is gone');
  assert.deepEqual(await gameText(['flip', '18', 'coins']), ['en-base1-18']);
}

const onPostgres = await needsPostgres();

describe('the search tables after an import that changed a few cards', () => {
  let work: string;
  const closing: Array<() => Promise<void>> = [];

  before(async () => {
    work = tempDir('search-tables-');
    await writeTcgdexDump(path.join(work, 'source'), SOURCE);
    await writeTcgdexDump(path.join(work, 'edited'), EDITED);
  });
  after(async () => {
    for (const close of closing.reverse()) await close();
    await rm(work, { recursive: true, force: true });
  });

  it('on SQLite, hold what a first import of the edited source builds: bigrams, facets, names and trigrams', async () => {
    const opened = (name: string) => {
      const store = new StoredCatalog(new SqliteCatalogBackend(path.join(work, name), { readWorkers: 0 }));
      closing.push(() => store.close());
      return store;
    };
    const updated = opened('updated.db');
    await runImport(path.join(work, 'source'), updated);
    await runImport(path.join(work, 'edited'), updated);
    await runImport(path.join(work, 'edited'), opened('fresh.db'));
    const [incremental, rebuilt] = [sqliteTables(path.join(work, 'updated.db')), sqliteTables(path.join(work, 'fresh.db'))];
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
    await searchesAfterTheEdit(updated);
  });

  it('on PostgreSQL, hold what a first import of the edited source builds: bigrams and facets', onPostgres, async () => {
    const opened = async () => {
      const database = await createTestDatabase('sync_search_tables');
      const store = new StoredCatalog(await PostgresCatalogBackend.open({ databaseUrl: database.url }));
      closing.push(async () => {
        await store.close();
        await database.drop();
      });
      return { store, url: database.url };
    };
    const updated = await opened();
    const fresh = await opened();
    await runImport(path.join(work, 'source'), updated.store);
    const tableOids = () => sql(updated.url, `SELECT 'card_name_bigrams'::regclass::oid AS bigrams, 'card_facets'::regclass::oid AS facets`);
    const oidsBefore = await tableOids();
    await runImport(path.join(work, 'edited'), updated.store);
    await runImport(path.join(work, 'edited'), fresh.store);
    assert.deepEqual(await postgresTables(updated.url), await postgresTables(fresh.url));
    assert.deepEqual(await tableOids(), oidsBefore, 'updated in place, not built anew and swapped in');
    await searchesAfterTheEdit(updated.store);
  });
});
