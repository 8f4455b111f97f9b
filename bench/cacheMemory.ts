/**
 * What the answer cache costs the process in resident memory, without HTTP or a load generator (so
 * a loaded machine changes its speed, not what it allocates): cold traffic in one process, through
 * CatalogQueries and an AnswerCache of CATALOG_CACHE_MB (16 unless told; 0 keeps nothing) on a
 * SQLite catalog file with its read workers, 50 requests in flight. First COLD_IDS random card ids
 * (40,000), then COLD_NAMES random name fragments (6,000), each followed by the process's RSS, the
 * most RSS seen, V8's heap, the buffers' memory and the CPU time a request (every thread).
 *
 *   node <the service's flags> dist/bench/cacheMemory.js <catalog.db>
 *
 * Run it with and without a flag, or with the cache on and off, in turn: figures of one process
 * against another of the same run.
 */
import Database from 'better-sqlite3';
import { readFileSync } from 'node:fs';
import { AnswerCache } from '../src/catalog/answers/answerCache.js';
import { CatalogQueries, type QueryResult } from '../src/catalog/answers/catalogQueries.js';
import { StoredCatalog } from '../src/catalog/answers/storedCatalog.js';
import { contentTag } from '../src/edge/httpCaching.js';
import { SqliteCatalogBackend } from '../src/store/sqlite/sqliteCatalogBackend.js';
import { seededRandom } from '../test/support/seededRandom.js';

const IN_FLIGHT = 50;
const MiB = 2 ** 20;

const file = process.argv[2];
if (file === undefined) throw new Error('usage: node dist/bench/cacheMemory.js <catalog.db>');
const cacheMb = Number(process.env.CATALOG_CACHE_MB ?? 16);
const counts = { ids: Number(process.env.COLD_IDS ?? 40_000), names: Number(process.env.COLD_NAMES ?? 6_000) };

const db = new Database(file, { readonly: true });
const cards = db.prepare<[], { id: string; name_key: string }>('SELECT id, name_key FROM cards').all();
db.close();
const random = seededRandom(27);
const pick = () => cards[Math.floor(random() * cards.length)]!;

const store = new StoredCatalog(new SqliteCatalogBackend(file));
const answers = new AnswerCache(store, { maxBytes: cacheMb * MiB });
await answers.checkRetrieval();
const queries = new CatalogQueries(store, answers);
const asks: Record<keyof typeof counts, () => Promise<QueryResult>> = {
  ids: () => queries.getCards([pick().id]),
  // The cold bench's fragments: 3 to 8 characters of a folded name.
  names: () => {
    const name = pick().name_key;
    const start = Math.floor(random() * Math.max(1, name.length - 3));
    return queries.searchCards({ q: name.slice(start, start + 3 + Math.floor(random() * 6)), limit: 20 });
  },
};

const rssMiB = () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync('/proc/self/status', 'utf8'))?.[1] ?? 0) / 1024;

for (const kind of ['ids', 'names'] as const) {
  let left = counts[kind];
  let peak = 0;
  const cpuBefore = process.cpuUsage();
  await Promise.all(Array.from({ length: IN_FLIGHT }, async () => {
    while (left-- > 0) {
      const result = await asks[kind]();
      // What REST does with every answer it sends.
      if (result.ok) result.answer.tag(contentTag);
      if (left % 500 === 0) peak = Math.max(peak, rssMiB());
    }
  }));
  const cpu = process.cpuUsage(cpuBefore);
  const { heapTotal, heapUsed, external } = process.memoryUsage();
  const { bytes, entries } = answers.stats();
  console.log(`${kind}: cache ${cacheMb} MB, RSS ${rssMiB().toFixed(0)} MiB (most seen ${peak.toFixed(0)}), heap ${(heapUsed / MiB).toFixed(0)} ` +
    `of ${(heapTotal / MiB).toFixed(0)} MiB, external ${(external / MiB).toFixed(0)} MiB, ` +
    `${((cpu.user + cpu.system) / counts[kind]).toFixed(0)} µs of CPU a request; the cache charged ${(bytes / MiB).toFixed(1)} MiB for ${entries} answers`);
}
answers.close();
await store.close();
