import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { CatalogStore } from '../../src/catalog/catalogStore.js';
import { DEFAULT_STORE_OPTIONS } from '../../src/config.js';
import { openCatalogStore } from '../../src/store/open.js';
import { LogCapture, runCli, runKeysCli, startChildServer, type ChildServer } from '../support/childProcess.js';
import { createTestDatabase, type TestDatabase } from '../support/postgres.js';
import { needsSharedDump, sharedDumpDir } from '../support/shared.js';
import { onStore, type StoreKind } from '../support/stores.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * What the clients ask over and over: set pages, single sets, a set's cards, cards by id (one that
 * only the old catalog has), a batch, searches (three letters, and two, which PostgreSQL answers
 * from the bigram table an import swaps at its end), filters (the facet table, swapped likewise).
 */
const PROBES = [
  '/v1/sets?limit=5', '/v1/sets?limit=3&offset=2', '/v1/sets?lang=en&limit=10', '/v1/sets?id=en-base1', '/v1/sets?id=fr-base1',
  '/v1/cards?set=en-base1&limit=10', '/v1/cards?set=en-base1&limit=5&offset=5',
  '/v1/cards?id=en-base1-4', '/v1/cards?id=en-base1-2', '/v1/cards?id=fr-base1-4', '/v1/cards?ids=en-base1-4,en-base1-58,en-base2-1',
  '/v1/cards?q=char&limit=10', '/v1/cards?q=pikachu&limit=10&offset=2', '/v1/cards?q=ch&limit=10', '/v1/cards?q=ab&lang=en&limit=5',
  '/v1/cards?type=Fire&limit=10', '/v1/cards?type=Fire&set=en-base1&limit=5',
];
const TWO_LETTER = new Set(['/v1/cards?q=ch&limit=10', '/v1/cards?q=ab&lang=en&limit=5']);
/** The last member of every answer, which is no part of the catalog. */
const RETRIEVED_AT = /,"retrieved_at":"[^"]*"\}$/;
/** How long after an import commits an instance may still answer from its previous catalog (docs/deploy.md). */
const CACHE_LAG_MS = 1000;

/** An answer as a catalog gives it: the status and a hash of the body without retrieved_at. */
interface Seen { status: number; hash: string }
interface Answer extends Partial<Seen> { path: string; server: string; startedAt: number; ms: number; failed?: string }

async function ask(server: ChildServer, key: string, urlPath: string): Promise<Seen> {
  const response = await fetch(`${server.baseUrl}${urlPath}`, { headers: { authorization: `Bearer ${key}` } });
  const body = (await response.text()).replace(RETRIEVED_AT, '}');
  return { status: response.status, hash: createHash('sha256').update(body).digest('base64url') };
}

async function answersOf(servers: Record<string, ChildServer>, key: string): Promise<Map<string, Seen>> {
  const answers = new Map<string, Seen>();
  for (const urlPath of PROBES) {
    const each = await Promise.all(Object.values(servers).map((server) => ask(server, key, urlPath)));
    assert.ok(each.every((seen) => seen.status === each[0]!.status && seen.hash === each[0]!.hash), `${urlPath}: the instances agree`);
    answers.set(urlPath, each[0]!);
  }
  return answers;
}

const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))] ?? 0;

/** The suite on one store; a test file per store, so the two run side by side. */
export async function reimportUnderLoad(store: StoreKind): Promise<void> {
  const skip = needsSharedDump().skip || (await onStore(store)).skip;
  describe(`a full import of the English dump into the ${store} store two instances serve under load`, { skip }, () => {
    let database: TestDatabase | undefined;
    let root: string;
    let env: Record<string, string>;
    const servers: Record<string, ChildServer> = {};
    const logs = new LogCapture();

    before(async () => {
      root = mkdtempSync(path.join(os.tmpdir(), 'tcg-reimport-'));
      database = store === 'postgres' ? await createTestDatabase('reimport_test') : undefined;
      env = { DATABASE_URL: database?.url ?? `file:${path.join(root, 'var/catalog.db')}`, LOG_LEVEL: 'info' };
      // One instance with the catalog cache, one reading the database for every answer.
      servers.cached = await startChildServer(env, logs);
      servers.uncached = await startChildServer({ ...env, CATALOG_CACHE_MB: '0' }, logs);
    });
    after(async () => {
      for (const server of Object.values(servers)) server.child.kill('SIGTERM');
      await Promise.all(Object.values(servers).map((server) => server.exited));
      await database?.drop();
      if (root) rmSync(root, { recursive: true, force: true });
    });

    it('no request fails, every answer is wholly the old or wholly the new catalog, the version changes once', async (t) => {
      // Every English set and card of the shared dump, the whole of that language: a real full import.
      const dump = path.join(root, 'dump-en');
      mkdirSync(dump);
      for (const file of ['en.sets.ndjson.gz', 'en.cards.ndjson.gz']) symlinkSync(path.join(sharedDumpDir, file), path.join(dump, file));
      const key = (await runKeysCli(['create', '--email', 'load@example.test', '--tier', 'internal', '--unlimited'], env)).stdout.trim();
      const before = await answersOf(servers, key);

      const catalog: CatalogStore = await openCatalogStore(env.DATABASE_URL!, { ...DEFAULT_STORE_OPTIONS, catalogCacheBytes: 0 });
      const versions: Array<{ version: string; at: number }> = [{ version: await catalog.catalogVersion(), at: Date.now() }];
      let running = true;
      const versionPoll = (async () => {
        while (running) {
          const version = await catalog.catalogVersion();
          if (version !== versions.at(-1)!.version) versions.push({ version, at: Date.now() });
          await sleep(20);
        }
      })();
      const answers: Answer[] = [];
      const clients = [0, 1, 2, 3].map(async (client) => {
        const server = client % 2 === 0 ? 'cached' : 'uncached';
        for (let i = client; running; i++) {
          const urlPath = PROBES[(i * 7) % PROBES.length]!;
          const startedAt = Date.now();
          const started = performance.now();
          try {
            answers.push({ path: urlPath, server, startedAt, ...await ask(servers[server]!, key, urlPath), ms: performance.now() - started });
          } catch (error) {
            answers.push({ path: urlPath, server, startedAt, ms: performance.now() - started, failed: String(error) });
          }
        }
      });

      await sleep(500);
      const importStarted = Date.now();
      const imported = await runCli('import', [dump, '--report', path.join(root, 'report.json')], env);
      const importEnded = Date.now();
      await sleep(CACHE_LAG_MS + 500);
      running = false;
      await Promise.all([...clients, versionPoll]);
      const afterwards = await answersOf(servers, key);
      await catalog.close();

      const during = answers.filter((a) => a.startedAt >= importStarted && a.startedAt <= importEnded);
      const slowest = (list: Answer[]) => Math.round(Math.max(0, ...list.map((a) => a.ms)));
      t.diagnostic(`${answers.length} answers, ${during.length} while the import ran (${((importEnded - importStarted) / 1000).toFixed(1)} s); ` +
        `latency during it: p50 ${Math.round(percentile(during.map((a) => a.ms), 0.5))} ms, p99 ${Math.round(percentile(during.map((a) => a.ms), 0.99))} ms, ` +
        `slowest ${slowest(during)} ms; two-letter searches slowest ${slowest(during.filter((a) => TWO_LETTER.has(a.path)))} ms`);

      assert.equal(imported.code, 0, imported.stderr);
      const changed = PROBES.filter((p) => before.get(p)!.hash !== afterwards.get(p)!.hash);
      assert.ok(changed.length >= PROBES.length - 2, `the two catalogs answer differently: only ${changed.join(' ')} changed`);
      assert.match(imported.stdout, /The catalog now holds 2\d\d sets and 2\d{4} cards\./);
      assert.deepEqual(answers.filter((a) => a.failed).map((a) => `${a.path}: ${a.failed}`), [], 'no request failed');
      const mixed = answers.filter((a) => {
        const old = before.get(a.path)!;
        const next = afterwards.get(a.path)!;
        return !(a.status === old.status && a.hash === old.hash) && !(a.status === next.status && a.hash === next.hash);
      });
      assert.deepEqual(mixed.map((a) => `${a.server} ${a.path}: ${a.status}`), [], 'every answer is one of the two catalogs\' answers');
      assert.ok(answers.some((a) => a.startedAt > importStarted && changed.includes(a.path) && a.hash === before.get(a.path)!.hash),
        'the old catalog was served while the import ran');

      assert.equal(versions.length, 2, `the catalog version changed exactly once: ${versions.map((v) => v.version).join(' → ')}`);
      const committedAt = versions[1]!.at;
      assert.ok(committedAt > importStarted && committedAt <= importEnded + 500, 'it changed while the import ran');
      const stale = answers.filter((a) => a.startedAt > committedAt + CACHE_LAG_MS && changed.includes(a.path) && a.hash === before.get(a.path)!.hash);
      assert.deepEqual(stale.map((a) => `${a.server} ${a.path} at +${a.startedAt - committedAt} ms`), [],
        `no instance answers from the old catalog more than ${CACHE_LAG_MS} ms after the new one committed`);
    });
  });
}
