import Database from 'better-sqlite3';
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { AnswerCache } from '../../../src/catalog/answers/answerCache.js';
import { CatalogQueries, type QueryResult } from '../../../src/catalog/answers/catalogQueries.js';
import type { CatalogStore } from '../../../src/catalog/catalogStore.js';
import type { Catalog } from '../../../src/catalog/catalogShapes.js';
import { StoredCatalog } from '../../../src/catalog/answers/storedCatalog.js';
import { DEFAULT_STORE_OPTIONS } from '../../../src/config.js';
import { SEED_CATALOG_DIR } from '../../support/seedCatalog.js';
import { readOwnExport } from '../../../src/importer/sources/ownExport.js';
import { openCatalogStore } from '../../../src/store/open.js';
import { SqliteCatalogBackend } from '../../../src/store/sqlite/sqliteCatalogBackend.js';
import { tempDir } from '../../support/catalogServer.js';
import { createTestDatabase, type TestDatabase } from '../../support/postgres.js';
import { onStore, STORE_KINDS } from '../../support/stores.js';

const demo = async (): Promise<Catalog> => (await readOwnExport(SEED_CATALOG_DIR)).catalog;
const renamed = (catalog: Catalog, name: string): Catalog => ({ ...catalog, cards: catalog.cards.map((card) => ({ ...card, name })) });
const json = (result: QueryResult) => {
  assert.ok(result.ok, 'an answer');
  return JSON.parse(result.answer.json) as { data: { name: string } & Array<{ name: string }>; retrieved_at: string };
};

/** A clock the test moves by hand (ms), for the cache's window of trust in the last version check. */
class ManualClock {
  ms = 0;
  readonly now = () => this.ms;
}

/** No timed check within a test: each one is the test's own (checkRetrieval), at the clock's time. */
const NO_TIMER = { checkEveryMs: 3_600_000 };

describe('the answer cache on SQLite', () => {
  let dir: string;
  let catalog: Catalog;
  /** A store, its cache and the queries through it; a second backend on the same file is another instance. */
  const open = async (name: string, maxBytes = 2 ** 20) => {
    const store = new StoredCatalog(new SqliteCatalogBackend(path.join(dir, name)));
    await store.replaceCatalog(catalog);
    const clock = new ManualClock();
    const answers = new AnswerCache(store, { maxBytes, ...NO_TIMER, now: clock.now });
    await answers.checkRetrieval();
    return { store, answers, clock, queries: new CatalogQueries(store, answers), async close() {
      answers.close();
      await store.close();
    } };
  };
  before(async () => {
    dir = tempDir('tcg-answers-');
    catalog = await demo();
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('answers a repeated request from memory, 404s included, and counts hits and misses', async () => {
    const { answers, queries, close } = await open('hits.db');
    try {
      const id = catalog.cards[0]!.id;
      const first = await queries.getCard(id);
      const second = await queries.getCard(id);
      assert.ok(first.ok && second.ok && second.answer === first.answer, 'the same answer from memory');
      for (let i = 0; i < 2; i += 1) assert.equal((await queries.getCard('en-none-1')).ok, false);
      assert.deepEqual(answers.stats(), { ...answers.stats(), hits: 2, misses: 2, entries: 2 });
    } finally {
      await close();
    }
  });

  it('keys a request as normalized: defaults, a search as folded, filters in any order', async () => {
    const { answers, queries, close } = await open('keys.db');
    try {
      const hitsAfter = async (ask: () => Promise<QueryResult>) => {
        const before = answers.stats().hits;
        await ask();
        return answers.stats().hits - before;
      };
      await queries.searchCards({ q: 'Pikachu' });
      await queries.searchCards({ q: 'pikachu', limit: 50, offset: 0 });
      assert.equal(await hitsAfter(() => queries.searchCards({ q: '  PIKACHU ' })), 1);
      await queries.listFilteredCards({ filters: { type: 'Fire', supertype: 'Pokemon' } });
      await queries.listFilteredCards({ filters: { type: 'Fire', supertype: 'Pokemon' } });
      assert.equal(await hitsAfter(() => queries.listFilteredCards({ filters: { supertype: 'Pokemon', type: 'Fire' } })), 1);
      const id = catalog.cards[0]!.id;
      await queries.getCards([id, 'en-none-2', id]);
      await queries.getCards([id, 'en-none-2']);
      assert.equal(await hitsAfter(() => queries.getCards([id, 'en-none-2'])), 1, 'a batch as asked, each id once');
      assert.equal(await hitsAfter(() => queries.getCards(['en-none-2', id])), 0, 'in another order, another answer');
    } finally {
      await close();
    }
  });

  it('never holds more than its bound, its answers\' forms counted: what was not used lately goes first', async () => {
    // Room for a few of the 12 cards.
    const maxBytes = 16 * 1024;
    const { answers, queries, close } = await open('bound.db', maxBytes);
    try {
      const ask = async (id: string) => {
        await queries.getCard(id);
        return queries.getCard(id);
      };
      for (const card of catalog.cards) await ask(card.id);
      const { bytes, entries } = answers.stats();
      assert.ok(bytes <= maxBytes, `${bytes} bytes cached, bound ${maxBytes}`);
      assert.ok(entries >= 2 && entries < catalog.cards.length, `${entries} entries of ${catalog.cards.length}`);
      const last = await ask(catalog.cards.at(-1)!.id);
      assert.ok(last.ok);
      const before = answers.stats().bytes;
      const form = last.answer.form('copy', ({ bytes: body }) => Buffer.concat([body, body]));
      assert.ok(answers.stats().bytes >= before + form.length || answers.stats().entries < entries,
        'a form made later is charged to the entry (or made room for)');
      assert.ok(answers.stats().bytes <= maxBytes);
      const misses = answers.stats().misses;
      await queries.getCard(catalog.cards.at(-1)!.id);
      assert.equal(answers.stats().misses, misses, 'the latest answer stays');
      await queries.getCard(catalog.cards[0]!.id);
      assert.equal(answers.stats().misses, misses + 1, 'the oldest went');
    } finally {
      await close();
    }
  });

  it('once full, keeps an answer only when its request was asked for lately: a request asked once evicts nothing', async () => {
    const { answers, queries, close } = await open('admission.db', 16 * 1024);
    try {
      const [first, ...others] = catalog.cards;
      for (const card of others) {
        await queries.getCard(card.id);
        await queries.getCard(card.id);
      }
      const full = answers.stats();
      assert.ok(full.bytes + 2_000 > full.maxBytes, `full: ${full.bytes} of ${full.maxBytes} bytes`);
      await queries.getCard(first!.id);
      assert.deepEqual([answers.stats().entries, answers.stats().bytes], [full.entries, full.bytes],
        'a request asked once is answered, and evicts nothing');
      let misses = answers.stats().misses;
      await queries.getCard(first!.id);
      assert.equal(answers.stats().misses, misses + 1, 'its second ask is a miss, and is kept');
      misses = answers.stats().misses;
      await queries.getCard(first!.id);
      assert.equal(answers.stats().misses, misses, 'the third is answered from memory');
    } finally {
      await close();
    }
  });

  it('answers from the store while no check confirmed the version lately, from memory again once one does', async () => {
    const file = 'unconfirmed.db';
    const { answers, queries, clock, close } = await open(file);
    const other = new Database(path.join(dir, file));
    try {
      const id = catalog.cards[0]!.id;
      await queries.getCard(id);
      await queries.getCard(id);
      const hitsOf = async () => {
        const before = answers.stats().hits;
        assert.ok((await queries.getCard(id)).ok);
        return answers.stats().hits - before;
      };
      assert.equal(await hitsOf(), 1);
      clock.ms += 749;
      assert.equal(await hitsOf(), 1, 'a check 749 ms ago is trusted');
      clock.ms += 2;
      assert.equal(await hitsOf(), 0, 'one 751 ms ago is not');
      other.exec('ALTER TABLE catalog_meta RENAME TO catalog_meta_away');
      await assert.rejects(answers.checkRetrieval());
      assert.equal(await hitsOf(), 0, 'a check that failed confirms nothing');
      other.exec('ALTER TABLE catalog_meta_away RENAME TO catalog_meta');
      await answers.checkRetrieval();
      assert.equal(await hitsOf(), 1, 'the version is unchanged: what was kept is served again');
    } finally {
      other.close();
      await close();
    }
  });

  it('every answer carries the catalog\'s retrieval time, and a write through this process drops every answer at once', async () => {
    const { store, answers, queries, close } = await open('same.db');
    try {
      const id = catalog.cards[0]!.id;
      const before = (await store.retrieval()).importedAt;
      for (let i = 0; i < 2; i += 1) assert.equal(json(await queries.getCard(id)).retrieved_at, before);
      assert.equal(json(await queries.listSets({})).retrieved_at, before);
      await new Promise((resolve) => setTimeout(resolve, 5));
      await store.replaceCatalog(renamed(catalog, 'Renamed'));
      await answers.dropAfterWrite();
      assert.equal(answers.stats().entries, 0);
      const after = json(await queries.getCard(id));
      assert.equal(after.data.name, 'Renamed');
      assert.equal(after.retrieved_at, (await store.retrieval()).importedAt);
      assert.ok(Date.parse(after.retrieved_at) > Date.parse(before!), `${after.retrieved_at} after ${before}`);
    } finally {
      await close();
    }
  });

  it('builds one answer for concurrent misses of one request, and answers them all with it', async () => {
    const { answers, queries, close } = await open('joined.db');
    try {
      const before = answers.stats();
      const results = await Promise.all(Array.from({ length: 30 }, () => queries.searchCards({ q: 'pikachu', limit: 20 })));
      const after = answers.stats();
      assert.deepEqual([after.misses - before.misses, after.joined - before.joined, after.hits - before.hits], [1, 29, 0]);
      assert.ok(results.every((result) => result.ok && result.answer === (results[0] as { answer: unknown }).answer));
    } finally {
      await close();
    }
  });

  it('never joins a build that began before a drop, which may answer from the catalog replaced', async () => {
    const { store, answers, queries, close } = await open('drop.db');
    try {
      const misses = answers.stats().misses;
      const started = queries.searchCards({ q: 'pikachu', limit: 7 });
      await store.replaceCatalog(renamed(catalog, 'Pikachu Renamed'));
      await answers.dropAfterWrite();
      const [, fresh] = await Promise.all([started, queries.searchCards({ q: 'pikachu', limit: 7 })]);
      assert.equal(answers.stats().misses, misses + 2, 'two builds');
      assert.ok(json(fresh).data.length > 0 && json(fresh).data.every(({ name }) => name === 'Pikachu Renamed'));
    } finally {
      await close();
    }
  });

  it('lets every joined request see a failed build, and builds again on the next request', async () => {
    const file = 'failed.db';
    const { answers, queries, close } = await open(file);
    const other = new Database(path.join(dir, file));
    try {
      const before = answers.stats();
      other.exec('ALTER TABLE cards RENAME TO cards_away');
      const outcomes = await Promise.allSettled(Array.from({ length: 5 }, () => queries.searchCards({ q: 'pikachu', limit: 9 })));
      assert.ok(outcomes.every((outcome) => outcome.status === 'rejected'));
      assert.deepEqual([answers.stats().misses - before.misses, answers.stats().joined - before.joined], [1, 4]);
      other.exec('ALTER TABLE cards_away RENAME TO cards');
      assert.ok(json(await queries.searchCards({ q: 'pikachu', limit: 9 })).data.length > 0);
      assert.equal(answers.stats().misses - before.misses, 2, 'the failure was not kept');
    } finally {
      other.close();
      await close();
    }
  });

  it('keeps nothing with a bound of 0, and still tells the retrieval time', async () => {
    const { store, answers, queries, close } = await open('off.db', 0);
    try {
      const id = catalog.cards[0]!.id;
      for (let i = 0; i < 3; i += 1) assert.equal(json(await queries.getCard(id)).retrieved_at, (await store.retrieval()).importedAt);
      assert.deepEqual([answers.stats().hits, answers.stats().misses, answers.stats().entries, answers.stats().bytes], [0, 3, 0, 0]);
      const sources = await Promise.all([id, id, catalog.cards[1]!.id].map(async (card) => {
        const result = await queries.getCard(card);
        assert.ok(result.ok);
        return result.answer.tagSource;
      }));
      assert.equal(typeof sources[0], 'string', 'an answer built through the cache says what it is a function of');
      assert.equal(sources[1], sources[0], 'built twice, the same request: the same entity tag');
      assert.notEqual(sources[2], sources[0], 'another request, another tag');
    } finally {
      await close();
    }
  });
});

for (const kind of STORE_KINDS) {
  describe(`two instances with answer caches on one ${kind} database`, await onStore(kind), () => {
    let dir: string;
    let database: TestDatabase | undefined;
    let stores: CatalogStore[];
    let answers: AnswerCache[];
    let catalog: Catalog;
    before(async () => {
      dir = tempDir('tcg-answers-');
      database = kind === 'postgres' ? await createTestDatabase('answers_test') : undefined;
      const url = database?.url ?? `file:${path.join(dir, 'catalog.db')}`;
      stores = [await openCatalogStore(url, DEFAULT_STORE_OPTIONS), await openCatalogStore(url, DEFAULT_STORE_OPTIONS)];
      catalog = await demo();
      await stores[1]!.replaceCatalog(catalog);
      // The service's own timer: every 250 ms.
      answers = stores.map((store) => new AnswerCache(store, { maxBytes: 2 ** 20 }));
    });
    after(async () => {
      for (const cache of answers ?? []) cache.close();
      for (const store of stores ?? []) await store.close();
      await database?.drop();
      rmSync(dir, { recursive: true, force: true });
    });

    it('answer with the same bytes, and an import by the other instance is seen within 1 s', async () => {
      const [first, second] = answers.map((cache, i) => new CatalogQueries(stores[i]!, cache)) as [CatalogQueries, CatalogQueries];
      const id = catalog.cards[0]!.id;
      const set = catalog.sets[0]!.id;
      for (let i = 0; i < 2; i += 1) await first.getCard(id);
      const kept = await first.getCard(id);
      assert.ok(answers[0]!.stats().hits >= 1, 'answered from memory before the import');
      const other = await second.getCard(id);
      assert.ok(kept.ok && other.ok && kept.answer.bytes.equals(other.answer.bytes), 'the same catalog, the same bytes on both');
      assert.equal(kept.answer.tagSource, other.answer.tagSource, 'and the same entity tag (what the answer is a function of)');

      for (const name of ['Renamed once', 'Renamed twice']) {
        await stores[1]!.replaceCatalog(renamed(catalog, name));
        const finished = Date.now();
        let seen = '';
        while (seen !== name && Date.now() - finished < 1000) {
          seen = json(await first.getCard(id)).data.name;
          if (seen !== name) await new Promise((resolve) => setTimeout(resolve, 20));
        }
        assert.equal(seen, name, `the new answer within 1 s of the import (${Date.now() - finished} ms)`);
        assert.ok(json(await first.listCardsInSet(set, { limit: 5 })).data.every((card) => card.name === name));
        assert.equal(json(await first.getCard(id)).retrieved_at, (await stores[1]!.retrieval()).importedAt);
      }
    });
  });
}
