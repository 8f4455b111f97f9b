import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { LogCapture, startChildServer, type ChildServer } from '../support/childProcess.js';
import { startTrafficDuringOutage } from '../support/outageUnderLoad.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/*
 * The folder holding both SQLite files (catalog and keys) is moved away under load and moved back:
 * a rename works whoever runs the test (as root, chmod would not stop the server from reading).
 */
describe('the SQLite files moved away under load and back', () => {
  let root: string;
  let folder: string;
  let service: ChildServer;
  let env: Record<string, string>;
  const logs = new LogCapture();

  before(async () => {
    root = mkdtempSync(path.join(os.tmpdir(), 'tcg-file-gone-'));
    folder = path.join(root, 'var');
    mkdirSync(folder);
    env = { DATABASE_URL: `file:${path.join(folder, 'catalog.db')}`, TRUST_PROXY: 'true', LOG_LEVEL: 'info' };
    service = await startChildServer(env, logs);
  });
  after(async () => {
    service?.child.kill('SIGTERM');
    await service?.exited;
    rmSync(root, { recursive: true, force: true });
  });

  it('answers 503 with the JSON error and rate-limit headers while they are gone, creates no file in their place, and recovers by itself', async () => {
    // A few distinct pages, so that both the catalog cache and the file answer.
    const paths = ['/v1/cards?id=en-base1-4', '/v1/sets?limit=2', '/v1/cards?q=char&limit=3', '/v1/cards?set=en-base1&limit=4'];
    const traffic = await startTrafficDuringOutage(service, logs, { paths, addressPrefix: '10.7', env });
    const { answers, creations, health, all, waitFor } = traffic;

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
      await traffic.stop();
      if (existsSync(away)) renameSync(away, folder);
    }

    traffic.assertAnswers([200, 201, 503]);
    assert.ok(health.at(-1)!.status === 200, '/healthz recovered');
    assert.deepEqual(readdirSync(folder).filter((name) => !name.startsWith('catalog.')), [], 'only the service\'s own files');
    await traffic.assertKeysKept([200]);
  });
});
