/**
 * pokemontcg.io's API at /v2 (issue 46) on the full catalog, a fresh instance with the catalog cache:
 *
 * - one card by id, `/v2/cards/{id}` beside `/v1/cards?id=` in alternating turns on `connections`,
 *   each request a card picked at random (seeded) from every English card, with keys in turn;
 * - a mix of queries, kind by kind (one term, a phrase, a prefix wildcard, a leading wildcard, a
 *   range with a term, an OR, a negation, orderBy on a nested key), each request picked from a pool
 *   of that kind made of the catalog's own names, types and sets: first every query of the pool
 *   once on one connection (cold: each answer built), then turns on one connection (warm), the
 *   saturated rate on `connections`, and the tail at half that rate.
 */
import type { Instance } from './behindHeavy.js';
import { generateLoad, loadGeneratorName, type Load } from './loadGenerator.js';
import { median } from './variantsInTurn.js';
import { queryMixRows, type QueryKind } from './queryMix.js';
import { seededRandom } from '../test/support/seededRandom.js';

const WARM_UP_SECONDS = 2;
const POOL_SIZE = 60;

interface Pools { theirIds: string[]; ourIds: string[]; names: string[]; types: string[]; setIds: string[] }

type Get = <T>(pathAndQuery: string) => Promise<T>;

async function gather(get: Get): Promise<Pools> {
  const theirIds: string[] = [];
  const ourIds: string[] = [];
  const names = new Set<string>();
  const setIds = new Set<string>();
  for (let page = 1; ; page += 1) {
    const { data } = await get<{ data: Array<{ id: string; catalogId: string; name: string; set: { id: string } }> }>(
      `/v2/cards?page=${page}&pageSize=250&select=id,catalogId,name,set`);
    if (data.length === 0) break;
    for (const card of data) {
      theirIds.push(card.id);
      ourIds.push(card.catalogId);
      const word = card.name.split(/[^A-Za-z]+/).find((part) => part.length >= 4);
      if (word) names.add(word.toLowerCase());
      setIds.add(card.set.id);
    }
  }
  const { data: types } = await get<{ data: string[] }>('/v2/types');
  return { theirIds, ourIds, names: [...names].sort(), types, setIds: [...setIds].sort() };
}

/** The query kinds, each a pool of `q` (and orderBy) values drawn from the catalog. */
function queryKinds(pools: Pools, seed = 46): QueryKind[] {
  const random = seededRandom(seed);
  const pick = <T>(from: readonly T[]) => from[Math.floor(random() * from.length)]!;
  const many = (make: () => string) => Array.from({ length: POOL_SIZE }, make);
  const cards = (q: string, more = '') => `/v2/cards?q=${encodeURIComponent(q)}&pageSize=50${more}`;
  return [
    { kind: 'one term', pool: many(() => cards(`name:${pick(pools.names)}`)) },
    { kind: 'a phrase', pool: many(() => cards(`attacks.text:"${pick(['your opponent', 'this attack', 'flip a coin', 'your deck', 'energy card'])}" types:${pick(pools.types)}`)) },
    { kind: 'a prefix wildcard', pool: many(() => cards(`name:${pick(pools.names).slice(0, 3)}*`)) },
    { kind: 'a leading wildcard', pool: many(() => cards(`name:*${pick(pools.names).slice(1, 4)}*`)) },
    { kind: 'a range with a term', pool: many(() => cards(`hp:[${10 * Math.floor(random() * 20)} TO *] types:${pick(pools.types)}`)) },
    { kind: 'an OR', pool: many(() => cards(`name:${pick(pools.names)} OR name:${pick(pools.names)}`)) },
    { kind: 'a negation', pool: many(() => cards(`set.id:${pick(pools.setIds)} -supertype:pokemon`)) },
    { kind: 'orderBy a nested key', pool: many(() => cards(`types:${pick(pools.types)}`, `&orderBy=-set.releaseDate,name&page=${1 + Math.floor(random() * 4)}`)) },
  ];
}

export async function ptcgV2(start: (env: NodeJS.ProcessEnv) => Promise<Instance>, get: (baseUrl: string) => Get, keys: readonly string[],
  { connections, seconds, turns }: { connections: number; seconds: number; turns: number }): Promise<void> {
  const instance = await start({});
  try {
    const pools = await gather(get(instance.baseUrl));
    const load = (pool: readonly string[], share: number, duration: number, seed: number, rate?: number) =>
      generateLoad(instance.baseUrl, {}, duration, share, undefined, { paths: { pool, seed }, keys, rate });
    const ok = (row: Load, what: string) => {
      if (row.failures > 0) throw new Error(`${what}: ${row.failures} non-2xx or failed`);
      return row;
    };

    console.log(`\npokemontcg.io v2: ${pools.theirIds.length} English cards, ${keys.length} keys in turn, ${loadGeneratorName()}; a fresh instance with the catalog cache\n`);
    console.log(`| one card by id, ${connections} conn. | req/s (each turn) | p50 ms | p99 ms |`);
    console.log('|---|---:|---:|---:|');
    const v1 = pools.ourIds.map((id) => `/v1/cards?id=${encodeURIComponent(id)}`);
    const v2 = pools.theirIds.map((id) => `/v2/cards/${encodeURIComponent(id)}`);
    ok(await load(v1, connections, WARM_UP_SECONDS, 1), 'v1 warm-up');
    ok(await load(v2, connections, WARM_UP_SECONDS, 1), 'v2 warm-up');
    const rows: Record<'v1' | 'v2', Load[]> = { v1: [], v2: [] };
    for (let turn = 0; turn < turns; turn += 1) {
      rows.v1.push(ok(await load(v1, connections, seconds, 10 + turn), 'v1'));
      rows.v2.push(ok(await load(v2, connections, seconds, 10 + turn), 'v2'));
    }
    for (const [name, list] of [['/v1/cards?id=', rows.v1], ['/v2/cards/{id}', rows.v2]] as const) {
      console.log(`| ${name} | ${median(list.map((r) => r.rps)).toFixed(0)} (${list.map((r) => r.rps.toFixed(0)).join(', ')}) | ` +
        `${median(list.map((r) => r.p50)).toFixed(2)} | ${Math.max(...list.map((r) => r.p99)).toFixed(2)} |`);
    }
    const ratios = rows.v2.map((row, turn) => row.rps / rows.v1[turn]!.rps);
    console.log(`\n/v2 ÷ /v1 throughput: ${median(ratios).toFixed(2)} (${ratios.map((r) => r.toFixed(2)).join(', ')})\n`);

    console.log(`queries (pageSize 50, ${POOL_SIZE} of each kind):`);
    await queryMixRows(instance, queryKinds(pools), keys, { connections, seconds, turns });
  } finally {
    await instance.stop();
  }
}
