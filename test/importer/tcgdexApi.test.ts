import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Catalog } from '../../src/catalog/catalogShapes.js';
import { DEFAULT_STORE_OPTIONS } from '../../src/config.js';
import { mapTcgdex } from '../../src/importer/mapTcgdex.js';
import { runImport } from '../../src/importer/runImport.js';
import { openCatalogStore } from '../../src/store/open.js';
import { crawlTcgdexApi, type TcgdexApiOptions } from '../../src/importer/sources/tcgdexApi.js';
import { readTcgdexDump } from '../../src/importer/sources/tcgdexDump.js';
import type { TcgdexLanguageData } from '../../src/importer/tcgdexRecords.js';
import { needsSharedDump } from '../support/shared.js';
import { sharedDumpOfSets, startTcgdexApiServer, type TcgdexApiServer } from '../support/tcgdexApiServer.js';

/** base2 has 1st editions, basep stamps, pop1 is missing from the German set list, A1a is Pocket. */
const SETS = ['base2', 'basep', 'pop1', 'A1a'];
const LANGUAGES = ['en', 'fr', 'de'];

async function collect(source: AsyncIterable<TcgdexLanguageData>): Promise<TcgdexLanguageData[]> {
  const out: TcgdexLanguageData[] = [];
  for await (const language of source) out.push(language);
  return out;
}

const sorted = (catalog: Catalog) => ({
  sets: [...catalog.sets].sort((a, b) => (a.id < b.id ? -1 : 1)),
  cards: [...catalog.cards].sort((a, b) => (a.id < b.id ? -1 : 1)),
});

describe('crawling the TCGdex API', needsSharedDump(), () => {
  let server: TcgdexApiServer;
  let cacheDir = '';
  let dumpDir = '';
  let fromDump: ReturnType<typeof mapTcgdex>;
  const crawl = (options: TcgdexApiOptions = {}) => collect(crawlTcgdexApi(server.baseUrl, {
    languages: [...LANGUAGES, 'ja'], cacheDir, retryBaseDelayMs: 1, concurrency: 8, ...options,
  }));

  before(async () => {
    cacheDir = await mkdtemp(path.join(tmpdir(), 'tcgdex-crawl-'));
    // The API's sets of the shared dump, read once: the fake API and the dump reader both read this.
    dumpDir = sharedDumpOfSets(LANGUAGES, SETS, await mkdtemp(path.join(tmpdir(), 'tcgdex-api-dump-')));
    server = await startTcgdexApiServer({ languages: LANGUAGES, sets: SETS, dumpDir });
    const dump = await collect(readTcgdexDump(dumpDir, { languages: LANGUAGES }));
    const wanted = new Set(SETS);
    fromDump = mapTcgdex(dump.map(({ lang, sets, cards }) => ({
      lang,
      sets: sets.filter((set) => wanted.has(set.id)),
      cards: cards.filter((card) => wanted.has(card.set!.id)),
    })));
  });
  after(async () => {
    await server?.close();
    await rm(cacheDir, { recursive: true, force: true });
    if (dumpDir) await rm(dumpDir, { recursive: true, force: true });
  });

  test('an interrupted crawl fails with a clear error and keeps what it fetched', async () => {
    server.setFailures({ kind: 'after', n: 150 });
    await assert.rejects(crawl({ retries: 2 }), /failed after 3 attempts \(last: HTTP 500\)/);
  });

  test('run again through injected 500s, it gives the same catalog as the dump', async () => {
    server.setFailures({ kind: 'every-nth', n: 5 });
    const [requestsBefore, failuresBefore] = [server.requests(), server.failures()];
    const languages = await crawl();
    const failures = server.failures() - failuresBefore;
    const answers = server.requests() - requestsBefore - failures;
    assert.ok(failures > 20, 'failures were injected');
    assert.deepEqual(languages.map((l) => l.lang), LANGUAGES, 'a language the API answers 404 for has no data');

    const fromApi = mapTcgdex(languages);
    assert.deepEqual(sorted(fromApi.catalog), sorted(fromDump.catalog));
    assert.deepEqual(fromApi.report.imported, fromDump.report.imported);
    assert.deepEqual(fromApi.report.read, fromDump.report.read);
    assert.equal(fromApi.catalog.sets.some((s) => s.id === 'de-pop1'), true, 'cards of sets missing from the set list are found');
    const pidgeot = fromApi.catalog.cards.find((c) => c.id === 'fr-base2-24');
    assert.ok(pidgeot?.attacks && pidgeot.weaknesses && pidgeot.legalities && pidgeot.pokedex_numbers,
      'the crawl keeps the gameplay fields');
    assert.ok(fromApi.catalog.sets.some((s) => s.abbreviation !== null), 'and set abbreviations');

    // Per language: the set list, each set, the card list, each card; and ja's 404.
    const total = languages.reduce((n, l) => n + 2 + l.sets.length + l.cards.length, 0) + 1;
    assert.ok(answers <= total - 100, `resumed: fetched ${answers} of ${total} answers, the rest came from the cache`);
  });

  test('a third run with the API down completes from the cache', async () => {
    server.setFailures({ kind: 'all' });
    const before = server.requests();
    const fromApi = mapTcgdex(await crawl({ retries: 0 }));
    assert.deepEqual(sorted(fromApi.catalog), sorted(fromDump.catalog));
    assert.equal(server.requests() - before, 0);
  });

  test('a crawl whose cache went stale asks conditionally; an API that answers 304 throughout imports as unchanged', async () => {
    server.setFailures({ kind: 'none' });
    const store = await openCatalogStore(`file:${path.join(cacheDir, 'catalog.db')}`, { ...DEFAULT_STORE_OPTIONS, sqliteReadWorkers: 0 });
    try {
      const api = { languages: LANGUAGES, cacheDir, retryBaseDelayMs: 1 };
      const first = await runImport(server.baseUrl, store, { api });
      assert.equal(first.unchanged, false);
      const version = await store.catalogVersion();
      const [requests, notModified] = [server.requests(), server.notModified()];
      // Every cached answer stale: each is asked for again, with the ETag it came with.
      const again = await runImport(server.baseUrl, store, { api: { ...api, maxCacheAgeMs: 0 } });
      const asked = server.requests() - requests;
      assert.ok(asked > 100, `${asked} requests`);
      assert.ok(server.notModified() - notModified >= asked - 10, `${server.notModified() - notModified} of ${asked} answered 304 (404s have no ETag)`);
      assert.equal(again.unchanged, true, 'the same records read: not mapped, nothing written');
      assert.equal(await store.catalogVersion(), version);
    } finally {
      await store.close();
    }
  });

  test('429 answers are retried like 5xx', async () => {
    server.setFailures({ kind: 'every-nth', n: 2, status: 429 });
    const fromApi = mapTcgdex(await crawl({ languages: ['en'], maxCacheAgeMs: 0 }));
    assert.equal(fromApi.report.imported.en!.cards, fromDump.report.imported.en!.cards);
  });
});
