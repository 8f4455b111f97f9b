import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { setImmediate as nextTurn } from 'node:timers/promises';
import {
  createCachedFetch, FetchFailedError, retryDelay, type CachedFetchOptions,
} from '../../src/importer/sources/cachedFetch.js';

type Answer = Response | Error;

/** A fetch that gives the answers in order (the last one again when they run out) and counts the calls. */
function scriptedFetch(...answers: Array<() => Answer>) {
  let calls = 0;
  const fetch = (async () => {
    const answer = answers[Math.min(calls, answers.length - 1)]!();
    calls += 1;
    if (answer instanceof Error) throw answer;
    return answer;
  }) as typeof globalThis.fetch;
  return { fetch, calls: () => calls };
}

const json = (body: unknown) => () => new Response(JSON.stringify(body), { status: 200 });
const status = (code: number, headers: Record<string, string> = {}) => () => new Response('{}', { status: code, headers });

describe('GET with retries and an answer cache', () => {
  let cacheDir = '';
  let run = 0;
  before(async () => {
    cacheDir = await mkdtemp(path.join(tmpdir(), 'cached-fetch-'));
  });
  after(() => rm(cacheDir, { recursive: true, force: true }));

  /** A client on a base URL of its own, so no test sees another's cache. */
  const client = (fetch: typeof globalThis.fetch, options: Partial<CachedFetchOptions> = {}) =>
    createCachedFetch(`http://api.test/v2/run${++run}`, {
      cacheDir, maxAgeMs: 60_000, retries: 3, retryBaseDelayMs: 1, timeoutMs: 5_000, fetch, ...options,
    });

  test('network errors, 5xx, 429 and a cut-off body are retried until the answer, which is cached', async () => {
    const source = scriptedFetch(
      () => new TypeError('fetch failed'),
      status(503),
      status(429, { 'retry-after': '0' }),
      () => new Response('{"id": "base', { status: 200 }),
      json({ id: 'base1' }),
    );
    const http = client(source.fetch, { retries: 4 });
    assert.deepEqual(await http.get(['en', 'sets', 'base1']), { status: 200, body: { id: 'base1' }, cached: false });
    assert.equal(source.calls(), 5);
    assert.deepEqual(await http.get(['en', 'sets', 'base1']), { status: 200, body: { id: 'base1' }, cached: true });
    assert.equal(source.calls(), 5);
  });

  test('404 is an answer: not retried, and cached', async () => {
    const source = scriptedFetch(status(404));
    const http = client(source.fetch);
    assert.deepEqual(await http.get(['en', 'cards', 'gone-1']), { status: 404, cached: false });
    assert.deepEqual(await http.get(['en', 'cards', 'gone-1']), { status: 404, cached: true });
    assert.equal(source.calls(), 1);
  });

  test('another 4xx fails at once, naming the URL and the status', async () => {
    const source = scriptedFetch(status(403));
    await assert.rejects(
      client(source.fetch).get(['en', 'sets']),
      (error) => error instanceof FetchFailedError && /^GET http:\/\/api\.test\/v2\/run\d+\/en\/sets answered HTTP 403$/.test(error.message),
    );
    assert.equal(source.calls(), 1);
  });

  test('a failure that outlasts the retries names the attempts and the last failure', async () => {
    const source = scriptedFetch(status(500), status(502));
    await assert.rejects(
      client(source.fetch, { retries: 2 }).get(['en', 'sets']),
      (error) => error instanceof FetchFailedError && /^GET \S+\/en\/sets failed after 3 attempts \(last: HTTP 502\)$/.test(error.message),
    );
    assert.equal(source.calls(), 3);
  });

  test('Retry-After replaces the backoff', async () => {
    const source = scriptedFetch(status(429, { 'retry-after': '0' }), json([]));
    const started = Date.now();
    await client(source.fetch, { retryBaseDelayMs: 60_000 }).get(['en', 'sets']);
    assert.ok(Date.now() - started < 5_000, 'did not wait the 60 s backoff');
  });

  test('the wait before a retry is the Retry-After (at most 60 s), else backoff from the base delay with jitter', () => {
    assert.equal(retryDelay(0, 500, '2'), 2_000);
    assert.equal(retryDelay(5, 500, '0'), 0);
    assert.equal(retryDelay(0, 500, '3600'), 60_000);
    for (const [retry, backoff] of [[0, 500], [1, 1_000], [3, 4_000]] as const) {
      for (const retryAfter of [null, 'Wed, 21 Oct 2015 07:28:00 GMT', '-1']) {
        const wait = retryDelay(retry, 500, retryAfter);
        assert.ok(wait >= backoff && wait <= backoff * 1.25, `retry ${retry} after "${retryAfter}" waits ${wait} ms`);
      }
    }
  });

  test('a stale answer that came with an ETag or Last-Modified is asked for conditionally; a 304 keeps the cached body', async () => {
    const asked: Array<Record<string, string>> = [];
    let version = 1;
    const fetch = (async (_url: string, init: RequestInit) => {
      const headers = init.headers as Record<string, string>;
      asked.push(headers);
      const etag = `"v${version}"`;
      if (headers['if-none-match'] === etag) return new Response(null, { status: 304 });
      return new Response(JSON.stringify({ id: 'base1', version }), { status: 200, headers: { etag, 'last-modified': 'Thu, 26 Nov 2026 06:00:00 GMT' } });
    }) as typeof globalThis.fetch;
    // Every cached answer is stale at once: each get asks the server.
    const http = client(fetch, { maxAgeMs: 0 });
    assert.deepEqual(await http.get(['en', 'sets', 'base1']), { status: 200, body: { id: 'base1', version: 1 }, cached: false });
    assert.equal(asked[0]!['if-none-match'], undefined, 'nothing cached yet: a plain GET');
    assert.deepEqual(await http.get(['en', 'sets', 'base1']), { status: 200, body: { id: 'base1', version: 1 }, cached: true });
    assert.deepEqual([asked[1]!['if-none-match'], asked[1]!['if-modified-since']], ['"v1"', 'Thu, 26 Nov 2026 06:00:00 GMT']);
    assert.equal(http.revalidatedCount(), 1);
    version = 2;
    assert.deepEqual(await http.get(['en', 'sets', 'base1']), { status: 200, body: { id: 'base1', version: 2 }, cached: false }, 'changed: the new body');
    assert.deepEqual(await http.get(['en', 'sets', 'base1']), { status: 200, body: { id: 'base1', version: 2 }, cached: true });
    assert.equal(asked.at(-1)!['if-none-match'], '"v2"');
  });

  test('an answer without validators is fetched again whole once stale, and a 304 never asked for is no answer', async () => {
    const source = scriptedFetch(json({ id: 'base1' }), () => new Response(null, { status: 304 }));
    const http = client(source.fetch, { maxAgeMs: 0, retries: 0 });
    await http.get(['en', 'sets', 'base1']);
    await assert.rejects(http.get(['en', 'sets', 'base1']), (error) => error instanceof FetchFailedError && /HTTP 304/.test(error.message));
  });

  test('an aborted signal stops the retries', async () => {
    const source = scriptedFetch(status(500));
    const stop = new AbortController();
    const answer = client(source.fetch, { retryBaseDelayMs: 60_000 }).get(['en', 'sets'], stop.signal);
    while (source.calls() === 0) await nextTurn();
    const reason = new Error('the crawl failed elsewhere');
    stop.abort(reason);
    await assert.rejects(answer);
    assert.equal(source.calls(), 1);
  });
});
