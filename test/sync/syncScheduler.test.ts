import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { ConfigError, readSync } from '../../src/config.js';
import { PrometheusMetrics } from '../../src/metrics/prometheusMetrics.js';
import { SyncScheduler, type SyncRun } from '../../src/sync/syncScheduler.js';
import { startCatalogServer, tempDir, type RunningServer } from '../support/catalogServer.js';
import { onStore, STORE_KINDS } from '../support/stores.js';
import { tcgdexCard, tcgdexSet, writeTcgdexDump } from '../support/tcgdexFixtures.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('SYNC_SOURCE and SYNC_EVERY', () => {
  it('read a source and a duration of at least 10 s, 6 h unless told', () => {
    assert.equal(readSync(undefined, undefined), null);
    assert.equal(readSync('', ''), null);
    assert.deepEqual(readSync('./dump', undefined), { source: './dump', everyMs: 6 * 3600_000 });
    assert.deepEqual(readSync('https://api.tcgdex.net/v2', '10s'), { source: 'https://api.tcgdex.net/v2', everyMs: 10_000 });
    assert.deepEqual(readSync('./dump', '15m'), { source: './dump', everyMs: 900_000 });
    assert.deepEqual(readSync('./dump', '1d'), { source: './dump', everyMs: 86_400_000 });
  });

  it('refuse a duration under 10 s or not of that form, and SYNC_EVERY alone', () => {
    for (const every of ['9s', '0h', '6', 'h', '6 hours', '-1m', '1.5h']) {
      assert.throws(() => readSync('./dump', every), (error: Error) => error instanceof ConfigError && /SYNC_EVERY/.test(error.message), every);
    }
    assert.throws(() => readSync(undefined, '6h'), /SYNC_EVERY needs SYNC_SOURCE/);
  });
});

for (const store of STORE_KINDS) {
  describe(`a scheduled sync on ${store}`, { ...await onStore(store), timeout: 180_000 }, () => {
    let server: RunningServer;
    let work: string;
    const logged: string[] = [];
    const metrics = new PrometheusMetrics();
    const scheduler = (dir: string) => new SyncScheduler({
      source: dir, everyMs: 3600_000, env: { ...process.env, DATABASE_URL: server.databaseUrl }, store: server.catalogStore, metrics,
      log: { info: (message) => logged.push(`info ${message}`), error: (message) => logged.push(`error ${message}`) },
    });
    /** The card as the API answers it, once the server has dropped the answers of the catalog it replaced (within 1 s). */
    const cardWithin = async (id: string, until: (body: any) => boolean) => {
      for (let tries = 0; ; tries++) {
        const { body } = await server.get(`/v1/cards?id=${id}`);
        if (until(body) || tries > 40) return body;
        await sleep(50);
      }
    };
    const dump = (name: string, hp: number, extra: string[] = []) => writeTcgdexDump(path.join(work, name), [
      { lang: 'en', sets: [tcgdexSet('en', 'base1')], cards: [tcgdexCard('en', 'base1', '1', { hp }), ...extra.map((n) => tcgdexCard('en', 'base1', n))] },
    ]);

    before(async () => {
      server = await startCatalogServer({ store });
      work = tempDir('sync-');
      await dump('source', 120, ['2']);
    });
    after(async () => {
      await server?.close();
      rmSync(work, { recursive: true, force: true });
    });

    it('imports its source in a child process; an edit reaches the API without a restart; an unchanged source writes nothing and is logged unchanged', async () => {
      const sync = scheduler(path.join(work, 'source'));
      const first: SyncRun = await sync.runOnce();
      assert.equal(first.outcome, 'synced', first.output);
      assert.equal((await cardWithin('en-base1-1', (body) => body.data?.hp === 120)).data?.hp, 120);
      const cursorBefore = (await server.catalogStore.changesSince(Number.MAX_SAFE_INTEGER, 1)).lastSeq;

      await dump('source', 130, ['3']);
      const edited = await sync.runOnce();
      assert.equal(edited.outcome, 'synced');
      assert.deepEqual(edited.changes, { added: 1, changed: 1, removed: 1 });
      assert.equal((await cardWithin('en-base1-1', (body) => body.data?.hp === 130)).data.hp, 130, 'the edit is served');
      const changes = (await server.catalogStore.changesSince(cursorBefore, 100)).changes.map((c) => `${c.change} ${c.id}`);
      assert.deepEqual(changes, ['changed en-base1-1', 'added en-base1-3', 'removed en-base1-2']);
      assert.match(logged.at(-1)!, /^info sync of .* synced in \d+ ms: 1 added, 1 changed, 1 removed; The catalog now holds 1 sets and 2 cards\.$/);

      const version = await server.catalogStore.catalogVersion();
      const retrieval = await server.catalogStore.importedAt();
      const head = (await server.catalogStore.changesSince(Number.MAX_SAFE_INTEGER, 1)).lastSeq;
      const unchanged = await sync.runOnce();
      assert.equal(unchanged.outcome, 'unchanged', unchanged.output);
      assert.match(unchanged.output, /The source is unchanged since the last import/);
      assert.match(logged.at(-1)!, /^info sync of .* unchanged in \d+ ms: no catalog row written; The catalog is unchanged: 1 sets and 2 cards\.$/);
      assert.equal(await server.catalogStore.catalogVersion(), version, 'an unchanged source keeps the version');
      assert.notEqual(await server.catalogStore.importedAt(), retrieval, 'and is a new retrieval');
      assert.equal((await server.catalogStore.changesSince(Number.MAX_SAFE_INTEGER, 1)).lastSeq, head, 'and records nothing');

      // The operator's view: /healthz names the catalog served, the metrics count the syncs and their changes.
      const health = await fetch(`${server.baseUrl}/healthz`).then((response) => response.json());
      assert.deepEqual(health, { status: 'ok', catalog_version: version, retrieved_at: await server.catalogStore.importedAt() });
      const text = await metrics.registry.metrics();
      assert.match(text, /^tcg_syncs_total\{result="synced"\} 2$/m);
      assert.match(text, /^tcg_syncs_total\{result="unchanged"\} 1$/m);
      assert.match(text, /^tcg_sync_duration_seconds_count 3$/m);
      for (const change of ['added', 'changed', 'removed'] as const) {
        const total = first.changes[change] + edited.changes[change];
        assert.match(text, new RegExp(`^tcg_catalog_changes_total\\{change="${change}"\\} ${total}$`, 'm'));
      }
      assert.ok(first.changes.removed > 0, 'the first sync replaced the demo catalog');
    });

    it('runs its child at a lower priority than the server, so requests go first when both want the cores', async () => {
      const sync = scheduler(path.join(work, 'source'));
      const run = sync.runOnce();
      let priority: number | undefined;
      for (let tries = 0; priority === undefined && tries < 400; tries++) {
        const pid = sync.childPid;
        if (pid !== undefined) priority = os.getPriority(pid);
        else await sleep(5);
      }
      await run;
      assert.equal(priority, Math.min(19, os.getPriority() + 10));
    });

    it('a failed sync (the source gone) keeps the catalog, is logged, and the next one works again', async () => {
      const version = await server.catalogStore.catalogVersion();
      const gone = scheduler(path.join(work, 'nowhere'));
      const failed = await gone.runOnce();
      assert.equal(failed.outcome, 'failed');
      assert.match(logged.at(-1)!, /^error sync of .*nowhere failed after \d+ ms \(exit code \d+\); the catalog stays as it was/);
      assert.equal(await server.catalogStore.catalogVersion(), version);
      assert.equal((await server.get('/v1/cards?id=en-base1-1')).body.data.hp, 130);
      assert.equal((await scheduler(path.join(work, 'source')).runOnce()).outcome, 'unchanged');
    });

    // PostgreSQL only: an SQLite file serves one service, whose writes queue on the file's own write lock.
    if (store === 'postgres') it('runs only while no other process holds the sync lock; the others skip their turn', async () => {
      const lock = await server.catalogStore.trySyncLock();
      assert.ok(lock, 'the lock is free');
      assert.equal(await server.catalogStore.trySyncLock(), null, 'a second holder is refused');
      try {
        const skipped = await scheduler(path.join(work, 'source')).runOnce();
        assert.equal(skipped.outcome, 'skipped', skipped.output);
        assert.match(logged.at(-1)!, /skipped in \d+ ms: another instance is syncing/);
      } finally {
        await lock.release();
      }
      // Two instances' turns at once: never both at work; at least one syncs.
      const outcomes = (await Promise.all([scheduler(path.join(work, 'source')).runOnce(), scheduler(path.join(work, 'source')).runOnce()]))
        .map((run) => run.outcome);
      assert.ok(outcomes.includes('unchanged') && !outcomes.includes('failed'), outcomes.join(' '));
    });
  });
}
