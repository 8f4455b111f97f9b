/**
 * The mixed workload of issue 10: 80 % single cards by id over 1,000 distinct hot cards, 10 % pages
 * of a set's cards, 10 % name searches over 200 real names in several languages, in one seeded
 * pseudo-random order (the same in every run).
 */
import autocannon from 'autocannon';

const LANGUAGES = ['en', 'fr', 'de', 'ja', 'es'];

type Get = <T>(path: string) => Promise<T>;

/** The hot cards (the newest 200 Pokémon of five languages), 100 sets and 200 of the hot cards' names. */
export async function mixedPaths(get: Get): Promise<{ cards: string[]; setPages: string[]; searches: string[] }> {
  const cards: Array<{ id: string; name: string }> = [];
  for (const lang of LANGUAGES) {
    cards.push(...(await get<{ data: Array<{ id: string; name: string }> }>(`/v1/cards?supertype=Pokemon&lang=${lang}&limit=200`)).data);
  }
  const sets = (await get<{ data: Array<{ id: string }> }>('/v1/sets?limit=100')).data;
  // Round robin over the languages, so the names are in all of them.
  const byLanguage = LANGUAGES.map((_, i) => [...new Set(cards.slice(i * 200, i * 200 + 200).map((card) => card.name.trim()))]
    .filter((name) => [...name].length >= 2 && [...name].length <= 60));
  const names: string[] = [];
  for (let i = 0; names.length < 200 && i < 200; i++) for (const list of byLanguage) if (list[i] && names.length < 200) names.push(list[i]!);
  return {
    cards: cards.map((card) => `/v1/cards?id=${encodeURIComponent(card.id)}`),
    setPages: sets.map((set) => `/v1/cards?set=${encodeURIComponent(set.id)}&limit=50`),
    searches: names.map((name) => `/v1/cards?q=${encodeURIComponent(name)}&limit=20`),
  };
}

/** A 1 s warm-up, then `duration` seconds of the mix on `url`: req/s, p50 and p99 ms. */
export async function loadMixed(url: string, headers: Record<string, string>, paths: Awaited<ReturnType<typeof mixedPaths>>,
  connections: number, duration: number) {
  let seed = 42;
  const random = () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  const pick = (list: string[]) => list[Math.floor(random() * list.length)]!;
  const next = () => {
    const r = random();
    return pick(r < 0.8 ? paths.cards : r < 0.9 ? paths.setPages : paths.searches);
  };
  const requests = [{ method: 'GET' as const, setupRequest: (request: autocannon.Request) => ({ ...request, path: next() }) }];
  await autocannon({ url, connections, duration: 1, headers, requests });
  const result = await autocannon({ url, connections, duration, headers, requests });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`mixed workload: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
}
