import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import pg from 'pg';
import type { StoreOptions } from '../../src/config.js';
import { ANSWER_TIMEOUT_MARGIN_MS } from '../../src/store/postgres/pool.js';
import { UNAVAILABLE_MESSAGE } from '../../src/storeUnavailable.js';
import { issueKey } from '../support/keys.js';
import { needsPostgres } from '../support/postgres.js';
import { startServer, type TestServer } from '../support/server.js';
import { SilentNetwork } from '../support/silentNetwork.js';

/** Longer than any timeout here: a request still unanswered by then has hung. */
const HANG_MS = 6_000;

interface TimedAnswer {
  status: number;
  headers: Headers;
  body: unknown;
  ms: number;
}

async function timedGet(server: TestServer, path: string, key: string): Promise<TimedAnswer> {
  const started = performance.now();
  const response = await fetch(`${server.baseUrl}${path}`, { headers: { authorization: `Bearer ${key}` }, signal: AbortSignal.timeout(HANG_MS) })
    .catch((error: unknown) => { throw new Error(`${path} was not answered within ${HANG_MS} ms (${String(error)})`); });
  return { status: response.status, headers: response.headers, body: await response.json(), ms: performance.now() - started };
}

function assertUnavailable(answer: TimedAnswer, rateLimit: { limit: string; used: string }): void {
  assert.equal(answer.status, 503);
  assert.deepEqual(answer.body, { error: UNAVAILABLE_MESSAGE, code: 'unavailable' });
  assert.equal(answer.headers.get('x-ratelimit-limit'), rateLimit.limit);
  assert.equal(answer.headers.get('x-ratelimit-used'), rateLimit.used);
  assert.match(answer.headers.get('x-ratelimit-remaining') ?? '', /^\d+$/);
  assert.match(answer.headers.get('x-ratelimit-reset') ?? '', /^\d+$/);
}

/** Holds `table` locked (ACCESS EXCLUSIVE, so even reads wait) from a connection of its own until released. */
async function lockTable(databaseUrl: string, table: string): Promise<{ release(): Promise<void> }> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query('BEGIN');
  await client.query(`LOCK TABLE ${table} IN ACCESS EXCLUSIVE MODE`);
  return { release: async () => { await client.query('ROLLBACK'); await client.end(); } };
}

/** A server whose catalog reads reach the database on every request (no cache), with these store settings. */
async function serverWith(options: Partial<StoreOptions>, network?: SilentNetwork): Promise<{ server: TestServer; key: string }> {
  const server = await startServer({
    store: 'postgres', storeOptions: { catalogCacheBytes: 0, ...options }, reachDatabase: network && ((url) => network.urlFor(url)),
  });
  return { server, key: await issueKey(server.accessStore, { monthlyLimit: 1000 }) };
}

describe('PostgreSQL statements and connections that take too long end in 503 with the rate-limit headers, never a hang', await needsPostgres(), () => {
  it('a catalog read past DATABASE_STATEMENT_TIMEOUT_MS (waiting on a lock) is 503 with the key\'s headers; 200 once the lock is gone', async () => {
    const { server, key } = await serverWith({ statementTimeoutMs: 300 });
    try {
      assert.equal((await timedGet(server, '/v1/cards?id=en-base1-4', key)).status, 200);
      const lock = await lockTable(server.databaseUrl, 'cards');
      let answer: TimedAnswer;
      try {
        answer = await timedGet(server, '/v1/cards?id=en-base1-4', key);
      } finally {
        await lock.release();
      }
      // Counted (the count came first, as for any answer past the key check), then the read timed out.
      assertUnavailable(answer, { limit: '1000', used: '2' });
      assert.ok(answer.ms < 2_000, `answered after ${answer.ms.toFixed(0)} ms`);
      assert.equal((await timedGet(server, '/v1/cards?id=en-base1-4', key)).status, 200);
    } finally {
      await server.close();
    }
  });

  it('a count waiting on a lock past the statement timeout is 503 with the unkeyed headers, not counted', async () => {
    const { server, key } = await serverWith({ statementTimeoutMs: 300 });
    try {
      const lock = await lockTable(server.databaseUrl, 'key_usage');
      let answer: TimedAnswer;
      try {
        answer = await timedGet(server, '/v1/sets?limit=1', key);
      } finally {
        await lock.release();
      }
      assertUnavailable(answer, { limit: '1000', used: '0' });
      assert.ok(answer.ms < 2_000, `answered after ${answer.ms.toFixed(0)} ms`);
      const after = await timedGet(server, '/v1/sets?limit=1', key);
      assert.equal(after.status, 200);
      assert.equal(after.headers.get('x-ratelimit-used'), '1', 'the refused request was not counted');
    } finally {
      await server.close();
    }
  });

  it('no free connection within DATABASE_CONNECT_TIMEOUT_MS is 503, long before the statement holding the only one ends', async () => {
    const { server, key } = await serverWith({ poolSize: 1, connectTimeoutMs: 300, statementTimeoutMs: 3000 });
    try {
      const lock = await lockTable(server.databaseUrl, 'cards');
      let holding: TimedAnswer;
      let waiting: TimedAnswer;
      try {
        // The first read holds the catalog's only connection, waiting on the lock for up to 3 s...
        const first = timedGet(server, '/v1/cards?id=en-base1-4', key);
        await new Promise((resolve) => setTimeout(resolve, 200));
        // ...so the second waits for a connection, and gives up after 300 ms.
        waiting = await timedGet(server, '/v1/sets?limit=1', key);
        holding = await first;
      } finally {
        await lock.release();
      }
      assertUnavailable(waiting, { limit: '1000', used: '2' });
      assert.ok(waiting.ms < 1_500, `the request waiting for a connection was answered after ${waiting.ms.toFixed(0)} ms`);
      assertUnavailable(holding, { limit: '1000', used: '1' });
      assert.ok(holding.ms >= 2_500 && holding.ms < 5_000, `the statement holding the connection ended after ${holding.ms.toFixed(0)} ms`);
      assert.equal((await timedGet(server, '/v1/sets?limit=1', key)).status, 200);
    } finally {
      await server.close();
    }
  });

  it('a database that goes silent mid-connection (no answer, nothing closed) is 503 after the statement timeout and the driver\'s margin, then 200 once it answers', async () => {
    const network = await SilentNetwork.start('postgres://127.0.0.1:5432/');
    const { server, key } = await serverWith({ statementTimeoutMs: 1000 }, network);
    try {
      // The second request reserves a block of the key's month, so the third is counted in memory.
      for (let i = 0; i < 2; i++) assert.equal((await timedGet(server, '/v1/cards?id=en-base1-4', key)).status, 200);
      network.silence();
      // The server cannot cancel what it never receives: only the driver's own wait can end this read.
      const answer = await timedGet(server, '/v1/cards?id=en-base1-4', key);
      network.restore();
      assertUnavailable(answer, { limit: '1000', used: '3' });
      assert.ok(answer.ms >= 1_000 + ANSWER_TIMEOUT_MARGIN_MS - 100 && answer.ms < 4_000, `answered after ${answer.ms.toFixed(0)} ms`);
      assert.equal((await timedGet(server, '/v1/cards?id=en-base1-4', key)).status, 200);
    } finally {
      network.restore();
      await server.close();
      await network.close();
    }
  });
});
