import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { hashKey } from '../../src/access/keyFormat.js';
import { TestClock } from '../support/clock.js';
import { rateLimitOf } from '../support/http.js';
import { bearer, issueKey } from '../support/keys.js';
import { startServer, type TestServer } from '../support/server.js';
import { onStore, STORE_KINDS } from '../support/stores.js';

for (const store of STORE_KINDS) {
  describe(`monthly quota over HTTP (${store})`, await onStore(store), () => {
    let server: TestServer;
    const clock = new TestClock('2026-01-31T23:59:59Z');

    before(async () => {
      server = await startServer({ store, now: clock.now });
    });
    after(async () => server.close());

    /** Fires `count` requests at once and returns their statuses and Used headers. */
    async function burst(key: string, count: number) {
      const responses = await Promise.all(Array.from({ length: count }, async (_, i) => {
        const response = await fetch(`${server.baseUrl}/v1/sets?limit=1&offset=${i % 3}`, { headers: bearer(key) });
        await response.arrayBuffer();
        return { status: response.status, used: rateLimitOf(response).used };
      }));
      return responses;
    }

    it('1,200 concurrent requests on one fresh key get exactly 1,000 non-429 answers', async () => {
      clock.set('2026-01-31T12:00:00Z');
      const key = await issueKey(server.accessStore);
      const responses = await burst(key, 1200);
      const answered = responses.filter((r) => r.status !== 429);
      assert.equal(answered.length, 1000);
      assert.ok(answered.every((r) => r.status === 200));
      // Each counted request saw its own count: 1 to 1000, each once.
      assert.deepEqual(answered.map((r) => r.used).sort((a, b) => a - b), Array.from({ length: 1000 }, (_, i) => i + 1));
      assert.ok(responses.filter((r) => r.status === 429).every((r) => r.used === 1000));
    });

    it('the 1,001st request on 31 Jan 23:59:59 UTC is 429; the next, on 1 Feb 00:00:00 UTC, is 200 with Used 1', async () => {
      clock.set('2026-01-31T23:59:59Z');
      const key = await issueKey(server.accessStore);
      // The first 1,000 (the burst above shows them over HTTP) are counted straight in the store.
      const { id } = (await server.accessStore.findKeyByHash(hashKey(key)))!;
      for (let i = 0; i < 1000; i++) assert.notEqual(await server.accessStore.countRequest(id, '2026-01', 1000), null);

      const last = await fetch(`${server.baseUrl}/v1/sets`, { headers: bearer(key) });
      assert.equal(last.status, 429);
      assert.deepEqual(rateLimitOf(last), {
        limit: 1000, used: 1000, remaining: 0, reset: Date.UTC(2026, 1, 1) / 1000, retryAfter: '1',
      });

      clock.set('2026-02-01T00:00:00Z');
      const february = await fetch(`${server.baseUrl}/v1/sets`, { headers: bearer(key) });
      assert.equal(february.status, 200);
      assert.deepEqual(rateLimitOf(february), {
        limit: 1000, used: 1, remaining: 999, reset: Date.UTC(2026, 2, 1) / 1000, retryAfter: null,
      });
    });
  });
}
