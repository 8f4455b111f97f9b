import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { LogCapture, startChildServer, type ChildServer } from '../support/childProcess.js';
import { rateLimitOf } from '../support/http.js';
import { createTestDatabase, needsPostgres, type TestDatabase } from '../support/postgres.js';

const post = (baseUrl: string, email: string, address: string) => fetch(`${baseUrl}/v1/keys`, {
  method: 'POST',
  headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
  body: JSON.stringify({ email }),
});

describe('two service processes on one PostgreSQL database', await needsPostgres(), () => {
  let database: TestDatabase;
  let servers: ChildServer[] = [];
  const logs = new LogCapture();

  before(async () => {
    database = await createTestDatabase('scale_test');
    // Both start at once on the empty database: they migrate it once and seed the demo catalog between them.
    const env = { DATABASE_URL: database.url, TRUST_PROXY: 'true', DATABASE_POOL_SIZE: '10', LOG_LEVEL: 'info' };
    servers = await Promise.all([startChildServer(env, logs), startChildServer(env, logs)]);
  });
  after(async () => {
    for (const server of servers) server.child.kill('SIGTERM');
    await Promise.all(servers.map((s) => s.exited));
    await database?.drop();
  });

  it('1,500 concurrent requests on one fresh key, spread over both, get exactly 1,000 non-429 answers', async () => {
    const created = await post(servers[0]!.baseUrl, 'spread@example.test', '203.0.113.200');
    assert.equal(created.status, 201);
    const { key } = await created.json() as { key: string };
    const answers = await Promise.all(Array.from({ length: 1500 }, async (_, i) => {
      const server = servers[i % 2]!;
      const response = await fetch(`${server.baseUrl}/v1/sets?limit=1&offset=${i % 5}`, { headers: { authorization: `Bearer ${key}` } });
      await response.arrayBuffer();
      return { server: i % 2, status: response.status, used: rateLimitOf(response).used };
    }));
    const counted = answers.filter((a) => a.status !== 429);
    assert.equal(counted.length, 1000);
    assert.ok(counted.every((a) => a.status === 200), 'every counted answer is 200');
    assert.deepEqual(counted.map((a) => a.used).sort((x, y) => x - y), Array.from({ length: 1000 }, (_, i) => i + 1));
    assert.ok([0, 1].every((s) => counted.some((a) => a.server === s)), 'both instances counted requests');
    const after = await fetch(`${servers[1]!.baseUrl}/v1/sets`, { headers: { authorization: `Bearer ${key}` } });
    assert.equal(after.status, 429);
    assert.equal(rateLimitOf(after).used, 1000);
  });

  it('key creations from one address, spread over both at once, get exactly three 201s in a day', async () => {
    const statuses = await Promise.all(Array.from({ length: 12 }, async (_, i) =>
      (await post(servers[i % 2]!.baseUrl, `address-${i}@example.test`, '198.51.100.77')).status));
    assert.equal(statuses.filter((s) => s === 201).length, 3);
    assert.equal(statuses.filter((s) => s === 429).length, 9);
  });

  it('one email sent to both at the same moment gets one key: one 201 and one 409, round after round', async () => {
    for (let round = 0; round < 15; round++) {
      const email = `same-moment-${round}@example.test`;
      const statuses = await Promise.all(servers.map(async (server, i) =>
        (await post(server.baseUrl, email, `192.0.2.${round * 2 + i + 1}`)).status));
      assert.deepEqual(statuses.sort(), [201, 409], `round ${round}`);
    }
  });

  it('neither process logged an error', () => {
    assert.doesNotMatch(logs.text, /"level":(50|60)/);
  });
});
