/**
 * node dist/bench/syncTimes.js: how long a scheduled sync takes on each store, as issue 25 asks:
 *   - a full first import of the dump (`npm run import`, into an empty store);
 *   - a sync of the unchanged dump (SYNC_TIMES_RUNS runs, 3 unless told): the source's fingerprint only;
 *   - a sync of the dump with one card changed (as many runs, alternating the edited copy and the
 *     original, so each run changes one card): from the start of the sync to the moment the running
 *     service answers the card as edited.
 * Each sync is the service's own (SyncScheduler: `import --sync` in a child process) against a service
 * started on the store (dist/src/main.js), which serves the new catalog as it would in production.
 *
 * SYNC_TIMES_SOURCE  the TCGdex dump to copy (default ../shared/data/tcgdex); it is only read
 * SYNC_TIMES_WORK    where the two copies, the SQLite file, the bulk files and the service's log go (default a new
 *                    temporary directory, removed at the end)
 * SYNC_TIMES_STORES  sqlite,postgres (default both; PostgreSQL in a throwaway database sync_times_<random>
 *                    on BENCH_POSTGRES_ADMIN_URL, default postgres://postgres@127.0.0.1:5432/postgres)
 * SYNC_TIMES_CARD    the English card edited (default base1-4: its HP goes up by 10)
 */
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { cp, mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { CatalogStore } from '../src/catalog/catalogStore.js';
import { openCatalogStore } from '../src/store/open.js';
import { DEFAULT_STORE_OPTIONS } from '../src/config.js';
import { SyncScheduler, type SyncRun } from '../src/sync/syncScheduler.js';
import { freePort, root, run, startProcess } from './processes.js';
import { editOneCard } from './editedDump.js';

const source = process.env.SYNC_TIMES_SOURCE ?? path.resolve(root, '../shared/data/tcgdex');
const runs = Number(process.env.SYNC_TIMES_RUNS ?? 3);
const stores = (process.env.SYNC_TIMES_STORES ?? 'sqlite,postgres').split(',').map((s) => s.trim()).filter(Boolean);
const editedCard = process.env.SYNC_TIMES_CARD ?? 'base1-4';
const adminUrl = process.env.BENCH_POSTGRES_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const seconds = (ms: number) => (ms / 1000).toFixed(1);
const load = () => os.loadavg()[0]!.toFixed(1);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

interface StoreFigures {
  store: string;
  firstImportMs: number;
  unchanged: Array<{ ms: number; load: string }>;
  oneCard: Array<{ syncMs: number; servedMs: number; load: string }>;
}

async function measure(kind: string, work: string, dumps: { original: string; edited: string }, hp: { before: number; after: number }): Promise<StoreFigures> {
  let databaseUrl = `file:${path.join(work, 'catalog.db')}`;
  let drop = async (): Promise<void> => undefined;
  if (kind === 'postgres') {
    const name = `sync_times_${randomBytes(4).toString('hex')}`;
    await admin(`CREATE DATABASE ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    drop = () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  } else if (kind !== 'sqlite') {
    throw new Error(`SYNC_TIMES_STORES: unknown store ${kind}`);
  }
  const env = { ...process.env, DATABASE_URL: databaseUrl, BULK_DIR: path.join(work, `bulk-${kind}`), LOG_LEVEL: 'warn' };
  const figures: StoreFigures = { store: kind, firstImportMs: NaN, unchanged: [], oneCard: [] };
  let store: CatalogStore | undefined;
  let server: Awaited<ReturnType<typeof startProcess>> | undefined;
  try {
    let started = performance.now();
    await run(process.execPath, ['dist/src/cli/import.js', dumps.original], env, 'ignore');
    figures.firstImportMs = performance.now() - started;
    console.error(`${kind}: first import ${seconds(figures.firstImportMs)} s (load ${load()})`);

    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    const serverLog = createWriteStream(path.join(work, 'server.log'));
    server = await startProcess(['dist/src/main.js'], { ...env, PORT: String(port), HOST: '127.0.0.1' }, `${baseUrl}/healthz`,
      (text) => serverLog.write(text));
    server.on('exit', (code, signal) => serverLog.write(`exited: ${code ?? signal}\n`));
    store = await openCatalogStore(databaseUrl, { ...DEFAULT_STORE_OPTIONS, sqliteReadWorkers: 0 });
    const sync = (dir: string) => new SyncScheduler({
      source: dir, everyMs: 24 * 3600_000, env, store: store!,
      log: { info: (message) => console.error(`  ${message}`), error: (message) => console.error(`  ${message}`) },
    }).runOnce();
    const key = (await run(process.execPath, ['dist/src/cli/keys.js', 'create', '--email', `sync-times-${Date.now()}@example.test`,
      '--tier', 'internal', '--unlimited'], env)).trim();
    const servedHp = async () => {
      const response = await fetch(`${baseUrl}/v1/cards?id=en-${editedCard}`, { headers: { authorization: `Bearer ${key}` } });
      if (response.status !== 200) throw new Error(`GET /v1/cards answered ${response.status}`);
      return response.ok ? ((await response.json()) as { data?: { hp?: number } }).data?.hp : undefined;
    };
    const expect = (outcome: SyncRun, wanted: SyncRun['outcome']) => {
      if (outcome.outcome !== wanted) throw new Error(`a sync ended ${outcome.outcome}, not ${wanted}: ${outcome.output.slice(-400)}`);
    };

    for (let i = 0; i < runs; i++) {
      const version = await store.catalogVersion();
      const unchanged = await sync(dumps.original);
      expect(unchanged, 'unchanged');
      if (await store.catalogVersion() !== version) throw new Error('an unchanged sync changed the catalog version');
      figures.unchanged.push({ ms: unchanged.ms, load: load() });
    }

    for (let i = 0; i < runs; i++) {
      const [dir, wanted] = i % 2 === 0 ? [dumps.edited, hp.after] : [dumps.original, hp.before];
      const loadBefore = load();
      started = performance.now();
      const synced = await sync(dir);
      expect(synced, 'synced');
      while (await servedHp() !== wanted) {
        if (performance.now() - started > 120_000) throw new Error(`the service did not serve en-${editedCard} with HP ${wanted}`);
        await sleep(20);
      }
      figures.oneCard.push({ syncMs: synced.ms, servedMs: performance.now() - started, load: loadBefore });
      // The service builds the new version's bulk files a second or two after it: not part of the next run.
      await sleep(10_000);
    }
    return figures;
  } finally {
    server?.kill('SIGTERM');
    await store?.close();
    await drop();
  }
}

async function main(): Promise<void> {
  const work = process.env.SYNC_TIMES_WORK ?? await mkdtemp(path.join(os.tmpdir(), 'sync-times-'));
  await mkdir(work, { recursive: true });
  const dumps = { original: path.join(work, 'dump'), edited: path.join(work, 'dump-one-card') };
  await rm(dumps.original, { recursive: true, force: true });
  await rm(dumps.edited, { recursive: true, force: true });
  await cp(source, dumps.original, { recursive: true });
  const hp = await editOneCard(dumps.original, dumps.edited, editedCard);
  console.error(`work in ${work}; en-${editedCard} HP ${hp.before} -> ${hp.after} in the edited copy; ${os.cpus().length} CPUs`);

  const all: StoreFigures[] = [];
  for (const kind of stores) {
    const storeWork = path.join(work, kind);
    await mkdir(storeWork, { recursive: true });
    all.push(await measure(kind, storeWork, dumps, hp));
  }

  const list = (values: number[]) => values.map(seconds).join(' / ');
  console.log(`\nsync times (s), ${runs} runs each; load average (1 min) before each run in brackets\n`);
  console.log('| store | full first import | unchanged sync | one card changed: sync | one card changed: start to served |');
  console.log('| --- | --- | --- | --- | --- |');
  for (const f of all) {
    console.log(`| ${f.store} | ${seconds(f.firstImportMs)} | ${list(f.unchanged.map((u) => u.ms))} [${f.unchanged.map((u) => u.load).join(' / ')}] | `
      + `${list(f.oneCard.map((o) => o.syncMs))} | ${list(f.oneCard.map((o) => o.servedMs))} [${f.oneCard.map((o) => o.load).join(' / ')}] |`);
  }
  if (!process.env.SYNC_TIMES_WORK) await rm(work, { recursive: true, force: true });
}

await main();
