import path from 'node:path';
import pMap from 'p-map';
import type { ImportProgress } from '../../catalog/importProgress.js';
import {
  pickTcgdexCard, pickTcgdexSet, TCGDEX_LANGUAGES,
  type TcgdexLanguageData, type UnavailableRecord,
} from '../tcgdexRecords.js';
import { createCachedFetch } from './cachedFetch.js';

/**
 * Crawls the live TCGdex REST API v2 (`https://api.tcgdex.net/v2`): per language the set list,
 * each set (its card list), the language's card list (which also holds cards whose set the
 * set list leaves out), then each card. Every answer is cached on disk, so a crawl that was
 * interrupted resumes where it stopped.
 */
export interface TcgdexApiOptions {
  /** TCGdex languages to crawl (default: all of them); a language the API answers 404 for has no data. */
  languages?: readonly string[];
  /** Response cache root (default `var/crawl-cache`); answers go under `<cacheDir>/<host>/<path>`. */
  cacheDir?: string;
  /** Cached answers older than this are fetched again (default 24 hours). */
  maxCacheAgeMs?: number;
  /** Requests in flight at once (default 8). */
  concurrency?: number;
  /** Retries per request on network errors, 5xx and 429 (default 6), with exponential backoff. */
  retries?: number;
  /** First backoff delay (default 500 ms). */
  retryBaseDelayMs?: number;
  /** Per-request time limit (default 30 s). */
  timeoutMs?: number;
  progress?: ImportProgress;
  fetch?: typeof globalThis.fetch;
}

export const DEFAULT_CRAWL_CACHE_DIR = path.join('var', 'crawl-cache');
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Runs `task` over `items` with at most `limit` in flight, keeping the order of `items`.
 * The first failure rejects at once and aborts the tasks still running (p-map alone would let
 * them run on), so a failed crawl stops at once.
 */
function mapUntilFirstFailure<T, R>(
  items: readonly T[],
  limit: number,
  task: (item: T, signal: AbortSignal) => Promise<R>,
): Promise<R[]> {
  const failure = new AbortController();
  return pMap(items, async (item) => {
    try {
      return await task(item, failure.signal);
    } catch (error) {
      failure.abort(error);
      throw error;
    }
  }, { concurrency: Math.max(1, limit), stopOnError: true, signal: failure.signal });
}

const idsOf = (list: unknown): string[] =>
  Array.isArray(list)
    ? list.flatMap((item) => (typeof item === 'object' && item !== null && typeof (item as { id?: unknown }).id === 'string'
      ? [(item as { id: string }).id]
      : []))
    : [];

export async function* crawlTcgdexApi(baseUrl: string, options: TcgdexApiOptions = {}): AsyncGenerator<TcgdexLanguageData> {
  const http = createCachedFetch(baseUrl, {
    cacheDir: options.cacheDir ?? DEFAULT_CRAWL_CACHE_DIR,
    maxAgeMs: options.maxCacheAgeMs ?? DAY_MS,
    retries: options.retries ?? 6,
    retryBaseDelayMs: options.retryBaseDelayMs ?? 500,
    timeoutMs: options.timeoutMs ?? 30_000,
    fetch: options.fetch ?? globalThis.fetch,
  });
  const concurrency = options.concurrency ?? 8;

  for (const lang of options.languages ?? TCGDEX_LANGUAGES) {
    const list = await http.get([lang, 'sets']);
    if (list.status === 404) continue;
    if (!Array.isArray(list.body)) throw new Error(`${baseUrl}/${lang}/sets did not answer a list of sets`);
    const setIds = idsOf(list.body);

    const phase = `fetch ${lang}`;
    let done = 0;
    let total = setIds.length + 1;
    options.progress?.(phase, done, total);
    const fullSets = await mapUntilFirstFailure(setIds, concurrency, async (id, signal) => {
      const answer = await http.get([lang, 'sets', id], signal);
      options.progress?.(phase, ++done, total);
      return answer.status === 404 ? null : answer.body;
    });

    const cardIds = new Set<string>();
    for (const set of fullSets) {
      if (set !== null) for (const id of idsOf((set as { cards?: unknown }).cards)) cardIds.add(id);
    }
    const everyCard = await http.get([lang, 'cards']);
    if (everyCard.status === 200) for (const id of idsOf(everyCard.body)) cardIds.add(id);
    total = setIds.length + 1 + cardIds.size;
    options.progress?.(phase, ++done, total);

    const cardIdList = [...cardIds];
    const fullCards = await mapUntilFirstFailure(cardIdList, concurrency, async (id, signal) => {
      const answer = await http.get([lang, 'cards', id], signal);
      options.progress?.(phase, ++done, total);
      return answer.status === 404 ? null : pickTcgdexCard(answer.body, `${baseUrl}/${lang}/cards/${id}`);
    });
    const unavailable: UnavailableRecord[] = [
      ...setIds.filter((_, i) => fullSets[i] === null).map((id) => ({ kind: 'set' as const, id })),
      ...cardIdList.filter((_, i) => fullCards[i] === null).map((id) => ({ kind: 'card' as const, id })),
    ];

    yield {
      lang,
      sets: fullSets.flatMap((set, i) => (set === null ? [] : [pickTcgdexSet(set, `${baseUrl}/${lang}/sets/${setIds[i]}`)])),
      cards: fullCards.filter((card) => card !== null),
      unavailable,
    };
  }
}
