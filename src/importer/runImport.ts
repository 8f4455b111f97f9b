import { existsSync } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { CatalogCounts, CatalogStore } from '../catalog/catalogStore.js';
import type { ImportProgress } from '../catalog/importProgress.js';
import type { ImportReport } from './importReport.js';
import { mapTcgdex, type MappedCatalog } from './mapTcgdex.js';
import { MANIFEST_FILE } from './ownExportFormat.js';
import { readOwnExport } from './sources/ownExport.js';
import { crawlTcgdexApi, type TcgdexApiOptions } from './sources/tcgdexApi.js';
import { readTcgdexDump } from './sources/tcgdexDump.js';
import type { TcgdexLanguageData } from './tcgdexRecords.js';

export type ImportSource =
  | { kind: 'own-export'; dir: string }
  | { kind: 'tcgdex-dump'; dir: string }
  | { kind: 'tcgdex-api'; baseUrl: string };

/** The argument names no source this importer reads. */
export class ImportSourceError extends Error {}

/**
 * What an import argument names: an http(s) URL is the TCGdex API, a directory with a
 * manifest.json is this service's export, one with `<lang>.sets.ndjson.gz` files a TCGdex dump.
 */
export async function detectSource(argument: string): Promise<ImportSource> {
  if (/^https?:\/\//i.test(argument)) {
    try {
      new URL(argument);
    } catch {
      throw new ImportSourceError(`${argument} is not a valid URL`);
    }
    return { kind: 'tcgdex-api', baseUrl: argument.replace(/\/+$/, '') };
  }
  const expected = 'expected a TCGdex dump directory (<lang>.sets.ndjson.gz files), a directory exported by '
    + 'this service (manifest.json) or a TCGdex API base URL (https://api.tcgdex.net/v2)';
  let isDirectory = false;
  try {
    isDirectory = (await stat(argument)).isDirectory();
  } catch {
    throw new ImportSourceError(`${argument} does not exist: ${expected}`);
  }
  if (!isDirectory) throw new ImportSourceError(`${argument} is not a directory: ${expected}`);
  if (existsSync(path.join(argument, MANIFEST_FILE))) return { kind: 'own-export', dir: argument };
  if ((await readdir(argument)).some((name) => name.endsWith('.sets.ndjson.gz'))) return { kind: 'tcgdex-dump', dir: argument };
  throw new ImportSourceError(`${argument} holds neither manifest.json nor *.sets.ndjson.gz files: ${expected}`);
}

export function describeSource(source: ImportSource): string {
  switch (source.kind) {
    case 'own-export': return `own export ${source.dir}`;
    case 'tcgdex-dump': return `tcgdex dump ${source.dir}`;
    case 'tcgdex-api': return `tcgdex api ${source.baseUrl}`;
  }
}

export interface LoadOptions {
  progress?: ImportProgress;
  /** Cache, concurrency and retry settings of an API crawl. */
  api?: Omit<TcgdexApiOptions, 'progress'>;
}

/** Reads a source and maps it to the canonical catalog, with the report of what was left out. */
export async function loadCatalog(source: ImportSource, options: LoadOptions = {}): Promise<MappedCatalog> {
  if (source.kind === 'own-export') return readOwnExport(source.dir, { progress: options.progress });
  const started = performance.now();
  const reader = source.kind === 'tcgdex-dump'
    ? readTcgdexDump(source.dir, { progress: options.progress })
    : crawlTcgdexApi(source.baseUrl, { ...options.api, progress: options.progress });
  const languages: TcgdexLanguageData[] = [];
  for await (const language of reader) languages.push(language);
  const readMs = Math.round(performance.now() - started);
  const mapped = mapTcgdex(languages, { source: describeSource(source), progress: options.progress });
  mapped.report.timings = { read: readMs, ...mapped.report.timings };
  return mapped;
}

export interface ImportResult {
  report: ImportReport;
  /** What the store holds after the import. */
  counts: CatalogCounts;
}

/**
 * Imports a source into the store: read, map, validate, then replace the catalog in one
 * transaction. Keys and usage are the store's and stay as they are. A source that yields no
 * set at all is refused, so a dead URL or an empty directory never empties the catalog.
 */
export async function runImport(
  source: string | ImportSource,
  store: CatalogStore,
  options: LoadOptions = {},
): Promise<ImportResult> {
  const resolved = typeof source === 'string' ? await detectSource(source) : source;
  const { catalog, report } = await loadCatalog(resolved, options);
  if (catalog.sets.length === 0) {
    throw new Error(`${describeSource(resolved)} gave no sets: the catalog was left as it is`);
  }
  const started = performance.now();
  const progress = options.progress;
  const counts = await store.replaceCatalog(catalog, progress && ((phase, done, total) => progress(`write ${phase}`, done, total)));
  report.timings.write = Math.round(performance.now() - started);
  return { report, counts };
}
