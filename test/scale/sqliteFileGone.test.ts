import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { LogCapture, startChildServer, type ChildServer } from '../support/childProcess.js';
import { rateLimitOf } from '../support/http.js';

const UNAVAILABLE = { error: 'the service is unavailable; try again shortly' };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Answer { at: number; status: number | 'failed'; used: number; headers: boolean; body: unknown }

/*
 * The folder holding both SQLite files (catalog and keys) is moved away under load and moved back:
 * a rename works whoever runs the test (as root, chmod would not stop the server from reading).
 */
describe('the SQLite files moved away under load and back', () => {
  let root: string;
  let folder: string;
  let service: ChildServer;
  const logs = new LogCapture();

  before(async () => {
    root = mkdtempSync(path.join(os.tmpdir(), 'tcg-file-gone-'));
    folder = path.join(root, 'var');
    mkdirSync(folder);
    service = await startChildServer({ DATABASE_URL: `file:${path.join(folder, 'catalog.db')}`, TRUST_PROXY: 'true', LOG_LEVEL: 'info' }, logs);
  });
  after(async () => {
    service?.child.kill('SIGTERM');
    await service?.exited;
    rmSync(root, { recursive: true, force: true });
  });

  async function request(urlPath: string, init: RequestInit = {}): Promise<Answer> {
    const at = Date.now();
    try {
      const response = await fetch(`${service.baseUrl}${urlPath}`, init);
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
    headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.7.${(addresses += 1) >> 8}.${addresses & 255}` },
    body: JSON.stringify({ email }),
  });

  it('answers 503 with the JSON error and rate-limit headers while they are gone, creates no file in their place, and recovers by itself', async () => {
    const readers: string[] = [];
    for (let i = 0; i < 3; i++) {
      const created = await createKey(`reader-${i}@example.test`);
      assert.equal(created.status, 201);
      readers.push((created.body as { key: string }).key);
    }

    let running = true;
    const answers = new Map<string, Answer[]>(readers.map((key) => [key, []]));
    // A few distinct pages, so that both the catalog cache and the file answer.
    const paths = ['/v1/cards?id=en-base1-4', '/v1/sets?limit=2', '/v1/cards?q=char&limit=3', '/v1/cards?set=en-base1&limit=4'];
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

    const away = path.join(root, 'var.away');
    try {
      await sleep(1000);
      const movedAt = Date.now();
      renameSync(folder, away);
      await waitFor('503 answers', () => all().filter((a) => a.at > movedAt && a.status === 503).length >= 20);
      await waitFor('/healthz to fail', () => health.some((h) => h.at > movedAt && h.status === 503));
      assert.equal(existsSync(folder), false, 'no folder, and so no empty database, was created in place of the lost one');
      renameSync(away, folder);
      const backAt = Date.now();
      await waitFor('recovery', () => [...answers.values()].every((list) => list.some((a) => a.at > backAt && a.status === 200)));
      await waitFor('a key issued after the files came back', () => creations.some((a) => a.at > backAt && a.status === 201));
      await sleep(300);
    } finally {
      running = false;
      await Promise.all([...readLoops, createLoop, healthLoop]);
      if (existsSync(away)) renameSync(away, folder);
    }

    const everything = all();
    const down = everything.filter((a) => a.status === 503);
    for (const answer of down) {
      assert.deepEqual(answer.body, UNAVAILABLE);
      assert.ok(answer.headers, 'a 503 carries the rate-limit headers');
    }
    assert.deepEqual([...new Set(everything.map((a) => a.status))].filter((s) => ![200, 201, 503].includes(s as number)), [],
      'nothing but 200, 201 and 503: no 500, no dropped connection');
    assert.ok(health.at(-1)!.status === 200, '/healthz recovered');
    assert.deepEqual(readdirSync(folder).filter((name) => !name.startsWith('catalog.')), [], 'only the service\'s own files');

    // Every key answered 201 works, those issued around the outage included.
    for (const key of [...readers, ...issued]) {
      const check = await request('/v1/sets?limit=1', { headers: { authorization: `Bearer ${key}` } });
      assert.equal(check.status, 200);
    }
    // Each count reported is kept; a 503 shows the key's count when it was counted before the catalog read failed.
    for (const key of readers) {
      const list = answers.get(key)!;
      const counted = list.filter((a) => a.status === 200).length + list.filter((a) => a.status === 503 && a.used > 0).length;
      const final = await request('/v1/sets?limit=1', { headers: { authorization: `Bearer ${key}` } });
      assert.equal(final.used, counted + 1 + 1, `key ${key.slice(0, 9)}: ${counted} counted answers and the check above`);
    }
  });
});
