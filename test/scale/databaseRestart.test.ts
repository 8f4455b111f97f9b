import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { LogCapture, startChildServer, type ChildServer } from '../support/childProcess.js';
import { startTrafficDuringOutage } from '../support/outageUnderLoad.js';
import { needsPostgresBinaries, startOwnPostgres, type OwnPostgres } from '../support/ownPostgres.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the database restarted under load', needsPostgresBinaries(), () => {
  let database: OwnPostgres;
  let service: ChildServer;
  let env: Record<string, string>;
  const logs = new LogCapture();

  before(async () => {
    database = await startOwnPostgres();
    env = { DATABASE_URL: database.url, TRUST_PROXY: 'true', DATABASE_POOL_SIZE: '4', LOG_LEVEL: 'info' };
    service = await startChildServer(env, logs);
  });
  after(async () => {
    service?.child.kill('SIGTERM');
    await service?.exited;
    await database?.destroy();
  });

  it('answers 503 with the JSON error and rate-limit headers while it is down, recovers by itself, loses no key and no count', async () => {
    const paths = ['/v1/cards?id=en-base1-4', '/v1/sets?limit=2', '/v1/cards?id=en-nope-1', '/v1/sets?limit=0'];
    const traffic = await startTrafficDuringOutage(service, logs, { paths, addressPrefix: '10.9', env });
    const { answers, creations, health, all, waitFor } = traffic;

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
      await traffic.stop();
    }

    assert.ok(all().filter((a) => a.status === 503).length >= 20);
    traffic.assertAnswers([200, 201, 400, 404, 503]);
    assert.ok(health.some((h) => h.status === 503) && health.at(-1)!.status === 200, '/healthz follows the database');
    await traffic.assertKeysKept([200, 400, 404]);
  });
});
