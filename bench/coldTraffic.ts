/**
 * Cold traffic (issue 27): the long tail a public catalog mostly serves, where the bench's other
 * scenarios ask for a few hot answers. Two workloads, each request a path picked at random (seeded)
 * from a pool drawn from the catalog as the service serves it, through its API, at the start of the
 * run (nothing is copied from the dump): random card ids (100,000 of the catalog's cards) and
 * random name fragments (about 18,000, 3 to 10 characters cut from real names in six languages).
 * Each runs on a fresh instance with the catalog cache (CATALOG_CACHE_MB, its default unless told) and on
 * one without it (0), both started together: after a warm-up of each, `turns` loads of `seconds` taken
 * by the two in alternation (a turn's picks the same for both), and the server's req/s, p50, p99, CPU
 * time per request and resident memory after each, with its peak.
 */
import { availableParallelism } from 'node:os';
import type { Instance } from './behindHeavy.js';
import { generateLoad, loadGeneratorName } from './loadGenerator.js';
import { seededRandom } from '../test/support/seededRandom.js';
import { median } from './variantsInTurn.js';
import { cpuSeconds, machineCpuSeconds, peakRssMiB, rssMiB } from './processes.js';
import { codePointLength, searchKey } from '../src/catalog/names/searchKey.js';

/** How many card ids and name fragments the pools hold, and the languages the names come from. */
const CARD_IDS = 100_000;
const FRAGMENTS_PER_LANGUAGE = 3_000;
const NAME_LANGUAGES = ['en', 'fr', 'de', 'es', 'ja', 'zh-tw'];
const FRAGMENT_LENGTHS = { min: 3, max: 10 };
/** A search as a client typing into a search box asks for it. */
const SEARCH_LIMIT = 20;
/** The largest page the API serves, to list the catalog in few requests. */
const PAGE = 200;
/** The pool's requests in flight at once. */
const GATHERING_CONCURRENCY = 8;
/** Not measured: the instance's JIT, the workers' first statements and the file's pages in the OS cache. */
const WARM_UP_SECONDS = 2;

/** The machine's cores, which the stolen share is of. */
const CORES = availableParallelism();

type Get = <T>(pathAndQuery: string) => Promise<T>;
interface Listing<T> { data: T[]; pagination: { has_more: boolean } }

export interface ColdPools { cardIds: string[]; nameFragments: string[] }

/** Every page of a listing, `PAGE` items at a time. */
async function everyPage<T>(get: Get, pathAndQuery: string): Promise<T[]> {
  const items: T[] = [];
  for (let offset = 0; ; offset += PAGE) {
    const page = await get<Listing<T>>(`${pathAndQuery}&limit=${PAGE}&offset=${offset}`);
    items.push(...page.data);
    if (!page.pagination.has_more) return items;
  }
}

/** `work` on each item, `concurrency` at a time. */
async function eachAtOnce<T>(items: readonly T[], concurrency: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
}

/** The pools, drawn from the catalog the instance behind `get` serves: every set's every card, listed. */
export async function coldPools(get: Get, seed = 27): Promise<ColdPools> {
  const sets = await everyPage<{ id: string; language: string }>(get, '/v1/sets?');
  const ids: string[] = [];
  const names = new Map<string, Set<string>>(NAME_LANGUAGES.map((language) => [language, new Set()]));
  await eachAtOnce(sets, GATHERING_CONCURRENCY, async (set) => {
    const cards = await everyPage<{ id: string; name: string }>(get, `/v1/cards?set=${encodeURIComponent(set.id)}`);
    for (const card of cards) {
      ids.push(card.id);
      names.get(set.language)?.add(card.name);
    }
  });
  // Sorted first: the order the pages came in depends on timing, the pools must not.
  const random = seededRandom(seed);
  const cardIds = shuffled(ids.sort(), random).slice(0, CARD_IDS);
  const nameFragments = [...names.values()].flatMap((list) => fragmentsOf([...list].sort(), FRAGMENTS_PER_LANGUAGE, random));
  return { cardIds, nameFragments };
}

function shuffled<T>(items: T[], random: () => number): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
}

/**
 * Up to `count` distinct fragments of the names: a name picked at random, a length of 3 to 10 code
 * points (at most the name's), a place in it, trimmed; kept if the API takes it as a search (2 code
 * points at least once folded, as `q` needs).
 */
function fragmentsOf(names: string[], count: number, random: () => number): string[] {
  const fragments = new Set<string>();
  const candidates = names.map((name) => [...name]).filter((chars) => chars.length >= FRAGMENT_LENGTHS.min);
  for (let tries = 0; fragments.size < count && tries < count * 20 && candidates.length > 0; tries++) {
    const chars = candidates[Math.floor(random() * candidates.length)]!;
    const longest = Math.min(FRAGMENT_LENGTHS.max, chars.length);
    const length = FRAGMENT_LENGTHS.min + Math.floor(random() * (longest - FRAGMENT_LENGTHS.min + 1));
    const start = Math.floor(random() * (chars.length - length + 1));
    const fragment = chars.slice(start, start + length).join('').trim();
    if (codePointLength(fragment) >= 2 && codePointLength(searchKey(fragment)) >= 2) fragments.add(fragment);
  }
  return [...fragments];
}

/** The two workloads, by the names BENCH_ONLY picks them by ('cold traffic': both). */
export const COLD_WORKLOADS = ['random card ids', 'random name fragments'] as const;
export type ColdWorkload = (typeof COLD_WORKLOADS)[number];

interface Turn { rps: number; p50: number; p99: number; cpuMicros: number; machineMicros: number; stolen: number; rssMiB: number }

/** Each workload on a fresh instance with the cache and on one without, `turns` loads of `seconds` each. */
export async function coldTraffic(start: (env: NodeJS.ProcessEnv) => Promise<Instance & { pid: number }>, headers: Record<string, string>,
  pools: ColdPools, { connections, seconds, turns, cacheMb }: { connections: number; seconds: number; turns: number; cacheMb: string },
  runs: (workload: ColdWorkload) => boolean = () => true): Promise<void> {
  const workloads = [
    { name: COLD_WORKLOADS[0], pool: pools.cardIds.map((id) => `/v1/cards?id=${encodeURIComponent(id)}`) },
    { name: COLD_WORKLOADS[1], pool: pools.nameFragments.map((q) => `/v1/cards?q=${encodeURIComponent(q)}&limit=${SEARCH_LIMIT}`) },
  ].filter(({ name }) => runs(name));
  console.log(`\ncold traffic: each request picked at random from ${pools.cardIds.length} card ids or ${pools.nameFragments.length} name ` +
    `fragments (${FRAGMENT_LENGTHS.min} to ${FRAGMENT_LENGTHS.max} characters of names in ${NAME_LANGUAGES.join(', ')}; searches of ` +
    `${SEARCH_LIMIT}), drawn from the catalog through the API; a fresh instance for each row, warmed ${WARM_UP_SECONDS} s, ` +
    `then ${turns} turns of ${seconds} s (${loadGeneratorName()}, ${connections} connections), the two rows of a workload taking turns ` +
    'in alternation with the same picks; req/s, p50 and CPU: the median turn (CPU: each turn listed); ' +
    'p99: the worst (each turn listed); the mean latency that many connections leave at that rate (Little\'s law: ' +
    'connections ÷ req/s); the CPU of the whole machine a request (the service, its database ' +
    'server, the load generator, on the same cores) and the share of the turn the host ran something else on them (stolen); ' +
    'RSS after each turn and the peak\n');
  console.log('| workload | catalog cache | req/s (each turn) | p50 ms | p99 ms (each turn) | mean ms (connections ÷ req/s) | ' +
    'server CPU µs/request | machine CPU µs/request | stolen | RSS MiB after each turn | peak RSS MiB |');
  console.log('|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  const pairs: string[] = [];
  for (const workload of workloads) {
    // Both instances at once, their turns taken in alternation (the one idle takes no CPU): the machine's
    // speed drifts over minutes (±20 %), and all of one column before all of the other measured that drift.
    const columns: Array<{ cache: string; instance: Instance & { pid: number }; rows: Turn[] }> = [];
    try {
      for (const cache of new Set([cacheMb, '0'])) columns.push({ cache, instance: await start({ CATALOG_CACHE_MB: cache }), rows: [] });
      for (const { instance } of columns) {
        const warmUp = await generateLoad(instance.baseUrl, headers, WARM_UP_SECONDS, connections, undefined, { paths: { pool: workload.pool, seed: 0 } });
        if (warmUp.failures > 0) throw new Error(`${workload.name}: ${warmUp.failures} non-2xx or failed`);
      }
      for (let turn = 0; turn < turns; turn++) {
        for (const { instance, rows } of columns) {
          const cpuBefore = cpuSeconds(instance.pid);
          const machineBefore = machineCpuSeconds();
          // The same picks for both columns of a turn.
          const result = await generateLoad(instance.baseUrl, headers, seconds, connections, undefined, { paths: { pool: workload.pool, seed: turn + 1 } });
          if (result.failures > 0) throw new Error(`${workload.name}: ${result.failures} non-2xx or failed`);
          const machine = machineCpuSeconds();
          rows.push({
            ...result, cpuMicros: ((cpuSeconds(instance.pid) - cpuBefore) * 1e6) / result.requests,
            machineMicros: ((machine.busy - machineBefore.busy) * 1e6) / result.requests,
            stolen: (machine.stolen - machineBefore.stolen) / (seconds * CORES), rssMiB: rssMiB(instance.pid),
          });
        }
      }
      for (const { cache, instance, rows } of columns) {
        const each = (pick: (row: Turn) => number, digits = 0) => rows.map((row) => pick(row).toFixed(digits)).join(', ');
        console.log(`| ${workload.name} | ${cache === '0' ? 'off' : `${cache} MB`} | ${median(rows.map((r) => r.rps)).toFixed(0)} (${each((r) => r.rps)}) | ` +
          `${median(rows.map((r) => r.p50)).toFixed(2)} | ${Math.max(...rows.map((r) => r.p99)).toFixed(1)} (${each((r) => r.p99, 1)}) | ` +
          `${each((r) => (connections / r.rps) * 1e3, 1)} | ${median(rows.map((r) => r.cpuMicros)).toFixed(0)} (${each((r) => r.cpuMicros)}) | ` +
          `${median(rows.map((r) => r.machineMicros)).toFixed(0)} (${each((r) => r.machineMicros)}) | ${each((r) => r.stolen * 100)} % | ` +
          `${each((r) => r.rssMiB)} | ${peakRssMiB(instance.pid).toFixed(0)} |`);
      }
      const [cached, uncached] = columns;
      if (cached !== undefined && uncached !== undefined) {
        // Each turn's pair ran one after the other with the same picks: their ratio is freer of the machine's drift than the medians.
        const ratios = cached.rows.map((row, turn) => row.rps / uncached.rows[turn]!.rps);
        pairs.push(`${workload.name}: req/s with the cache ÷ without, turn by turn: ${ratios.map((r) => r.toFixed(2)).join(', ')} (median ${median(ratios).toFixed(2)})`);
      }
    } finally {
      await Promise.all(columns.map(({ instance }) => instance.stop()));
    }
  }
  console.log(`\n${pairs.join('\n')}`);
}
