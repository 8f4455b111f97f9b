import { createHash } from 'node:crypto';
import { copyFileSync, constants, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync, renameSync, openSync, closeSync } from 'node:fs';
import path from 'node:path';
import type { ImportReport } from '../../src/importer/importReport.js';
import { runImport } from '../../src/importer/runImport.js';
import { StoredCatalog } from '../../src/catalog/answers/storedCatalog.js';
import { SqliteCatalogBackend } from '../../src/store/sqlite/sqliteCatalogBackend.js';
import { projectRoot, sharedDumpDir, sharedDumpOf } from './shared.js';

/**
 * The shared TCGdex dump imported into SQLite once, for the test files that only read the result:
 * an import is the slowest setup there is, a copy of its file among the quickest. It is cached in
 * node_modules/.cache/tcg-test/ under a key of what makes it (the dump files' names, sizes and times,
 * the languages, and the built modules the import and the SQLite store are made of: a change to the
 * importer or the schema imports again, one to the routes does not); each caller gets a copy of its
 * own to open, write and delete. Several test files start at once: the first to take the lock file
 * imports, the others wait for it.
 */

const CACHE_ROOT = path.join(projectRoot, 'node_modules', '.cache', 'tcg-test');
/** Longer than an import of the whole dump on a loaded machine. */
const WAIT_MS = 20 * 60_000;

export interface ImportedCatalog {
  /** The copy's SQLite file, in `dir`. */
  file: string;
  /** What runImport reported when the cached catalog was imported. */
  report: ImportReport;
}

const IMPORT_MODULES = ['importer/runImport.js', 'catalog/answers/storedCatalog.js', 'store/sqlite/sqliteCatalogBackend.js'];

/** The built modules of src/ that `entries` import, themselves included, following relative imports. */
function moduleGraph(root: string, entries: readonly string[]): string[] {
  const seen = new Set<string>();
  const pending = entries.map((entry) => path.join(root, entry));
  for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
    if (seen.has(file)) continue;
    seen.add(file);
    for (const [, specifier] of readFileSync(file, 'utf8').matchAll(/(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)'/g)) {
      pending.push(path.resolve(path.dirname(file), specifier!));
    }
  }
  return [...seen].sort();
}

/** The cache key: what the dump files are, which languages, and the code that imports and stores them. */
function keyOf(languages: readonly string[] | undefined): string {
  const hash = createHash('sha256');
  hash.update(JSON.stringify(languages ?? 'all'));
  for (const name of readdirSync(sharedDumpDir).sort()) {
    const { size, mtimeMs } = statSync(path.join(sharedDumpDir, name));
    hash.update(`${name} ${size} ${mtimeMs}\n`);
  }
  const built = path.join(projectRoot, 'dist', 'src');
  for (const file of moduleGraph(built, IMPORT_MODULES)) hash.update(path.relative(built, file)).update(readFileSync(file));
  return hash.digest('hex').slice(0, 16);
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Takes the lock file, or returns false when a live process holds it; a dead holder's lock is taken over. */
function tryLock(lock: string): boolean {
  try {
    closeSync(openSync(lock, 'wx'));
    writeFileSync(lock, String(process.pid));
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const holder = Number(readFileSync(lock, 'utf8'));
  // An empty file is a lock being written this moment.
  if (holder > 0 && !alive(holder)) {
    rmSync(lock, { force: true });
    return tryLock(lock);
  }
  return false;
}

/**
 * Imports into a folder of this process's own, renamed to `ready` once complete: should two
 * processes build at once (a lock taken over from a dead holder), one keeps its import and the
 * other drops its own.
 */
async function build(ready: string, languages: readonly string[] | undefined): Promise<void> {
  const work = `${ready}.building.${process.pid}`;
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  const store = new StoredCatalog(new SqliteCatalogBackend(path.join(work, 'catalog.db')));
  let report: ImportReport;
  try {
    report = (await runImport(languages ? sharedDumpOf(languages, path.join(work, 'dump')) : sharedDumpDir, store)).report!;
  } finally {
    await store.close();
  }
  writeFileSync(path.join(work, 'report.json'), JSON.stringify(report));
  rmSync(path.join(work, 'dump'), { recursive: true, force: true });
  try {
    renameSync(work, ready);
  } catch (error) {
    if (!existsSync(ready)) throw error;
    rmSync(work, { recursive: true, force: true });
  }
}

/**
 * Removes what no run will ask for again: the caches of other keys (an older build or dump) and
 * the unfinished imports of processes that died; a live process's import and lock stay.
 */
function pruneOthers(kind: string, ready: string): void {
  for (const name of readdirSync(CACHE_ROOT)) {
    if (!name.startsWith(`${kind}-`) || name === path.basename(ready)) continue;
    const builder = /\.building\.(\d+)$/.exec(name);
    if (builder ? alive(Number(builder[1])) : name.endsWith('.lock')) continue;
    rmSync(path.join(CACHE_ROOT, name), { recursive: true, force: true });
  }
}

async function cached(languages: readonly string[] | undefined): Promise<string> {
  const kind = languages ? `catalog-${languages.join('+')}` : 'catalog-all';
  const ready = path.join(CACHE_ROOT, `${kind}-${keyOf(languages)}`);
  const lock = `${ready}.lock`;
  mkdirSync(CACHE_ROOT, { recursive: true });
  const deadline = Date.now() + WAIT_MS;
  while (!existsSync(ready)) {
    if (tryLock(lock)) {
      try {
        if (!existsSync(ready)) {
          await build(ready, languages);
          pruneOthers(kind, ready);
        }
      } finally {
        rmSync(lock, { force: true });
      }
      break;
    }
    if (Date.now() > deadline) throw new Error(`waited ${WAIT_MS / 60_000} min for another test file's import into ${ready}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return ready;
}

/**
 * A SQLite catalog file in `dir` holding the shared dump as runImport imports it (all languages, or
 * only `languages`), and the import's report. The caller checks needsSharedDump() first.
 */
export async function importedCatalog(dir: string, options: { languages?: readonly string[] } = {}): Promise<ImportedCatalog> {
  const ready = await cached(options.languages);
  const file = path.join(dir, 'catalog.db');
  // A reflink where the file system makes them, a copy otherwise.
  copyFileSync(path.join(ready, 'catalog.db'), file, constants.COPYFILE_FICLONE);
  return { file, report: JSON.parse(readFileSync(path.join(ready, 'report.json'), 'utf8')) as ImportReport };
}
