/**
 * node dist/bench/loadDuringSync.js: one card by id at BENCH_CONNECTIONS (50) while the service syncs a
 * source that differs from its catalog in one card, as issue 25 asks ("during a sync, one card by id at
 * 50 connections keeps p99 under 25 ms"). Per store: the dump imported into a fresh catalog, then
 * LOAD_DURING_SYNC_RUNS runs (3), each a service started with SYNC_SOURCE naming the dump with one card
 * edited and the original in turn (so each run's first sync, at start, changes that card) and loaded for
 * LOAD_DURING_SYNC_SECONDS (15) on the card edited, after 2 s of warm-up from its first healthy answer; the
 * sync's own time is read from the service's log, so the table says whether it lasted the whole load.
 *
 * SYNC_TIMES_SOURCE, SYNC_TIMES_STORES, SYNC_TIMES_CARD and BENCH_POSTGRES_ADMIN_URL as bench/syncTimes.ts.
 */
import { cp, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createBenchDatabase } from './benchDatabase.js';
import { editOneCard } from './editedDump.js';
import { generateLoad, loadGeneratorName } from './loadGenerator.js';
import { freePort, root, run, startProcess } from './processes.js';

const source = process.env.SYNC_TIMES_SOURCE ?? path.resolve(root, '../shared/data/tcgdex');
const stores = (process.env.SYNC_TIMES_STORES ?? 'sqlite,postgres').split(',').map((s) => s.trim()).filter(Boolean);
const card = process.env.SYNC_TIMES_CARD ?? 'base1-4';
const runs = Number(process.env.LOAD_DURING_SYNC_RUNS ?? 3);
const loadSeconds = Number(process.env.LOAD_DURING_SYNC_SECONDS ?? 15);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const SYNCED = /synced in (\d+) ms/;
/** As the bench's other scenarios: the service's JIT and first reads, not measured (the sync runs on through them). */
const WARM_UP_SECONDS = 2;

/** A fresh catalog of `kind` in `work`, its URL and how to drop it. */
async function freshCatalog(kind: string, work: string): Promise<{ databaseUrl: string; drop: () => Promise<void> }> {
  if (kind === 'sqlite') return { databaseUrl: `file:${path.join(work, 'catalog.db')}`, drop: async () => undefined };
  if (kind !== 'postgres') throw new Error(`SYNC_TIMES_STORES: unknown store ${kind}`);
  const database = await createBenchDatabase();
  return { databaseUrl: database.url, drop: () => database.drop() };
}

interface Row { store: string; syncMs: number; rps: number; p50: number; p99: number; load: string }

async function measure(kind: string, work: string, dumps: { original: string; edited: string }): Promise<Row[]> {
  const { databaseUrl, drop } = await freshCatalog(kind, work);
  const env = { ...process.env, DATABASE_URL: databaseUrl, BULK_DIR: path.join(work, `bulk-${kind}`) };
  const rows: Row[] = [];
  try {
    await run(process.execPath, ['dist/src/cli/import.js', dumps.original], { ...env, LOG_LEVEL: 'warn' }, 'ignore');
    const key = (await run(process.execPath, ['dist/src/cli/keys.js', 'create', '--email', `load-during-sync-${Date.now()}@example.test`,
      '--tier', 'internal', '--unlimited'], env)).trim();
    for (let i = 0; i < runs; i++) {
      const port = await freePort();
      let log = '';
      const loadBefore = os.loadavg()[0]!.toFixed(1);
      const server = await startProcess(['dist/src/main.js'], {
        ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'info', SYNC_SOURCE: i % 2 === 0 ? dumps.edited : dumps.original, SYNC_EVERY: '24h',
      }, `http://127.0.0.1:${port}/healthz`, (text) => { log += text; });
      try {
        const url = `http://127.0.0.1:${port}/v1/cards?id=en-${card}`;
        const headers = { authorization: `Bearer ${key}` };
        await generateLoad(url, headers, WARM_UP_SECONDS, connections);
        const load = await generateLoad(url, headers, loadSeconds, connections);
        if (load.failures > 0) throw new Error(`${load.failures} requests failed during the sync`);
        while (!SYNCED.test(log)) {
          if (server.exitCode !== null) throw new Error('the service exited before its sync ended');
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        rows.push({ store: kind, syncMs: Number(log.match(SYNCED)![1]), ...load, load: loadBefore });
        console.error(`${kind} run ${i + 1}: sync ${(rows.at(-1)!.syncMs / 1000).toFixed(1)} s, p99 ${load.p99.toFixed(2)} ms`);
      } finally {
        const exited = new Promise((resolve) => server.once('exit', resolve));
        server.kill('SIGTERM');
        await exited;
      }
    }
    return rows;
  } finally {
    await drop();
  }
}

async function main(): Promise<void> {
  const work = await mkdtemp(path.join(os.tmpdir(), 'load-during-sync-'));
  try {
    const dumps = { original: path.join(work, 'dump'), edited: path.join(work, 'dump-one-card') };
    await cp(source, dumps.original, { recursive: true });
    await editOneCard(dumps.original, dumps.edited, card);
    const rows: Row[] = [];
    for (const kind of stores) rows.push(...await measure(kind, path.join(work, kind), dumps));
    console.log(`\none card by id (en-${card}) at ${connections} connections (${loadGeneratorName()}) for ${loadSeconds} s after ${WARM_UP_SECONDS} s ` +
      'of warm-up from the service\'s first healthy answer, while its first sync (of a source differing in that card) runs; ' +
      'load average (1 min) before each run\n');
    console.log('| store | sync took s | req/s | p50 ms | p99 ms | load average |');
    console.log('| --- | ---: | ---: | ---: | ---: | ---: |');
    for (const row of rows) {
      console.log(`| ${row.store} | ${(row.syncMs / 1000).toFixed(1)}${row.syncMs < (WARM_UP_SECONDS + loadSeconds) * 1000 ? ' (ended before the load)' : ''} | ` +
        `${row.rps.toFixed(0)} | ${row.p50.toFixed(2)} | ${row.p99.toFixed(2)} | ${row.load} |`);
    }
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

await main();
