import assert from 'node:assert/strict';
import Database from 'better-sqlite3';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { AnswerCache } from '../../../src/catalog/answers/answerCache.js';
import type { CatalogBackend } from '../../../src/catalog/catalogBackend.js';
import { CatalogQueries } from '../../../src/catalog/answers/catalogQueries.js';
import { catalogRows } from '../../../src/catalog/rows/catalogRows.js';
import type { Catalog } from '../../../src/catalog/catalogShapes.js';
import { decodeCursor, encodeCursor, KEEP_DAYS, KEEP_RETRIEVALS } from '../../../src/catalog/changes/changesFeed.js';
import { StoredCatalog } from '../../../src/catalog/answers/storedCatalog.js';
import { runImport } from '../../../src/importer/runImport.js';
import type { TcgdexLanguageData } from '../../../src/importer/tcgdexRecords.js';
import { PostgresCatalogBackend } from '../../../src/store/postgres/postgresCatalogBackend.js';
import { SqliteCatalogBackend } from '../../../src/store/sqlite/sqliteCatalogBackend.js';
import { tempDir } from '../../support/catalogServer.js';
import { createTestDatabase, sql } from '../../support/postgres.js';
import { onStore, STORE_KINDS, type StoreKind } from '../../support/stores.js';
import { tcgdexCard, tcgdexSet, writeTcgdexDump } from '../../support/tcgdexFixtures.js';
import type { CardWithVariants } from '../../../src/schemas/card.js';
import type { CardSet } from '../../../src/schemas/set.js';

const set: CardSet = {
  id: 'en-a', name: 'A', name_en: null, series: null, release_date: null, total: null, printed_total: null, language: 'en',
  logo_url: null, symbol_url: null, abbreviation: null,
};
const card = {
  id: 'en-a-1', set_id: 'en-a', number: '1', local_id: '1', name: 'One', supertype: 'Pokemon', subtypes: null, hp: null,
  types: null, rarity: null, artist: null, regulation_mark: null, image_small: null, image_large: null, updated_at: null,
  evolves_from: null, pokedex_numbers: null, flavor_text: null, abilities: null, attacks: null, weaknesses: null,
  resistances: null, retreat_cost: null, rules_text: null, legalities: null,
  variants: [{ variant_key: 'normal', variant_label: 'Normal', is_default: true, image_small: null, image_large: null }],
} as CardWithVariants;

/** The source before the edit: English base1 1–3, French base1 1–2 (linked to the English ones). */
const BEFORE: TcgdexLanguageData[] = [
  { lang: 'en', sets: [tcgdexSet('en', 'base1')], cards: ['1', '2', '3'].map((n) => tcgdexCard('en', 'base1', n)) },
  { lang: 'fr', sets: [tcgdexSet('fr', 'base1')], cards: ['1', '2'].map((n) => tcgdexCard('fr', 'base1', n)) },
];
/** The edit: en-base1-1 changed, en-base1-2 removed, en-base1-4 and -5 added; French untouched. */
const AFTER: TcgdexLanguageData[] = [
  {
    lang: 'en', sets: [tcgdexSet('en', 'base1')],
    cards: [tcgdexCard('en', 'base1', '1', { hp: 130 }), ...['3', '4', '5'].map((n) => tcgdexCard('en', 'base1', n))],
  },
  BEFORE[1]!,
];

interface Opened {
  backend: CatalogBackend;
  /** A fingerprint of every catalog row as physically written (SQLite: the generation; PostgreSQL: xmin). */
  rowStamp(): Promise<string>;
  /** Makes the next write of the card `id` fail inside the transaction (a trigger), after the sets were written. */
  failOnCard(id: string): Promise<void>;
  cleanup(): Promise<void>;
}

async function open(kind: StoreKind): Promise<Opened> {
  if (kind === 'sqlite') {
    const dir = tempDir('changes-feed-');
    const file = path.join(dir, 'catalog.db');
    const backend = new SqliteCatalogBackend(file, { readWorkers: 0 });
    await backend.counts();
    const raw = (work: (db: Database.Database) => string | void) => {
      const db = new Database(file);
      try {
        return work(db);
      } finally {
        db.close();
      }
    };
    return {
      backend,
      rowStamp: async () => raw((db) => db.prepare<[], string>(
        `SELECT (SELECT group_concat(id || ':' || gen) FROM cards) || '|' || (SELECT group_concat(id || ':' || gen) FROM sets)`).pluck().get()!) as string,
      failOnCard: async (id) => {
        raw((db) => { db.exec(`CREATE TRIGGER fail_card BEFORE INSERT ON cards WHEN NEW.id = '${id}' BEGIN SELECT RAISE(ABORT, 'injected'); END`); });
      },
      cleanup: async () => {
        await backend.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const database = await createTestDatabase('changes_feed');
  const backend = await PostgresCatalogBackend.open({ databaseUrl: database.url });
  return {
    backend,
    rowStamp: async () => (await sql<{ stamp: string }>(database.url,
      `SELECT (SELECT string_agg(id || ':' || xmin::text, ',' ORDER BY id) FROM cards) || '|' ||
              (SELECT string_agg(id || ':' || xmin::text, ',' ORDER BY id) FROM sets) AS stamp`))[0]!.stamp,
    failOnCard: async (id) => {
      await sql(database.url, `CREATE FUNCTION fail_card() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN IF NEW.id = '${id}' THEN RAISE EXCEPTION 'injected'; END IF; RETURN NEW; END $$`);
      await sql(database.url, 'CREATE TRIGGER fail_card BEFORE INSERT ON cards FOR EACH ROW EXECUTE FUNCTION fail_card()');
    },
    cleanup: async () => {
      await backend.close();
      await database.drop();
    },
  };
}

for (const kind of STORE_KINDS) {
  describe(`the changes feed on ${kind}`, { ...await onStore(kind), timeout: 120_000 }, () => {
    let opened: Opened;
    let store: StoredCatalog;
    let queries: CatalogQueries;
    let answers: AnswerCache;
    let work: string;
    const feed = async (since: string, limit?: number) => {
      // Each look reads the store's latest retrieval, as a server does within 1 s.
      await answers.checkRetrieval();
      const result = await queries.changes({ since, limit });
      return result.ok ? { status: 200, body: JSON.parse(result.answer.json) } : { status: result.status, body: { error: result.message } };
    };
    const headCursor = async () => {
      const { epoch, lastSeq } = await store.changesSince(Number.MAX_SAFE_INTEGER, 1);
      return encodeCursor({ epoch, seq: lastSeq });
    };

    before(async () => {
      opened = await open(kind);
      store = new StoredCatalog(opened.backend);
      answers = new AnswerCache(store, { maxBytes: 1 << 20 });
      queries = new CatalogQueries(store, answers);
      work = tempDir('changes-feed-dumps-');
      await writeTcgdexDump(path.join(work, 'before'), BEFORE);
      await writeTcgdexDump(path.join(work, 'after'), AFTER);
    });
    after(async () => {
      answers?.close();
      await opened?.cleanup();
      rmSync(work, { recursive: true, force: true });
    });

    it('records the first import into an empty store as a baseline: a cursor, no per-record change', async () => {
      assert.equal((await store.changesSince(0, 10)).epoch, '', 'no feed before the first import');
      // The cursor of a catalog stored before the feed existed (the bulk files of an upgraded database):
      // nothing to follow until the first import, which starts the feed with a baseline; then 410.
      const beforeFeed = encodeCursor({ epoch: '', seq: 0 });
      assert.deepEqual((await feed(beforeFeed)).body.data, []);
      await runImport(path.join(work, 'before'), store);
      assert.equal((await feed(beforeFeed)).status, 410);
      const stored = await store.changesSince(0, 10);
      assert.match(stored.epoch, /^[0-9a-f-]{36}$/);
      assert.deepEqual([stored.lastSeq, stored.changes], [0, []]);
      const page = await feed(await headCursor());
      assert.equal(page.status, 200);
      assert.deepEqual({ ...page.body, retrieved_at: undefined },
        { data: [], cursor: await headCursor(), has_more: false, retrieved_at: undefined });
      assert.equal(page.body.retrieved_at, await store.importedAt());
    });

    it('lists exactly the answers an edit of the source changed: cards, the set whose card_count moved, other_languages', async () => {
      const since = await headCursor();
      const single = async (id: string) => (await store.getCard(id))!;
      const unchanged = { set: (await store.getSet('fr-base1'))!, en3: await single('en-base1-3'), fr1: await single('fr-base1-1') };
      await runImport(path.join(work, 'after'), store);
      const page = await feed(since);
      assert.equal(page.status, 200);
      const importedAt = await store.importedAt();
      assert.deepEqual(page.body.data.map(({ type, id, change, at }: Record<string, string>) => ({ type, id, change, at })), [
        { type: 'set', id: 'en-base1', change: 'changed', at: importedAt },
        { type: 'card', id: 'en-base1-1', change: 'changed', at: importedAt },
        { type: 'card', id: 'en-base1-4', change: 'added', at: importedAt },
        { type: 'card', id: 'en-base1-5', change: 'added', at: importedAt },
        { type: 'card', id: 'fr-base1-2', change: 'changed', at: importedAt },
        { type: 'card', id: 'en-base1-2', change: 'removed', at: importedAt },
      ]);
      assert.deepEqual(page.body.data.map((change: { seq: number }) => change.seq), [1, 2, 3, 4, 5, 6]);
      assert.equal(page.body.has_more, false);
      assert.equal(page.body.cursor, await headCursor());
      // What the feed leaves out really is the same answer as before.
      assert.equal((await store.getSet('fr-base1'))!, unchanged.set);
      assert.equal(await single('en-base1-3'), unchanged.en3);
      assert.equal(await single('fr-base1-1'), unchanged.fr1);
      assert.deepEqual(JSON.parse(await single('fr-base1-2')).other_languages, []);
      assert.equal(JSON.parse((await store.getSet('en-base1'))!).card_count, 4);

      // Paged: two at a time, each page's cursor the next one's since.
      const seen: number[] = [];
      let cursor = since;
      for (let more = true; more;) {
        const next = await feed(cursor, 2);
        seen.push(...next.body.data.map((change: { seq: number }) => change.seq));
        ({ cursor, has_more: more } = next.body);
      }
      assert.deepEqual(seen, [1, 2, 3, 4, 5, 6]);
    });

    it('a re-import of the unchanged source records nothing and writes no row, but is a new retrieval of the same version', async () => {
      const before = { retrieval: await store.retrieval(), rows: await opened.rowStamp(), head: await headCursor() };
      await new Promise((resolve) => setTimeout(resolve, 5));
      await runImport(path.join(work, 'after'), store);
      const afterwards = await store.retrieval();
      assert.equal(afterwards.version, before.retrieval.version, 'the catalog version stays');
      assert.ok(afterwards.importedAt! > before.retrieval.importedAt!, 'retrieved_at moves');
      assert.equal(await opened.rowStamp(), before.rows, 'no catalog row was written');
      assert.equal(await headCursor(), before.head);
      const page = await feed(before.head);
      assert.deepEqual([page.body.data, page.body.retrieved_at], [[], afterwards.importedAt]);
    });

    it('an import failing half-way leaves the catalog, its version, its retrieval and the feed as they were', async () => {
      const exported = async () => {
        const catalog: Catalog = { sets: [], cards: [] };
        for await (const set of store.exportSets()) catalog.sets.push(set);
        for await (const card of store.exportCards()) catalog.cards.push(card);
        return catalog;
      };
      const before = { catalog: await exported(), retrieval: await store.retrieval(), head: await headCursor(), set: await store.getSet('en-base1') };
      await opened.failOnCard('en-base1-2');
      // en-base1-1 goes back to 120 HP and en-base1-2 comes back: the set is written, then the second card fails.
      await assert.rejects(runImport(path.join(work, 'before'), store), /injected/);
      assert.deepEqual(await exported(), before.catalog);
      assert.deepEqual(await store.retrieval(), before.retrieval);
      assert.equal(await store.getSet('en-base1'), before.set);
      assert.equal(await headCursor(), before.head);
    });

    it('refuses a since that is no cursor of ours (400 naming since), and one of another database or ahead of it (410)', async () => {
      const head = decodeCursor(await headCursor())!;
      for (const since of ['nonsense!', 'MTIz', encodeCursor(head).slice(0, -2), Buffer.from(`1.${head.epoch}.-1`).toString('base64url')]) {
        const page = await feed(since);
        assert.equal(page.status, 400, since);
        assert.match(page.body.error, /^since /);
      }
      const foreign = await feed(encodeCursor({ epoch: '00000000-0000-4000-8000-000000000000', seq: 0 }));
      assert.equal(foreign.status, 410);
      assert.match(foreign.body.error, /another catalog database.*\/v1\/bulk/);
      const ahead = await feed(encodeCursor({ ...head, seq: head.seq + 1 }));
      assert.equal(ahead.status, 410);
    });

    it(`keeps the changes of the last ${KEEP_RETRIEVALS} retrievals or ${KEEP_DAYS} days, whichever reaches further; an older cursor gets 410`, async () => {
      // A store of its own, whose history starts long ago.
      const own = await open(kind);
      try {
        const ownStore = new StoredCatalog(own.backend);
        const ownAnswers = new AnswerCache(ownStore, { maxBytes: 0 });
        const ownQueries = new CatalogQueries(ownStore, ownAnswers);
        const status = async (since: string) => {
          const result = await ownQueries.changes({ since, limit: 1000 });
          return result.ok ? JSON.parse(result.answer.json).data.length as number : result.status;
        };
        const named = (name: string): Catalog => ({ sets: [set], cards: [{ ...card, name }] });
        const daysAgo = (days: number) => new Date(Date.now() - days * 24 * 3600 * 1000);
        await own.backend.writeCatalog(catalogRows(named('Baseline'), daysAgo(KEEP_DAYS + 30)));
        const start = encodeCursor({ epoch: (await ownStore.changesSince(0, 1)).epoch, seq: 0 });
        await own.backend.writeCatalog(catalogRows(named('Old change'), daysAgo(KEEP_DAYS + 20)));
        const afterOld = encodeCursor({ epoch: decodeCursor(start)!.epoch, seq: 1 });
        for (let i = 0; i < KEEP_RETRIEVALS - 2; i++) await own.backend.writeCatalog(catalogRows(named(`Recent ${i}`), daysAgo(10 - i)));
        assert.equal(await status(start), KEEP_RETRIEVALS - 1, `an old change is kept while it is among the last ${KEEP_RETRIEVALS} retrievals`);
        await own.backend.writeCatalog(catalogRows(named('Tenth'), daysAgo(1)));
        assert.equal(await status(start), KEEP_RETRIEVALS, 'still the tenth newest retrieval');
        await own.backend.writeCatalog(catalogRows(named('Eleventh'), daysAgo(0)));
        assert.equal(await status(start), 410, 'old and beyond the last ten: pruned');
        assert.equal(await status(afterOld), KEEP_RETRIEVALS);
        // Recent changes stay for 90 days, however many retrievals follow.
        for (let i = 0; i < 3; i++) await own.backend.writeCatalog(catalogRows(named(`More ${i}`)));
        assert.equal(await status(afterOld), KEEP_RETRIEVALS + 3);
        ownAnswers.close();
      } finally {
        await own.cleanup();
      }
    });
  });
}
