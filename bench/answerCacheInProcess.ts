/**
 * The answer cache on cold and on hot traffic, in process, without HTTP: what a miss costs with the
 * cache against no cache at all (issue 27: "a miss costs no more than no cache"), and whether hot
 * traffic keeps its hits. Each request is `getCards([id])` (what `/v1/cards?id=` asks) and its ETag
 * (what sendResult makes for every 200), from 50 requests in flight at once, each yielding to the
 * event loop after it is answered (a hit resolves without I/O: without the yield the cache's version
 * check never runs, and after 750 ms nothing is served from memory).
 *
 *   node --expose-gc dist/bench/answerCacheInProcess.js [database URL, file:/tmp/bench/full.db unless told]
 *
 * BENCH_SECONDS (8) a turn after BENCH_WARM_UP (3) seconds, BENCH_TURNS (3) turns of each setting in
 * alternation, CATALOG_CACHE_MB (the default) against 0; workloads: 100,000 card ids drawn at random
 * (uniform), and the same ids by Zipf's law (s = 0.9: a few hot, a long tail).
 */
import type { Answer } from '../src/catalog/answer.js';
import { AnswerCache } from '../src/catalog/answerCache.js';
import { CatalogQueries, type QueryResult } from '../src/catalog/catalogQueries.js';
import { DEFAULT_CATALOG_CACHE_MB, DEFAULT_STORE_OPTIONS } from '../src/config.js';
import { contentTag } from '../src/edge/httpCaching.js';
import { openCatalogStore } from '../src/store/open.js';
import { seededRandom } from '../test/support/seededRandom.js';
import { median } from './variantsInTurn.js';

const databaseUrl = process.argv[2] ?? 'file:/tmp/bench/full.db';
const seconds = Number(process.env.BENCH_SECONDS ?? 8);
const warmUpSeconds = Number(process.env.BENCH_WARM_UP ?? 3);
const turns = Number(process.env.BENCH_TURNS ?? 3);
const cacheMb = Number(process.env.CATALOG_CACHE_MB || DEFAULT_CATALOG_CACHE_MB);
const IN_FLIGHT = 50;
const CARD_IDS = 100_000;
const ZIPF_EXPONENT = 0.9;
const PAGE = 200;

const gc = (globalThis as { gc?: () => void }).gc;

function answerOf(result: QueryResult): Answer {
  if (!result.ok) throw new Error(`${result.status}: ${result.message}`);
  return result.answer;
}

interface Page { data: Array<{ id: string }>; pagination: { has_more: boolean } }
const pageOf = (result: QueryResult) => JSON.parse(answerOf(result).json) as Page;

/** Every card id of the catalog, through the queries (no cache), shuffled, the first CARD_IDS. */
async function cardIds(queries: CatalogQueries): Promise<string[]> {
  const ids: string[] = [];
  for (let offset = 0; ; offset += PAGE) {
    const sets = pageOf(await queries.listSets({ limit: PAGE, offset }));
    for (const set of sets.data) {
      for (let cardOffset = 0; ; cardOffset += PAGE) {
        const page = pageOf(await queries.listCardsInSet(set.id, { limit: PAGE, offset: cardOffset }));
        ids.push(...page.data.map((card) => card.id));
        if (!page.pagination.has_more) break;
      }
    }
    if (!sets.pagination.has_more) break;
  }
  const random = seededRandom(27);
  ids.sort();
  for (let i = ids.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [ids[i], ids[j]] = [ids[j]!, ids[i]!];
  }
  return ids.slice(0, CARD_IDS);
}

/** A picker of ids by Zipf's law: the i-th id (from 1) asked for in proportion to 1 / i^s. */
function zipf(ids: readonly string[], random: () => number): () => string {
  const cumulative = new Float64Array(ids.length);
  let sum = 0;
  for (let i = 0; i < ids.length; i++) cumulative[i] = sum += 1 / (i + 1) ** ZIPF_EXPONENT;
  return () => {
    const target = random() * sum;
    let low = 0;
    let high = ids.length - 1;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (cumulative[middle]! < target) low = middle + 1;
      else high = middle;
    }
    return ids[low]!;
  };
}

interface Turn { rps: number; cpuMicros: number; hitRatio: number; notAdmitted: number; entries: number; rssMiB: number; heapMiB: number }

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** `seconds` of requests, IN_FLIGHT at once, through `queries`; how many were answered. */
async function load(queries: CatalogQueries, pick: () => string, seconds: number): Promise<number> {
  const until = performance.now() + seconds * 1000;
  let answeredCount = 0;
  const worker = async () => {
    while (performance.now() < until) {
      contentTag(answerOf(await queries.getCards([pick()])).tagSource);
      answeredCount += 1;
      await nextTurn();
    }
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
  return answeredCount;
}

async function turn(store: Awaited<ReturnType<typeof openCatalogStore>>, maxBytes: number, pick: () => string): Promise<Turn> {
  gc?.();
  const answers = new AnswerCache(store, { maxBytes });
  try {
    await answers.checkRetrieval();
    const queries = new CatalogQueries(store, answers);
    await load(queries, pick, warmUpSeconds);
    const before = answers.stats();
    const cpuBefore = process.cpuUsage();
    const started = performance.now();
    const requests = await load(queries, pick, seconds);
    const elapsed = (performance.now() - started) / 1000;
    const cpu = process.cpuUsage(cpuBefore);
    const after = answers.stats();
    const hits = after.hits - before.hits;
    return {
      rps: requests / elapsed,
      cpuMicros: (cpu.user + cpu.system) / requests,
      hitRatio: hits / (hits + after.misses - before.misses + after.joined - before.joined),
      notAdmitted: after.notAdmitted - before.notAdmitted,
      entries: after.entries,
      rssMiB: process.memoryUsage().rss / 2 ** 20,
      heapMiB: process.memoryUsage().heapUsed / 2 ** 20,
    };
  } finally {
    answers.close();
  }
}

async function main(): Promise<void> {
  const store = await openCatalogStore(databaseUrl, DEFAULT_STORE_OPTIONS);
  try {
    const listing = new AnswerCache(store, { maxBytes: 0 });
    const ids = await cardIds(new CatalogQueries(store, listing));
    listing.close();
    console.log(`${databaseUrl.startsWith('postgres') ? 'PostgreSQL' : 'SQLite'}: getCards([id]) in process, ${IN_FLIGHT} in flight, ` +
      `${ids.length} ids; ${turns} turns of ${seconds} s a setting (after ${warmUpSeconds} s), cache ${cacheMb} MB and off in alternation\n`);
    console.log('| workload | cache | req/s (each turn) | CPU µs/request (each turn) | hit ratio | not admitted a turn | entries | RSS MiB | heap MiB |');
    console.log('|---|---|---:|---:|---:|---:|---:|---:|---:|');
    const workloads = [
      { name: 'uniform ids', pick: () => { const random = seededRandom(1); return () => ids[Math.floor(random() * ids.length)]!; } },
      { name: `Zipf ids (s = ${ZIPF_EXPONENT})`, pick: () => zipf(ids, seededRandom(2)) },
    ];
    for (const workload of workloads) {
      const rows = new Map<number, Turn[]>([[cacheMb, []], [0, []]]);
      for (let i = 0; i < turns; i++) {
        for (const mb of rows.keys()) rows.get(mb)!.push(await turn(store, mb * 2 ** 20, workload.pick()));
      }
      for (const [mb, turned] of rows) {
        const each = (value: (row: Turn) => number, digits = 0) => turned.map((row) => value(row).toFixed(digits)).join(', ');
        const middle = (value: (row: Turn) => number) => median(turned.map(value));
        console.log(`| ${workload.name} | ${mb === 0 ? 'off' : `${mb} MB`} | ${middle((r) => r.rps).toFixed(0)} (${each((r) => r.rps)}) | ` +
          `${middle((r) => r.cpuMicros).toFixed(1)} (${each((r) => r.cpuMicros, 1)}) | ${middle((r) => r.hitRatio).toFixed(3)} | ` +
          `${middle((r) => r.notAdmitted).toFixed(0)} | ${middle((r) => r.entries).toFixed(0)} | ${each((r) => r.rssMiB)} | ${each((r) => r.heapMiB)} |`);
      }
    }
  } finally {
    await store.close();
  }
}

await main();
