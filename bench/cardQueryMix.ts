/**
 * One query language on /v1 (issue 47): `GET /v1/cards?query=` on the full catalog, a fresh instance
 * with the catalog cache, kind by kind (a term and a filter, a range with a type, an OR of two
 * names, a negation, a phrase in game text, a wildcard name, a Japanese name), each request picked
 * from a pool made of the catalog's own names and sets through the API. The first query of the run
 * builds the query index (timed apart, with the RSS it adds), and so does the first game-text one.
 */
import type { Instance } from './behindHeavy.js';
import { rssMiB } from './processes.js';
import { queryMixRows, type QueryKind } from './queryMix.js';
import { seededRandom } from '../test/support/seededRandom.js';

const POOL_SIZE = 60;
const TYPES = ['fire', 'water', 'grass', 'lightning', 'psychic', 'fighting', 'darkness', 'metal', 'dragon', 'colorless'];
const PHRASES = ['your opponent', 'this attack', 'flip a coin', 'search your deck', 'energy card', 'your bench'];

type Get = <T>(pathAndQuery: string) => Promise<T>;

async function namesOf(get: Get, setIds: readonly string[]): Promise<string[]> {
  const names = new Set<string>();
  for (const id of setIds) {
    const { data } = await get<{ data: Array<{ name: string }> }>(`/v1/cards?set=${encodeURIComponent(id)}&limit=200`);
    for (const card of data) names.add(card.name);
  }
  return [...names].sort();
}

async function kinds(get: Get, seed = 47): Promise<QueryKind[]> {
  const random = seededRandom(seed);
  const pick = <T>(from: readonly T[]) => from[Math.floor(random() * from.length)]!;
  const many = (make: () => string) => Array.from({ length: POOL_SIZE }, make);
  const sets = (await get<{ data: Array<{ id: string }> }>('/v1/sets?lang=en&limit=100')).data.map((set) => set.id);
  const words = [...new Set((await namesOf(get, ['en-sv03.5', 'en-swsh12.5', 'en-base1', 'en-sm1']))
    .flatMap((name) => name.toLowerCase().split(/[^a-z]+/)).filter((word) => word.length >= 4))].sort();
  const japanese = await namesOf(get, ['ja-SV2a']);
  const cards = (query: string) => `/v1/cards?query=${encodeURIComponent(query)}&limit=20`;
  return [
    { kind: 'a term and a filter', pool: many(() => cards(`name:${pick(words)} legal:expanded`)) },
    { kind: 'a range with a type', pool: many(() => cards(`hp:[${10 * Math.floor(random() * 20)} TO *] types:${pick(TYPES)}`)) },
    { kind: 'an OR of two names', pool: many(() => cards(`name:${pick(words)} OR name:${pick(words)}`)) },
    { kind: 'a negation', pool: many(() => cards(`set.id:${pick(sets)} -supertype:pokemon`)) },
    { kind: 'a phrase in game text', pool: many(() => cards(`attacks.effect:"${pick(PHRASES)}" types:${pick(TYPES)} lang:en`)) },
    { kind: 'a wildcard name', pool: many(() => cards(`name:${pick(words).slice(0, 3)}*`)) },
    { kind: 'a Japanese name', pool: many(() => cards(`name:"${pick(japanese)}"`)) },
  ];
}

export async function cardQueryMix(start: (env: NodeJS.ProcessEnv) => Promise<Instance & { pid: number }>, get: (baseUrl: string) => Get,
  keys: readonly string[], options: { connections: number; seconds: number; turns: number }): Promise<void> {
  const instance = await start({});
  try {
    const fetchJson = get(instance.baseUrl);
    const pools = await kinds(fetchJson);
    const first = async (query: string) => {
      const started = performance.now();
      await fetchJson(`/v1/cards?query=${encodeURIComponent(query)}&limit=1`);
      return performance.now() - started;
    };
    const before = rssMiB(instance.pid);
    const indexMs = await first('name:pikachu');
    const afterIndex = rssMiB(instance.pid);
    const gameTextMs = await first('attacks.effect:"draw a card"');
    const afterGameText = rssMiB(instance.pid);
    console.log(`\n/v1/cards?query= (issue 47), a fresh instance with the catalog cache: the first query ${indexMs.toFixed(0)} ms ` +
      `(RSS ${before.toFixed(0)} to ${afterIndex.toFixed(0)} MiB), the first naming game text ${gameTextMs.toFixed(0)} ms more ` +
      `(RSS to ${afterGameText.toFixed(0)} MiB); limit 20, ${POOL_SIZE} queries of each kind:`);
    await queryMixRows(instance, pools, keys, options);
  } finally {
    await instance.stop();
  }
}
