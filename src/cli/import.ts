import { runCommand, UsageError } from './runCommand.js';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { readConfig } from '../config.js';
import { detectSource, ImportSourceError, runImport } from '../importer/runImport.js';
import { DEFAULT_CRAWL_CACHE_DIR } from '../importer/sources/tcgdexApi.js';
import { openCatalogStore } from '../store/open.js';
import { formatReport } from './formatReport.js';
import { createProgressDisplay } from './progressDisplay.js';
import { SYNC_HELD_EXIT_CODE } from '../sync/syncScheduler.js';

const USAGE = `usage: npm run import -- <source> [--report <file>] [--cache-dir <dir>] [--cache-max-age <hours>] [--concurrency <n>] [--sync] [--force]

<source> is one of
  a TCGdex dump directory        (<lang>.sets.ndjson.gz and <lang>.cards.ndjson.gz files)
  a directory exported by this service (npm run export)
  a TCGdex API base URL          (https://api.tcgdex.net/v2)
The catalog goes to DATABASE_URL (default file:./var/catalog.db); keys and usage are kept.
A dump or an export whose files are the bytes last imported, by a build of the same mapping version,
is not read again: the import records the retrieval (retrieved_at) and writes nothing else. An API crawl
is compared the same way once read, before it is mapped.
--report         where to write the full report as JSON (default: import-report.json beside the database)
--cache-dir      API crawls only: response cache, kept to resume an interrupted crawl (default ${DEFAULT_CRAWL_CACHE_DIR})
--cache-max-age  API crawls only: hours a cached response stays valid (default 24; 0 fetches everything again)
--concurrency    API crawls only: requests in flight (default 8)
--sync           as a scheduled sync does it: only while no other process syncs this catalog (PostgreSQL: an
                 advisory lock); when one does, exit ${SYNC_HELD_EXIT_CODE} having done nothing
--force          read, map and compare the source even when it is unchanged (the catalog still gets only what differs)`;


function positiveNumber(value: string | undefined, name: string, integer: boolean): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0 || (integer && (!Number.isInteger(n) || n < 1))) {
    throw new UsageError(`--${name} must be a ${integer ? 'positive integer' : 'number ≥ 0'}, got "${value}"`);
  }
  return n;
}

/** `import-report.json` beside a SQLite database; under ./var for any other store. */
function defaultReportFile(databaseUrl: string): string {
  const file = databaseUrl.startsWith('file:') ? databaseUrl.slice('file:'.length) : '';
  const dir = file && file !== ':memory:' ? path.dirname(file) : 'var';
  return path.join(dir, 'import-report.json');
}

async function main(): Promise<void> {
  let args;
  try {
    args = parseArgs({
      allowPositionals: true,
      options: {
        report: { type: 'string' },
        'cache-dir': { type: 'string' },
        'cache-max-age': { type: 'string' },
        concurrency: { type: 'string' },
        sync: { type: 'boolean' },
        force: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  if (args.values.help) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  if (args.positionals.length !== 1) {
    throw new UsageError(args.positionals.length === 0 ? 'name the source to import' : 'name exactly one source');
  }
  const maxAgeHours = positiveNumber(args.values['cache-max-age'], 'cache-max-age', false);
  const concurrency = positiveNumber(args.values.concurrency, 'concurrency', true);
  const { databaseUrl, store: storeOptions } = readConfig();
  const reportFile = args.values.report ?? defaultReportFile(databaseUrl);

  const source = await detectSource(args.positionals[0]!);

  const progress = createProgressDisplay();
  // Writes and its own counts only: no read workers beside an import that needs the memory.
  const store = await openCatalogStore(databaseUrl, { ...storeOptions, sqliteReadWorkers: 0 });
  const lock = args.values.sync ? await store.trySyncLock() : null;
  if (args.values.sync && !lock) {
    await store.close();
    process.stdout.write('Another process is syncing this catalog: nothing done.\n');
    process.exitCode = SYNC_HELD_EXIT_CODE;
    return;
  }
  try {
    const result = await runImport(source, store, {
      force: args.values.force,
      progress: progress.update,
      api: {
        cacheDir: args.values['cache-dir'],
        maxCacheAgeMs: maxAgeHours === undefined ? undefined : maxAgeHours * 3_600_000,
        concurrency,
      },
    });
    progress.stop();
    const { report, counts } = result;
    if (report === null) {
      // The report of the import that made this catalog stays where it is: it still describes it.
      process.stdout.write(`The source is unchanged since the last import (fingerprint ${result.source.fingerprint.slice(0, 12)}, `
        + `mapping version ${result.source.mappingVersion}; checked in ${result.fingerprintMs} ms): nothing read, nothing written `
        + `but the retrieval time. --force reads it anyway.\n`);
      process.stdout.write(`The catalog is unchanged: ${counts.sets} sets and ${counts.cards} cards.\n`);
      return;
    }
    await mkdir(path.dirname(path.resolve(reportFile)), { recursive: true });
    await writeFile(reportFile, `${JSON.stringify(report, null, 2)}\n`);
    process.stdout.write(`${formatReport(report, reportFile)}\n`);
    process.stdout.write(`The catalog now holds ${counts.sets} sets and ${counts.cards} cards.\n`);
  } finally {
    progress.stop();
    await lock?.release();
    await store.close();
  }
}

runCommand('import', USAGE, () => main(), { isCallerError: (error) => error instanceof ImportSourceError });
