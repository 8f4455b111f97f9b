import assert from 'node:assert/strict';
import Database from 'better-sqlite3';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { AnswerCache } from '../../../src/catalog/answers/answerCache.js';
import { CatalogQueries, type QueryResult } from '../../../src/catalog/answers/catalogQueries.js';
import { StoredCatalog } from '../../../src/catalog/answers/storedCatalog.js';
import { compress } from '../../../src/edge/compression.js';
import { SEED_CATALOG_DIR } from '../../support/seedCatalog.js';
import { readOwnExport } from '../../../src/importer/sources/ownExport.js';
import { answeredResult } from '../../../src/mcp/toolResult.js';
import { SqliteCatalogBackend } from '../../../src/store/sqlite/sqliteCatalogBackend.js';
import { tempDir } from '../../support/catalogServer.js';
import { seededRandom } from '../../support/seededRandom.js';
import { importedCatalog } from '../../support/importedCatalog.js';
import { needsSharedDump } from '../../support/shared.js';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

/** What the process holds for JavaScript: its heap and the memory of its buffers. */
function held(): number {
  for (let i = 0; i < 4; i += 1) gc();
  const { heapUsed, external } = process.memoryUsage();
  return heapUsed + external;
}

type Ask = (queries: CatalogQueries) => Promise<QueryResult>;

/**
 * Fills a cache of `maxBytes` with real answers, each request asked once, until it is full (95 % of
 * its bound charged), a third of them given the forms the edges keep (gzip, MCP result);
 * then lets every answer go (close) and returns what the heap and buffers freed against what the
 * entries were charged. The queries and the store stay, so what they hold is in both readings.
 */
async function freedAgainstCharged(store: StoredCatalog, maxBytes: number, asks: Iterator<Ask>): Promise<{ freed: number; charged: number; entries: number }> {
  const answers = new AnswerCache(store, { maxBytes, checkEveryMs: 3_600_000 });
  await answers.checkRetrieval();
  const queries = new CatalogQueries(store, answers);
  for (let n = 0; answers.stats().bytes < maxBytes * 0.95; n += 1) {
    const ask = asks.next();
    if (ask.done) throw new Error(`the requests ran out at ${answers.stats().bytes} bytes of ${maxBytes}`);
    const result = await ask.value(queries);
    if (result.ok && n % 3 === 0) {
      result.answer.form('gzip', ({ bytes }) => compress(bytes, 'gzip'));
      answeredResult(result.answer, 'variant-images');
    }
  }
  const { bytes, entries } = answers.stats();
  assert.ok(bytes <= maxBytes, `${bytes} bytes charged of ${maxBytes}`);
  const full = held();
  answers.close();
  const freed = full - held();
  return { freed, charged: bytes, entries };
}

function assertWithinAQuarter({ freed, charged, entries }: { freed: number; charged: number; entries: number }): void {
  const ratio = freed / charged;
  console.log(`charged ${charged}, freed ${freed}, ratio ${ratio.toFixed(3)}, ${entries} entries`);
  assert.ok(ratio > 0.75 && ratio < 1.25, `the heap and buffers freed ${freed} bytes of ${charged} charged (${entries} entries): ${ratio.toFixed(3)}`);
}

function* forever<T>(next: () => T): Generator<T> {
  for (;;) yield next();
}

describe('what the answer cache is charged, against what the heap holds for it', () => {
  let dir: string;
  before(() => {
    dir = tempDir('tcg-answer-memory-');
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('is within 25 % of what a full cache of the demo catalog\'s answers frees, forms included', async () => {
    const { catalog } = await readOwnExport(SEED_CATALOG_DIR);
    const store = new StoredCatalog(new SqliteCatalogBackend(path.join(dir, 'demo.db'), { readWorkers: 0 }));
    try {
      await store.replaceCatalog(catalog);
      const random = seededRandom(27);
      const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
      const ids = catalog.cards.map((card) => card.id);
      const names = catalog.cards.map((card) => card.name);
      const sets = catalog.sets.map((set) => set.id);
      // Every kind of answer, most of them distinct: batches of the 12 cards in any order and number,
      // pages of sets and searches of any size, 404s.
      const kinds: Ask[] = [
        (queries) => queries.getCards([...ids].sort(() => random() - 0.5).slice(0, 1 + Math.floor(random() * ids.length))),
        (queries) => queries.listCardsInSet(pick(sets), { limit: 1 + Math.floor(random() * 50), offset: Math.floor(random() * 4) }),
        (queries) => queries.searchCards({ q: pick(names).slice(0, 3), limit: 1 + Math.floor(random() * 50) }),
        (queries) => queries.listSets({ limit: 1 + Math.floor(random() * 50), offset: Math.floor(random() * 3) }),
        (queries) => queries.getCard(`en-none-${Math.floor(random() * 1e9)}`),
      ];
      assertWithinAQuarter(await freedAgainstCharged(store, 16 * 2 ** 20, forever(() => pick(kinds))));
    } finally {
      await store.close();
    }
  });

  it('is within 25 % of what a full cache of the English catalog\'s cards and searches frees, at 32 MB', needsSharedDump(), async () => {
    // English alone: the answers of the whole catalog, in a fifth of the import.
    const { file } = await importedCatalog(dir, { languages: ['en'] });
    const store = new StoredCatalog(new SqliteCatalogBackend(file, { readWorkers: 0 }));
    try {
      const db = new Database(file, { readonly: true });
      const cards = db.prepare<[], { id: string; name_key: string }>('SELECT id, name_key FROM cards').all();
      db.close();
      const random = seededRandom(27);
      const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
      // The cold bench's two workloads: a card by id (as `?id=` asks for it), and a search of a piece of a name.
      const kinds: Ask[] = [
        (queries) => queries.getCards([pick(cards).id]),
        (queries) => {
          const name = pick(cards).name_key;
          const start = Math.floor(random() * Math.max(1, name.length - 3));
          return queries.searchCards({ q: name.slice(start, start + 3 + Math.floor(random() * 6)), limit: 20 });
        },
      ];
      assertWithinAQuarter(await freedAgainstCharged(store, 32 * 2 ** 20, forever(() => pick(kinds))));
    } finally {
      await store.close();
    }
  });
});
