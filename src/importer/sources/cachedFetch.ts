import { mkdir, readFile, rename, rm, stat, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pRetry, { AbortError } from 'p-retry';

/**
 * GETs JSON over HTTP with retries, keeping every answer (200 body or 404) on disk so that an
 * interrupted crawl, run again, only asks for what it does not have yet. An answer older than
 * maxAgeMs that came with an ETag or Last-Modified is asked for again conditionally
 * (If-None-Match, If-Modified-Since): a 304 keeps the cached body, fresh again, without its bytes.
 */
export interface CachedFetchOptions {
  /** Root of the response cache; each base URL gets its own folder under it. */
  cacheDir: string;
  /** Cached answers older than this are fetched again (0: always fetch). */
  maxAgeMs: number;
  /** Attempts after the first one, for network errors, 5xx and 429. */
  retries: number;
  /** The first retry waits about this long; each next one twice as long (plus jitter). */
  retryBaseDelayMs: number;
  /** Per-request time limit. */
  timeoutMs: number;
  fetch: typeof globalThis.fetch;
}

export type FetchOutcome = { status: 200; body: unknown; cached: boolean } | { status: 404; cached: boolean };

/** What the server said identifies an answer (ETag, Last-Modified), kept beside it to ask whether it changed. */
interface Validators {
  etag?: string;
  lastModified?: string;
}

/** One attempt's answer: an outcome, or 304 (the cached answer is still the server's). */
type Attempt = (FetchOutcome & { validators?: Validators }) | { status: 304 };

/** A GET that got no usable answer: a 4xx other than 404, or a failure that outlasted its retries. */
export class FetchFailedError extends Error {}

/** A failure worth another attempt: a network error, 5xx, 429 or a body that does not read as JSON. */
class RetryableFailure extends Error {
  constructor(message: string, readonly retryAfter: string | null = null) {
    super(message);
  }
}

/** Path-safe name of one path segment (TCGdex ids hold `!`, `%3F`, `.`). */
const safeSegment = (segment: string) =>
  encodeURIComponent(segment).replace(/^\.+/, (dots) => '%2E'.repeat(dots.length));

export function cacheRootOf(cacheDir: string, baseUrl: string): string {
  const url = new URL(baseUrl);
  const base = url.pathname.split('/').filter(Boolean).map(safeSegment);
  return path.join(cacheDir, safeSegment(url.host), ...base);
}

async function fresh(file: string, maxAgeMs: number): Promise<boolean> {
  // 0 says always fetch: a file written in this very millisecond has an mtime (to the microsecond) after Date.now().
  if (maxAgeMs <= 0) return false;
  try {
    return Date.now() - (await stat(file)).mtimeMs <= maxAgeMs;
  } catch {
    return false;
  }
}

/** Writes through a temporary file so an interruption never leaves half an answer in the cache. */
async function writeAtomically(file: string, content: string): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  await writeFile(temporary, content);
  await rename(temporary, file);
}

/**
 * Milliseconds to wait before retry number `retry` (0 for the first): the server's Retry-After
 * in seconds (at most 60 s), else exponential backoff from `baseDelayMs` plus up to 25% jitter.
 */
export function retryDelay(retry: number, baseDelayMs: number, retryAfter: string | null): number {
  const seconds = retryAfter === null ? NaN : Number(retryAfter);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.min(seconds * 1000, 60_000);
  const backoff = baseDelayMs * 2 ** retry;
  return backoff + Math.random() * backoff * 0.25;
}

export function createCachedFetch(baseUrl: string, options: CachedFetchOptions) {
  const base = baseUrl.replace(/\/+$/, '');
  const root = cacheRootOf(options.cacheDir, base);
  let requests = 0;
  let revalidated = 0;

  /**
   * One attempt: 200, 304 (asked with `validators` only) and 404 are answers, a RetryableFailure
   * asks for another try, anything else ends the GET.
   */
  async function fetchOnce(url: string, signal?: AbortSignal, validators?: Validators): Promise<Attempt> {
    requests += 1;
    let response: Response;
    try {
      const timeout = AbortSignal.timeout(options.timeoutMs);
      const headers: Record<string, string> = { accept: 'application/json' };
      if (validators?.etag) headers['if-none-match'] = validators.etag;
      if (validators?.lastModified) headers['if-modified-since'] = validators.lastModified;
      response = await options.fetch(url, { headers, signal: signal ? AbortSignal.any([signal, timeout]) : timeout });
    } catch (error) {
      signal?.throwIfAborted();
      throw new RetryableFailure(`network error: ${(error as Error).message}`);
    }
    if (response.status === 404) {
      await response.body?.cancel();
      return { status: 404, cached: false };
    }
    if (response.status === 304 && validators) {
      await response.body?.cancel();
      return { status: 304 };
    }
    if (response.status === 429 || response.status >= 500) {
      await response.body?.cancel();
      throw new RetryableFailure(`HTTP ${response.status}`, response.headers.get('retry-after'));
    }
    if (!response.ok) {
      await response.body?.cancel();
      throw new AbortError(new FetchFailedError(`GET ${url} answered HTTP ${response.status}`));
    }
    const etag = response.headers.get('etag') ?? undefined;
    const lastModified = response.headers.get('last-modified') ?? undefined;
    try {
      return { status: 200, body: JSON.parse(await response.text()), cached: false, validators: { etag, lastModified } };
    } catch (error) {
      // A cut-off body reads as bad JSON: worth another try.
      throw new RetryableFailure(`unreadable body: ${(error as Error).message}`);
    }
  }

  /**
   * `fetchOnce` until it answers, at most `options.retries` times more. p-retry keeps count and
   * stops at the signal; the wait between attempts is ours (p-retry's own is 0), since it
   * depends on the failure: a Retry-After replaces the backoff.
   */
  function fetchWithRetries(url: string, signal?: AbortSignal, validators?: Validators): Promise<Attempt> {
    return pRetry(() => fetchOnce(url, signal, validators), {
      retries: options.retries,
      minTimeout: 0,
      signal,
      async onFailedAttempt({ error, attemptNumber, retriesLeft }) {
        if (!(error instanceof RetryableFailure)) throw error;
        if (retriesLeft === 0) {
          throw new FetchFailedError(`GET ${url} failed after ${attemptNumber} attempts (last: ${error.message})`);
        }
        await sleep(retryDelay(attemptNumber - 1, options.retryBaseDelayMs, error.retryAfter), undefined, { signal });
      },
    });
  }

  /**
   * GET `{base}/{segments...}`; 404 is an answer, other failures are retried, then thrown.
   * `signal` stops the request and its retries (the crawl has failed elsewhere).
   */
  async function get(segments: string[], signal?: AbortSignal): Promise<FetchOutcome> {
    const file = path.join(root, ...segments.map(safeSegment));
    if (await fresh(`${file}.json`, options.maxAgeMs)) {
      return { status: 200, body: JSON.parse(await readFile(`${file}.json`, 'utf8')), cached: true };
    }
    if (await fresh(`${file}.404`, options.maxAgeMs)) return { status: 404, cached: true };

    const url = `${base}/${segments.map(encodeURIComponent).join('/')}`;
    // A stale answer the server identified is asked for again conditionally: unchanged, it costs a 304.
    const validators = await readValidators(file);
    const outcome = await fetchWithRetries(url, signal, validators);
    if (outcome.status === 304) {
      revalidated += 1;
      const now = new Date();
      await utimes(`${file}.json`, now, now);
      return { status: 200, body: JSON.parse(await readFile(`${file}.json`, 'utf8')), cached: true };
    }
    if (outcome.status === 200) {
      const { validators: identified, ...answer } = outcome;
      await writeAtomically(`${file}.json`, JSON.stringify(answer.body));
      if (identified?.etag || identified?.lastModified) await writeAtomically(`${file}.validators`, JSON.stringify(identified));
      else await rm(`${file}.validators`, { force: true });
      return answer;
    }
    await writeAtomically(`${file}.404`, '');
    return outcome;
  }

  /** The validators of a cached answer, when there is one and the server gave any. */
  async function readValidators(file: string): Promise<Validators | undefined> {
    try {
      const [validators] = await Promise.all([readFile(`${file}.validators`, 'utf8'), stat(`${file}.json`)]);
      return JSON.parse(validators) as Validators;
    } catch {
      return undefined;
    }
  }

  return { get, requestCount: () => requests, revalidatedCount: () => revalidated, cacheRoot: root };
}
