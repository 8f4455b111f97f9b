import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { hashKey } from '../../src/access/keyFormat.js';
import { TestClock } from '../support/clock.js';
import { readTrustProxy } from '../../src/config.js';
import { fetchJson, rateLimitOf, requestFrom, unixSeconds } from '../support/http.js';
import { startServer, TEST_PUBLIC_BASE_URL, type TestServer } from '../support/server.js';
import { onStore, STORE_KINDS } from '../support/stores.js';

for (const store of STORE_KINDS) {
  describe(`POST /v1/keys (${store})`, await onStore(store), () => {
    let server: TestServer;
    const clock = new TestClock('2026-03-10T09:00:00Z');
    let addresses = 0;
    /** Each call comes from a new client address (the server trusts X-Forwarded-For), unless one is given. */
    const createKey = (body: unknown, options: { address?: string; contentType?: string; raw?: string } = {}) =>
      fetchJson(`${server.baseUrl}/v1/keys`, {
        method: 'POST',
        headers: {
          'content-type': options.contentType ?? 'application/json',
          'x-forwarded-for': options.address ?? `198.51.100.${(addresses += 1)}`,
        },
        body: options.raw ?? JSON.stringify(body),
      });
    const nextMidnight = unixSeconds('2026-03-11T00:00:00Z');

    before(async () => {
      server = await startServer({ store, now: clock.now, trustProxy: true });
    });
    after(async () => server.close());

    it('201 with a free key of 1000 a month, a try_it command, and the address\'s daily allowance in the headers', async () => {
      const { response, body } = await createKey({ email: 'ash@example.com', source: 'a friend' }, { address: '203.0.113.1' });
      assert.equal(response.status, 201);
      assert.match(response.headers.get('content-type') ?? '', /^application\/json/);
      const created = body as { key: string; tier: string; monthly_limit: number; try_it: string };
      assert.deepEqual(Object.keys(created).sort(), ['key', 'monthly_limit', 'tier', 'try_it']);
      assert.match(created.key, /^tcgk_[A-Za-z0-9_-]{32}$/);
      assert.equal(created.tier, 'free');
      assert.equal(created.monthly_limit, 1000);
      assert.equal(created.try_it, `curl -H "Authorization: Bearer ${created.key}" "${TEST_PUBLIC_BASE_URL}/v1/cards?q=pikachu&limit=5"`);
      assert.deepEqual(rateLimitOf(response), { limit: 3, used: 1, remaining: 2, reset: nextMidnight, retryAfter: null });
      assert.equal(response.headers.get('access-control-allow-origin'), '*');
    });

    it('the key is stored (as its hash) before the 201 is answered and works at once', async () => {
      const { body } = await createKey({ email: 'misty@example.com' });
      const { key } = body as { key: string };
      assert.ok(await server.accessStore.findKeyByHash(hashKey(key)));
      const response = await fetch(`${server.baseUrl}/v1/sets?limit=1`, { headers: { authorization: `Bearer ${key}` } });
      assert.equal(response.status, 200);
    });

    it('409 while the email, trimmed and in any case, has an active free key', async () => {
      await createKey({ email: 'brock@example.com' });
      const { response, body } = await createKey({ email: '  BROCK@Example.com ' }, { address: '203.0.113.2' });
      assert.equal(response.status, 409);
      assert.match((body as { error: string }).error, /already has an active free key/);
      assert.equal((body as { code: string }).code, 'email_in_use');
      assert.deepEqual(rateLimitOf(response), { limit: 3, used: 0, remaining: 3, reset: nextMidnight, retryAfter: null });
    });

    it('the 4th key from one address in a UTC day is 429 with Retry-After until midnight', async () => {
      const address = '203.0.113.50';
      for (let i = 1; i <= 3; i++) {
        const { response } = await createKey({ email: `gary${i}@example.com` }, { address });
        assert.equal(response.status, 201);
        assert.equal(rateLimitOf(response).used, i);
      }
      const { response, body } = await createKey({ email: 'gary4@example.com' }, { address });
      assert.equal(response.status, 429);
      assert.match((body as { error: string }).error, /already created 3 keys today/);
      assert.equal((body as { code: string }).code, 'key_limit_reached');
      assert.deepEqual(rateLimitOf(response), {
        limit: 3, used: 3, remaining: 0, reset: nextMidnight, retryAfter: String(nextMidnight - unixSeconds('2026-03-10T09:00:00Z')),
      });
      assert.equal((await createKey({ email: 'gary4@example.com' }, { address: '203.0.113.51' })).response.status, 201);
    });

    it('400 with a message naming the problem for a missing or invalid email, wrong types, or a body that is not a JSON object', async () => {
      const cases: Array<[string, unknown, string | undefined, string]> = [
        ['no email', { source: 'x' }, undefined, 'email is required'],
        ['invalid email', { email: 'ash' }, undefined, 'email must be a valid email address'],
        ['email not a string', { email: 42 }, undefined, 'email must be a valid email address'],
        ['source not a string', { email: 'a1@example.com', source: 5 }, undefined, 'source must be a string of at most 200 characters without control characters'],
        ['source too long', { email: 'a2@example.com', source: 'x'.repeat(201) }, undefined, 'source must be a string of at most 200 characters without control characters'],
        // PostgreSQL's text cannot hold NUL: refused at the edge, for every store, before anything is stored.
        ['NUL in source', { email: 'a5@example.com', source: 'a\u0000friend' }, undefined, 'source must be a string of at most 200 characters without control characters'],
        ['array body', [{ email: 'a3@example.com' }], undefined, 'the request body must be a JSON object'],
        ['null body', null, undefined, 'the request body must be a JSON object'],
        ['string body', 'a4@example.com', undefined, 'the request body must be a JSON object'],
        ['invalid JSON', undefined, '{"email":', 'the request body must be valid JSON'],
      ];
      for (const [name, body, raw, message] of cases) {
        const { response, body: answer } = await createKey(body, { raw, address: '203.0.113.60' });
        assert.equal(response.status, 400, name);
        assert.deepEqual(answer, { error: message, code: message.includes('valid JSON') ? 'not_json' : 'invalid_parameter' }, name);
        assert.deepEqual(rateLimitOf(response), { limit: 3, used: 0, remaining: 3, reset: nextMidnight, retryAfter: null }, name);
      }
    });

    it('400, not 415, for a body sent as another content type, and for no body at all', async () => {
      // An empty Content-Type is no media type at all, which Fastify alone would answer with 415.
      for (const contentType of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', '']) {
        const { response, body } = await createKey(undefined, { contentType, raw: 'email=a@example.com', address: '203.0.113.61' });
        assert.equal(response.status, 400, contentType);
        assert.match((body as { error: string }).error, /JSON object/, contentType);
        assert.equal((body as { code: string }).code, 'not_json', contentType);
        assert.equal(rateLimitOf(response).limit, 3, contentType);
      }
      const empty = await fetchJson(`${server.baseUrl}/v1/keys`, { method: 'POST' });
      assert.equal(empty.response.status, 400);
      assert.deepEqual(empty.body, { error: 'the request body must be a JSON object', code: 'invalid_parameter' });
    });

    it('413 for a body over 16 KiB, with the JSON error body and headers', async () => {
      const { response, body } = await createKey({ email: 'big@example.com', source: 'x'.repeat(17 * 1024) });
      assert.equal(response.status, 413);
      assert.deepEqual(body, { error: 'the request body is larger than 16 KiB', code: 'body_too_large' });
      assert.equal(rateLimitOf(response).limit, 3);
    });

    it('unknown body fields are ignored', async () => {
      const { response } = await createKey({ email: 'extra@example.com', plan: 'gold' });
      assert.equal(response.status, 201);
    });

    it('other methods are 405 with Allow and the unkeyed headers', async () => {
      const { response, body } = await fetchJson(`${server.baseUrl}/v1/keys`);
      assert.equal(response.status, 405);
      assert.equal(response.headers.get('allow'), 'POST, OPTIONS');
      assert.match((body as { error: string }).error, /GET is not allowed on \/v1\/keys/);
      assert.deepEqual(rateLimitOf(response), {
        limit: 1000, used: 0, remaining: 1000, reset: unixSeconds('2026-04-01T00:00:00Z'), retryAfter: null,
      });
    });
  });

  describe(`POST /v1/keys client address (${store})`, await onStore(store), () => {
    it('is the socket address unless TRUST_PROXY is on: X-Forwarded-For does not dodge the daily limit', async () => {
      const server = await startServer({ store, trustProxy: false });
      try {
        const statuses = [];
        for (let i = 0; i < 4; i++) {
          const { response } = await fetchJson(`${server.baseUrl}/v1/keys`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-forwarded-for': `198.51.100.${i}` },
            body: JSON.stringify({ email: `socket${i}@example.com` }),
          });
          statuses.push(response.status);
        }
        assert.deepEqual(statuses, [201, 201, 201, 429]);
        assert.equal(await server.accessStore.keysCreatedBy('127.0.0.1', new Date().toISOString().slice(0, 10)), 3);
      } finally {
        await server.close();
      }
    });

    it('is the left-most X-Forwarded-For address with TRUST_PROXY on', async () => {
      const server = await startServer({ store, trustProxy: true });
      try {
        const { response } = await fetchJson(`${server.baseUrl}/v1/keys`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': '192.0.2.33, 10.0.0.1' },
          body: JSON.stringify({ email: 'proxied@example.com' }),
        });
        assert.equal(response.status, 201);
        assert.equal(await server.accessStore.keysCreatedBy('192.0.2.33', new Date().toISOString().slice(0, 10)), 1);
      } finally {
        await server.close();
      }
    });

    it('an IPv6 client is its /64: four addresses of one /64 get three 201s and a 429; another /64 gets its own three', async () => {
      const server = await startServer({ store, trustProxy: true });
      try {
        const statuses = [];
        const from = ['2001:db8:1:2::1', '2001:db8:1:2::ffff', '2001:DB8:1:2:aaaa:bbbb:cccc:dddd', '2001:db8:1:2:0:0:0:2', '2001:db8:1:3::1'];
        for (const [i, address] of from.entries()) {
          const { response } = await fetchJson(`${server.baseUrl}/v1/keys`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
            body: JSON.stringify({ email: `six${i}@example.com` }),
          });
          statuses.push(response.status);
        }
        assert.deepEqual(statuses, [201, 201, 201, 429, 201]);
        const today = new Date().toISOString().slice(0, 10);
        assert.equal(await server.accessStore.keysCreatedBy('2001:db8:1:2::/64', today), 3);
        assert.equal(await server.accessStore.keysCreatedBy('2001:db8:1:3::/64', today), 1);
      } finally {
        await server.close();
      }
    });

    it('an IPv4 client is the same client written as IPv4-mapped IPv6', async () => {
      const server = await startServer({ store, trustProxy: true });
      try {
        const statuses = [];
        for (const [i, address] of ['192.0.2.77', '::ffff:192.0.2.77', '::ffff:c000:24d', '192.0.2.77'].entries()) {
          const { response } = await fetchJson(`${server.baseUrl}/v1/keys`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
            body: JSON.stringify({ email: `mapped${i}@example.com` }),
          });
          statuses.push(response.status);
        }
        assert.deepEqual(statuses, [201, 201, 201, 429]);
      } finally {
        await server.close();
      }
    });

    it('with TRUST_PROXY naming the proxies, X-Forwarded-For is honoured only from them, up to the first address not among them', async () => {
      const server = await startServer({ store, trustProxy: readTrustProxy('10.0.0.0/8, 127.0.0.2') });
      const today = new Date().toISOString().slice(0, 10);
      const createFrom = async (local: string, forwardedFor: string, email: string) => (await requestFrom(local, `${server.baseUrl}/v1/keys`, {
        method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': forwardedFor }, body: JSON.stringify({ email }),
      })).status;
      try {
        assert.equal(await createFrom('127.0.0.2', '203.0.113.7', 'via-proxy@example.com'), 201);
        assert.equal(await server.accessStore.keysCreatedBy('203.0.113.7', today), 1, 'from the trusted proxy: the forwarded address');
        assert.equal(await server.accessStore.keysCreatedBy('127.0.0.2', today), 0);

        assert.equal(await createFrom('127.0.0.3', '203.0.113.8', 'direct@example.com'), 201);
        assert.equal(await server.accessStore.keysCreatedBy('127.0.0.3', today), 1, 'from anyone else: the socket address');
        assert.equal(await server.accessStore.keysCreatedBy('203.0.113.8', today), 0);

        // Through two trusted hops; a client's own made-up X-Forwarded-For on the left is not believed.
        assert.equal(await createFrom('127.0.0.2', '198.51.100.99, 203.0.113.9, 10.1.2.3', 'two-hops@example.com'), 201);
        assert.equal(await server.accessStore.keysCreatedBy('203.0.113.9', today), 1);
        assert.equal(await server.accessStore.keysCreatedBy('198.51.100.99', today), 0);
      } finally {
        await server.close();
      }
    });
  });
}
