import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import pg from 'pg';
import type { CardRecord } from '../../src/schemas/card.js';
import type { CardSet } from '../../src/schemas/set.js';
import { DEFAULT_STORE_OPTIONS } from '../../src/config.js';
import { openCatalogStore } from '../../src/store/open.js';
import { PostgresCatalogBackend } from '../../src/store/postgres/postgresCatalogBackend.js';
import { CATALOG_MIGRATIONS } from '../../src/store/postgres/migrations.js';
import { countOf } from '../../src/catalog/rows/servedJson.js';
import { StoredCatalog } from '../../src/catalog/answers/storedCatalog.js';
import { searchStatement } from '../../src/store/postgres/searchStatement.js';
import { createTestDatabase, needsPostgres, sql, type TestDatabase } from '../support/postgres.js';

const set = (id: string, release_date: string | null): CardSet => ({
  id, name: id, name_en: null, series: null, release_date, total: null, printed_total: null, language: 'en', logo_url: null, symbol_url: null,
  abbreviation: null,
});
const card = (setId: string, number: string, name: string): CardRecord => ({
  id: `${setId}-${number}`, set_id: setId, number, local_id: number, name, supertype: 'Pokemon', subtypes: null, hp: null,
  types: null, rarity: null, artist: null, regulation_mark: null, image_small: null, image_large: null, updated_at: null,
  evolves_from: null, pokedex_numbers: null, flavor_text: null, abilities: null, attacks: null, weaknesses: null,
  resistances: null, retreat_cost: null, rules_text: null, legalities: null,
  variants: [{ variant_key: 'normal', variant_label: 'Normal', is_default: true, image_small: null, image_large: null }],
});


describe('the PostgreSQL catalog store, beyond the contract', await needsPostgres(), () => {
  const databases: TestDatabase[] = [];
  const fresh = async () => {
    const database = await createTestDatabase();
    databases.push(database);
    return database;
  };
  after(async () => {
    await Promise.all(databases.map((d) => d.drop()));
  });

  it('several instances starting at once on a fresh database migrate it exactly once', async () => {
    const { url } = await fresh();
    const stores = await Promise.all(Array.from({ length: 4 }, () => PostgresCatalogBackend.open({ databaseUrl: url, poolSize: 2 })));
    try {
      assert.deepEqual(await Promise.all(stores.map((s) => s.ping())), [true, true, true, true]);
      const versions = await sql<{ version: number }>(url, 'SELECT version FROM catalog_migrations ORDER BY version');
      assert.deepEqual(versions.map((v) => v.version), CATALOG_MIGRATIONS.map((_, i) => i + 1));
    } finally {
      await Promise.all(stores.map((s) => s.close()));
    }
  });

  it('ping answers false, without throwing, once the database is gone', async () => {
    const database = await fresh();
    const store = new StoredCatalog(await PostgresCatalogBackend.open({ databaseUrl: database.url }));
    try {
      assert.equal(await store.ping(), true);
      // Ends the pool's idle connections from the server side, as a restart would.
      await database.drop();
      assert.equal(await store.ping(), false);
      await assert.rejects(store.getCard('en-a-1'));
    } finally {
      await store.close();
    }
  });

  it('readers see the previous catalog until the import commits', async () => {
    const { url } = await fresh();
    const store = new StoredCatalog(await PostgresCatalogBackend.open({ databaseUrl: url }));
    // Holds a card row the import rewrites, so the import waits inside its transaction, sets written, while readers look.
    const blocker = new pg.Client({ connectionString: url });
    await blocker.connect();
    try {
      await store.replaceCatalog({ sets: [set('en-a', '2020-01-01')], cards: [card('en-a', '1', 'Old')] });
      const look = () => Promise.all([
        store.getCard('en-a-1'),
        store.searchCards({ key: 'ol', limit: 1, offset: 0 }).then((page) => page.total),
        store.searchCards({ key: 'old', limit: 1, offset: 0 }).then((page) => page.total),
      ]);
      const blockerPid = (await blocker.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!.pid;
      await blocker.query('BEGIN');
      await blocker.query(`SELECT 1 FROM cards WHERE id = 'en-a-1' FOR UPDATE`);
      const bigger = { sets: [set('en-a', '2020-01-01')], cards: Array.from({ length: 5000 }, (_, i) => card('en-a', String(i + 1), 'New')) };
      let setsWritten = false;
      const importing = store.replaceCatalog(bigger, (phase) => { if (phase === 'sets') setsWritten = true; });
      const blockedImports = () => sql<{ n: number }>(url,
        `SELECT count(*)::int AS n FROM pg_stat_activity WHERE $1 = ANY(pg_blocking_pids(pid))`, [blockerPid]);
      for (let waited = 0; (await blockedImports())[0]!.n === 0; waited += 20) {
        if (waited > 20_000) throw new Error('the import never reached the held card');
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      assert.equal(setsWritten, true);
      const [docDuring, twoCharacterHitsDuring, trigramHitsDuring] = await look();
      assert.equal(JSON.parse(docDuring!).name, 'Old');
      assert.equal(twoCharacterHitsDuring, 1);
      assert.equal(trigramHitsDuring, 1);
      await blocker.query('COMMIT');
      await importing;
      const [doc, twoCharacterHits] = await look();
      assert.equal(JSON.parse(doc!).name, 'New');
      assert.equal(twoCharacterHits, 0);
    } finally {
      await blocker.end();
      await store.close();
    }
  });

  it('an import never touches tables other than the catalog\'s', async () => {
    const { url } = await fresh();
    await sql(url, 'CREATE TABLE api_keys (hash text PRIMARY KEY); INSERT INTO api_keys VALUES (\'k1\')');
    const store = new StoredCatalog(await PostgresCatalogBackend.open({ databaseUrl: url }));
    try {
      await store.replaceCatalog({ sets: [set('en-a', null)], cards: [card('en-a', '1', 'One')] });
      await store.replaceCatalog({ sets: [], cards: [] });
      assert.deepEqual(await sql(url, 'SELECT hash FROM api_keys'), [{ hash: 'k1' }]);
    } finally {
      await store.close();
    }
  });

  it('catalog reads go to DATABASE_READ_URL; imports and counts go to the primary', async () => {
    const primary = await fresh();
    const replica = await fresh();
    const standIn = new StoredCatalog(await PostgresCatalogBackend.open({ databaseUrl: replica.url }));
    await standIn.replaceCatalog({ sets: [set('en-r', null)], cards: [card('en-r', '1', 'On the replica')] });
    await standIn.close();

    const store = await openCatalogStore(primary.url, { ...DEFAULT_STORE_OPTIONS, readUrl: replica.url, poolSize: 3 });
    try {
      const { printingLinks: _links, ...written } = await store.replaceCatalog({ sets: [set('en-p', null)], cards: [card('en-p', '1', 'On the primary')] });
      assert.deepEqual(written, { sets: 1, cards: 1 });
      assert.deepEqual(await store.counts(), { sets: 1, cards: 1 });
      assert.equal(await store.getCard('en-p-1'), null);
      assert.equal(JSON.parse((await store.getCard('en-r-1'))!).name, 'On the replica');
      assert.equal(countOf((await store.searchCards({ key: 'replica', limit: 5, offset: 0 })).items), 1);
    } finally {
      await store.close();
    }
  });

  it('search walks the trigram index for 3+ code points and the bigram table\'s index for 2', async () => {
    const { url } = await fresh();
    const store = new StoredCatalog(await PostgresCatalogBackend.open({ databaseUrl: url }));
    try {
      // Each searched name on 1 card in 60, as in a real catalog, where a name is rare: were it on 1 in 6,
      // a scan of the whole (small) table would rightly cost the planner less than the index.
      const names = ['Pikachu', 'Charizard', 'Mewtwo', 'ピカチュウ', 'リザードン', '100% Energy'];
      const filler = (i: number) => `Trainer ${String.fromCodePoint(0x41 + (i % 26), 0x61 + (Math.floor(i / 26) % 26))}`;
      await store.replaceCatalog({
        sets: [set('en-a', null)],
        cards: Array.from({ length: 6000 }, (_, i) => card('en-a', String(i), `${i % 10 === 0 ? names[(i / 10) % names.length] : filler(i)} ${i}`)),
      });
      const plan = async (key: string) => {
        const { text, values } = searchStatement({ key, limit: 20, offset: 0 });
        const rows = await sql<{ 'QUERY PLAN': string }>(url, `EXPLAIN ${text}`, values);
        return rows.map((r) => r['QUERY PLAN']).join('\n');
      };
      assert.match(await plan('chariz'), /Bitmap Index Scan on cards_name_trigrams/);
      assert.match(await plan('0% e'), /Bitmap Index Scan on cards_name_trigrams/);
      assert.match(await plan('ピカ'), /Index Only Scan using card_name_bigrams_pkey/);
    } finally {
      await store.close();
    }
  });
});
