/**
 * Typed names (issue 24): GET /v1/cards/named?fuzzy= and GET /v1/cards/autocomplete?q= on the full
 * catalog, each request a path picked at random (seeded) from a pool drawn from the catalog through
 * the API at the start of the run (nothing is copied from the dump): the names autocomplete gives
 * for every two-letter start in en, de and fr, each misspelled once (a letter dropped or two
 * swapped; kept only when the lookup finds a card, so every request is a 200), and their first 2
 * to 6 characters for autocomplete. Each workload runs on a fresh instance with the catalog cache
 * (CATALOG_CACHE_MB, 64 unless told) and on one without it (0): warmed, then `turns` turns on one
 * connection (the p50 target: 2 ms) and on `connections` (the p99 target: 25 ms).
 */
import type { Instance } from './behindHeavy.js';
import { generateLoad, loadGeneratorName } from './loadGenerator.js';
import { seededRandom } from '../test/support/seededRandom.js';
import { median } from './variantsInTurn.js';
import { codePointLength, searchKey } from '../src/catalog/names/searchKey.js';

const LANGUAGES = ['en', 'de', 'fr'];
const LETTERS = 'abcdefghijklmnopqrstuvwxyz';
/** The misspelled names kept, at most. */
const FUZZY_POOL = 3_000;
const GATHERING_CONCURRENCY = 8;
const WARM_UP_SECONDS = 2;

export interface TypedNamePools { fuzzy: string[]; autocomplete: string[] }

type Fetch = (pathAndQuery: string) => Promise<{ status: number; body: unknown }>;

/** `work` on each item, `concurrency` at a time. */
async function eachAtOnce<T>(items: readonly T[], concurrency: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
}

/** A name with one typo: a letter dropped, or two neighbours swapped. */
function misspelled(name: string, random: () => number): string {
  const chars = [...name];
  const at = 1 + Math.floor(random() * (chars.length - 2));
  if (random() < 0.5) chars.splice(at, 1);
  else [chars[at], chars[at + 1]] = [chars[at + 1]!, chars[at]!];
  return chars.join('');
}

/** The pools, drawn from the catalog the instance behind `fetchFrom` serves. */
export async function typedNamePools(fetchFrom: Fetch, seed = 24): Promise<TypedNamePools> {
  const starts = LANGUAGES.flatMap((lang) => [...LETTERS].flatMap((a) => [...LETTERS].map((b) => ({ lang, q: a + b }))));
  const names = new Map<string, Set<string>>(LANGUAGES.map((lang) => [lang, new Set()]));
  await eachAtOnce(starts, GATHERING_CONCURRENCY, async ({ lang, q }) => {
    const { body } = await fetchFrom(`/v1/cards/autocomplete?q=${q}&lang=${lang}`);
    for (const name of (body as { data: string[] }).data) names.get(lang)!.add(name);
  });
  const random = seededRandom(seed);
  // Sorted first: the order the answers came in depends on timing, the pools must not.
  const typed = [...names].flatMap(([lang, held]) => [...held].sort().filter((name) => [...name].length >= 6)
    .map((name) => ({ lang, name: misspelled(name, random) })));
  // A start of 2 to 6 characters, kept when it is a valid q (2 code points at least once folded).
  const autocomplete = [...names].flatMap(([lang, held]) => [...held].sort()
    .map((name) => [...name].slice(0, 2 + Math.floor(random() * 5)).join('').trim())
    .filter((q) => codePointLength(searchKey(q)) >= 2)
    .map((q) => `/v1/cards/autocomplete?q=${encodeURIComponent(q)}&lang=${lang}`));
  const fuzzy: string[] = [];
  await eachAtOnce(typed, GATHERING_CONCURRENCY, async ({ lang, name }) => {
    const path = `/v1/cards/named?fuzzy=${encodeURIComponent(name)}&lang=${lang}`;
    if (fuzzy.length < FUZZY_POOL && (await fetchFrom(path)).status === 200) fuzzy.push(path);
  });
  // Lookups in flight when the pool filled may have added a few more.
  return { fuzzy: fuzzy.sort().slice(0, FUZZY_POOL), autocomplete };
}

/** Each workload on a fresh instance with the cache and on one without: turns on one connection, then on `connections`. */
export async function typedNames(start: (env: NodeJS.ProcessEnv) => Promise<Instance>, headers: Record<string, string>,
  pools: TypedNamePools, { connections, seconds, turns, cacheMb }: { connections: number; seconds: number; turns: number; cacheMb: string }): Promise<void> {
  const workloads = [
    { name: 'fuzzy named lookup', pool: pools.fuzzy },
    { name: 'autocomplete', pool: pools.autocomplete },
  ];
  console.log(`\ntyped names: each request picked at random from ${pools.fuzzy.length} misspelled names (named?fuzzy=) or ` +
    `${pools.autocomplete.length} name starts (autocomplete?q=) in ${LANGUAGES.join(', ')}, drawn through the API; a fresh ` +
    `instance per row, warmed ${WARM_UP_SECONDS} s, then ${turns} turns of ${seconds} s on 1 connection and on ${connections} ` +
    `(${loadGeneratorName()}); p50: the median turn, p99: the worst (each turn listed)\n`);
  console.log(`| workload | catalog cache | 1 conn. p50 ms (each turn) | 1 conn. p99 ms | ${connections} conn. req/s | ` +
    `${connections} conn. p50 ms | ${connections} conn. p99 ms (each turn) |`);
  console.log('|---|---|---:|---:|---:|---:|---:|');
  for (const workload of workloads) {
    for (const cache of new Set([cacheMb, '0'])) {
      const instance = await start({ CATALOG_CACHE_MB: cache });
      try {
        let seed = 1;
        const load = async (share: number, duration = seconds) => {
          const result = await generateLoad(instance.baseUrl, headers, duration, share, undefined, { paths: { pool: workload.pool, seed: seed++ } });
          if (result.failures > 0) throw new Error(`${workload.name}: ${result.failures} non-2xx or failed`);
          return result;
        };
        await load(connections, WARM_UP_SECONDS);
        const one = [];
        const many = [];
        for (let turn = 0; turn < turns; turn++) {
          one.push(await load(1));
          many.push(await load(connections));
        }
        const each = (rows: Array<{ p50: number; p99: number }>, pick: 'p50' | 'p99') => rows.map((row) => row[pick].toFixed(2)).join(', ');
        console.log(`| ${workload.name} | ${cache === '0' ? 'off' : `${cache} MB`} | ${median(one.map((r) => r.p50)).toFixed(2)} (${each(one, 'p50')}) | ` +
          `${Math.max(...one.map((r) => r.p99)).toFixed(2)} | ${median(many.map((r) => r.rps)).toFixed(0)} | ` +
          `${median(many.map((r) => r.p50)).toFixed(2)} | ${Math.max(...many.map((r) => r.p99)).toFixed(2)} (${each(many, 'p99')}) |`);
      } finally {
        await instance.stop();
      }
    }
  }
}
