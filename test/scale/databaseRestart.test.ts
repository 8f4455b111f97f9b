import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { LogCapture, startChildServer, type ChildServer } from '../support/childProcess.js';
import { rateLimitOf } from '../support/http.js';
import { needsPostgresBinaries, startOwnPostgres, type OwnPostgres } from '../support/ownPostgres.js';

const UNAVAILABLE = { error: 'the service is unavailable; try again shortly' };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Answer { at: number; status: number | 'failed'; used: number; headers: boolean; body: unknown }

describe('the database restarted under load', needsPostgresBinaries(), () => {
  let database: OwnPostgres;
  let service: ChildServer;
  const logs = new LogCapture();

  before(async () => {
    database = await startOwnPostgres();
    service = await startChildServer({ DATABASE_URL: database.url, TRUST_PROXY: 'true', DATABASE_POOL_SIZE: '4', LOG_LEVEL: 'info' }, logs);
  });
  after(async () => {
    service?.child.kill('SIGTERM');
    await service?.exited;
    await database?.destroy();
  });

  async function request(path: string, init: RequestInit = {}): Promise<Answer & { json?: unknown }> {
    const at = Date.now();
    try {
      const response = await fetch(`${service.baseUrl}${path}`, init);
      const text = await response.text();
      const limits = rateLimitOf(response);
      return {
        at, status: response.status, used: limits.used, body: text ? JSON.parse(text) : undefined,
        headers: [limits.limit, limits.used, limits.remaining, limits.reset].every(Number.isInteger),
      };
    } catch {
      return { at, status: 'failed', used: Number.NaN, headers: false, body: undefined };
    }
  }

  let addresses = 0;
  const createKey = (email: string) => request('/v1/keys', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.9.${(addresses += 1) >> 8}.${addresses & 255}` },
    body: JSON.stringify({ email }),
  });

  it('answers 503 with the JSON error and rate-limit headers while it is down, recovers by itself, loses no key and no count', async () => {
    const readers: string[] = [];
    for (let i = 0; i < 3; i++) {
      const created = await createKey(`reader-${i}@example.test`);
      assert.equal(created.status, 201);
      readers.push((created.body as { key: string }).key);
    }

    let running = true;
    const answers = new Map<string, Answer[]>(readers.map((key) => [key, []]));
    const paths = ['/v1/cards?id=en-base1-4', '/v1/sets?limit=2', '/v1/cards?id=en-nope-1', '/v1/sets?limit=0'];
    const readLoops = readers.map(async (key) => {
      for (let i = 0; running; i++) {
        answers.get(key)!.push(await request(paths[i % paths.length]!, { headers: { authorization: `Bearer ${key}` } }));
        await sleep(5);
      }
    });
    const issued: string[] = [];
    const creations: Answer[] = [];
    const createLoop = (async () => {
      for (let i = 0; running; i++) {
        const answer = await createKey(`during-${i}@example.test`);
        creations.push(answer);
        if (answer.status === 201) issued.push((answer.body as { key: string }).key);
        await sleep(40);
      }
    })();
    const health: Answer[] = [];
    const healthLoop = (async () => {
      while (running) {
        health.push(await request('/healthz'));
        await sleep(100);
      }
    })();
    const all = () => [...[...answers.values()].flat(), ...creations];
    const waitFor = async (what: string, seen: () => boolean) => {
      const deadline = Date.now() + 20_000;
      while (!seen()) {
        if (Date.now() > deadline) {
          const statuses = all().slice(-20).map((a) => a.status).join(' ');
          assert.fail(`timed out waiting for ${what}; last answers: ${statuses}; service log:\n${logs.text.slice(-2000)}`);
        }
        await sleep(50);
      }
    };

    try {
      await sleep(1000);
      const stoppedAt = Date.now();
      await database.stop();
      await waitFor('503 answers', () => all().filter((a) => a.at > stoppedAt && a.status === 503).length >= 20);
      await sleep(500);
      const restartedAt = Date.now();
      await database.start();
      await waitFor('recovery', () => [...answers.values()].every((list) => list.some((a) => a.at > restartedAt && a.status === 200)));
      await waitFor('a key issued after the restart', () => creations.some((a) => a.at > restartedAt && a.status === 201));
      await sleep(500);
    } finally {
      running = false;
      await Promise.all([...readLoops, createLoop, healthLoop]);
    }

    const everything = all();
    const down = everything.filter((a) => a.status === 503);
    assert.ok(down.length >= 20);
    for (const answer of down) {
      assert.deepEqual(answer.body, UNAVAILABLE);
      assert.ok(answer.headers, 'a 503 carries the rate-limit headers');
    }
    assert.deepEqual([...new Set(everything.map((a) => a.status))].filter((s) => ![200, 201, 400, 404, 503].includes(s as number)), [],
      'nothing but 200, 201, 400, 404 and 503: no 500, no dropped connection');
    assert.ok(health.some((h) => h.status === 503) && health.at(-1)!.status === 200, '/healthz follows the database');

    // Every key answered 201 works, those issued around the outage included.
    for (const key of [...readers, ...issued]) {
      const check = await request('/v1/sets?limit=1', { headers: { authorization: `Bearer ${key}` } });
      assert.equal(check.status, 200);
    }
    // Each count the service reported is kept: the key's month holds every answer counted for it.
    // A 503 shows the key's own count when it was counted before the catalog read failed (as a 500
    // is); one refused before counting shows the unkeyed defaults (Used 0).
    for (const key of readers) {
      const list = answers.get(key)!;
      const counted = list.filter((a) => a.status === 200 || a.status === 400 || a.status === 404).length
        + list.filter((a) => a.status === 503 && a.used > 0).length;
      const final = await request('/v1/sets?limit=1', { headers: { authorization: `Bearer ${key}` } });
      assert.equal(final.used, counted + 1 + 1, `key ${key.slice(0, 9)}: ${counted} counted answers and the check above`);
    }
  });
});
