/**
 * Cheap requests behind heavy ones: on a fresh instance without the catalog cache (so every heavy
 * request pays its query), a fifth of the connections ask for heavy pages (a common trigram, 50 per
 * page; filters alone; a common name, 50 per page) while the rest ask for one card by id. The card's
 * p99 says whether anything long runs in front of it; the heavy requests' p99 is what they cost.
 */
import autocannon from 'autocannon';

const HEAVY = [
  '/v1/cards?q=ion&limit=50',
  '/v1/cards?type=Fire&subtype=Stage2&legal=expanded&limit=50',
  '/v1/cards?q=pikachu&limit=50',
  '/v1/cards?supertype=Trainer&lang=en&limit=50',
];
const CHEAP = '/v1/cards?id=en-base1-4';

export interface Instance {
  baseUrl: string;
  stop(): Promise<void>;
}

const figures = (result: autocannon.Result) => {
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${result.non2xx} non-2xx, ${result.errors} errors`);
  return `${result.requests.average.toFixed(0)} | ${result.latency.p50} | ${result.latency.p99}`;
};

export async function behindHeavy(start: (env: NodeJS.ProcessEnv) => Promise<Instance>, headers: Record<string, string>,
  connections: number, duration: number): Promise<void> {
  const heavyConnections = Math.max(1, Math.round(connections / 5));
  const cheapConnections = Math.max(1, connections - heavyConnections);
  console.log(`\ncheap behind heavy: ${cheapConnections} connections ask for one card by id while ${heavyConnections} ask for ` +
    `heavy pages in turn (${HEAVY.length} kinds), a fresh instance without the catalog cache, ${duration} s:\n`);
  const instance = await start({ CATALOG_CACHE_MB: '0' });
  try {
    let turn = 0;
    const heavyRequests = [{ method: 'GET' as const, setupRequest: (request: autocannon.Request) =>
      ({ ...request, path: HEAVY[turn++ % HEAVY.length]! }) }];
    const both = (seconds: number) => Promise.all([
      autocannon({ url: instance.baseUrl + CHEAP, connections: cheapConnections, duration: seconds, headers }),
      autocannon({ url: instance.baseUrl, connections: heavyConnections, duration: seconds, headers, requests: heavyRequests }),
    ]);
    await both(1); // warm-up: JIT, page cache, worker threads
    const [cheap, heavy] = await both(duration);
    console.log('| requests | req/s | p50 ms | p99 ms |');
    console.log('|---|---:|---:|---:|');
    console.log(`| one card by id | ${figures(cheap)} |`);
    console.log(`| heavy pages | ${figures(heavy)} |`);
  } finally {
    await instance.stop();
  }
}
