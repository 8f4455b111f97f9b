/**
 * The card pages' speed (issue 40): GET /cards/{id} at one connection on the full catalog, the page
 * of one card again and again (its rendered page kept) and of 5,000 cards at random (most rendered
 * from the cached answers, as the pages kept hold about 16 MB), beside the API's answer of the same card,
 * GET /v1/cards?id=, on the same instance. The target: a card page's p50 at most 2 ms.
 *
 *   npm run build && CATALOG_DB=/path/to/full/catalog.db node dist/bench/cardPages.js
 *
 * Without CATALOG_DB the shared TCGdex dump is imported into a temporary file first (about a minute).
 * BENCH_ONLY=<regex> runs the rows whose names match (`API` for the API's alone: run from another
 * build's folder, `node <this build>/dist/bench/cardPages.js` measures that build's /v1 the same way).
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { runImport } from '../src/importer/runImport.js';
import { StoredCatalog } from '../src/catalog/answers/storedCatalog.js';
import { SqliteCatalogBackend } from '../src/store/sqlite/sqliteCatalogBackend.js';
import { generateLoad, loadGeneratorName } from './loadGenerator.js';
import { sharedDumpDir } from '../test/support/shared.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CARD = 'en-sv01-196';
const only = new RegExp(process.env.BENCH_ONLY ?? '');
const PORT = 18_000 + Math.floor(Math.random() * 1000);

/** A row: its name, the URL, the headers, the paths picked in turn. */
type Row = [string, string, Record<string, string>, { paths: { pool: string[]; seed: number } } | undefined];

async function main(): Promise<void> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'card-pages-bench-'));
  try {
    let file = process.env.CATALOG_DB;
    if (!file) {
      file = path.join(dir, 'catalog.db');
      const store = new StoredCatalog(new SqliteCatalogBackend(file));
      await runImport(sharedDumpDir, store);
      await store.close();
    }
    const catalog = new Database(file, { readonly: true });
    const ids = (catalog.prepare('SELECT id FROM cards ORDER BY random() LIMIT 5000').all() as Array<{ id: string }>).map(({ id }) => id);
    catalog.close();
    const env = {
      ...process.env, DATABASE_URL: `file:${file}`, PORT: String(PORT), HOST: '127.0.0.1',
      PUBLIC_BASE_URL: `http://127.0.0.1:${PORT}`, UNKEYED_REQUESTS_PER_MINUTE: '0', LOG_LEVEL: 'warn',
    };
    // The keys live beside the catalog (catalog.access.db): an unlimited one for the API's row.
    const key = spawnSync(process.execPath, ['dist/src/cli/keys.js', 'create', '--email', `bench-pages-${Date.now()}@example.test`,
      '--tier', 'internal', '--unlimited'], { env, encoding: 'utf8' }).stdout.trim();
    const server = spawn(process.execPath, ['dist/src/main.js'], { env, stdio: 'ignore' });
    try {
      const base = `http://127.0.0.1:${PORT}`;
      for (let i = 0; i < 100; i++) {
        if ((await fetch(`${base}/healthz`).catch(() => null))?.ok) break;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      const rows: Row[] = ([
        [`GET /cards/${CARD} (one page, kept)`, `${base}/cards/${CARD}`, {}, undefined],
        ['GET /cards/{id}, 5,000 cards at random (most rendered)', `${base}/cards/${CARD}`, {}, { paths: { pool: ids.map((id) => `/cards/${id}`), seed: 40 } }],
        [`GET /v1/cards?id=${CARD} (the API, keyed)`, `${base}/v1/cards?id=${CARD}`, { authorization: `Bearer ${key}` }, undefined],
      ] satisfies Row[]).filter(([name]) => only.test(name));
      // Every page once, so the answers they show are cached as in a service that has run a while.
      if (rows.some(([name]) => name.startsWith('GET /cards'))) {
        for (const id of [CARD, ...ids]) await (await fetch(`${base}/cards/${id}`)).arrayBuffer();
      }
      console.log(`card pages at one connection, ${SECONDS} s each, ${loadGeneratorName()}, full catalog (${ids.length} random cards)\n`);
      console.log('| request | req/s | p50 ms | p99 ms | failures |');
      console.log('|---|---:|---:|---:|---:|');
      for (const [name, url, headers, request] of rows) {
        const load = await generateLoad(url, headers, SECONDS, 1, undefined, request);
        console.log(`| ${name} | ${Math.round(load.rps)} | ${load.p50.toFixed(2)} | ${load.p99.toFixed(2)} | ${load.failures} |`);
      }
    } finally {
      server.kill('SIGTERM');
      await new Promise((resolve) => server.once('exit', resolve));
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
