import { existsSync } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { CatalogStore } from '../catalog/catalogStore.js';
import type { CatalogCounts, SourceStamp } from '../catalog/catalogShapes.js';
import { sameStamp } from '../catalog/sourceStamp.js';
import type { ImportProgress } from '../catalog/importProgress.js';
import type { ImportReport } from './importReport.js';
import { mapTcgdex, type MappedCatalog } from './mapTcgdex.js';
import { MANIFEST_FILE } from './ownExportFormat.js';
import { readOwnExport } from './sources/ownExport.js';
import { crawlTcgdexApi, type TcgdexApiOptions } from './sources/tcgdexApi.js';
import { readTcgdexDump } from './sources/tcgdexDump.js';
import { fingerprintFiles, fingerprintRecords, stampOf } from './sourceFingerprint.js';
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

/** What a TCGdex dump or crawl gives, language by language. */
async function readTcgdex(source: ImportSource & { kind: 'tcgdex-dump' | 'tcgdex-api' }, options: LoadOptions): Promise<TcgdexLanguageData[]> {
  const reader = source.kind === 'tcgdex-dump'
    ? readTcgdexDump(source.dir, { progress: options.progress })
    : crawlTcgdexApi(source.baseUrl, { ...options.api, progress: options.progress });
  const languages: TcgdexLanguageData[] = [];
  for await (const language of reader) languages.push(language);
  return languages;
}

function mapRead(source: ImportSource, languages: TcgdexLanguageData[], readMs: number, options: LoadOptions): MappedCatalog {
  const mapped = mapTcgdex(languages, { source: describeSource(source), progress: options.progress });
  mapped.report.timings = { read: readMs, ...mapped.report.timings };
  return mapped;
}

/** Reads a source and maps it to the canonical catalog, with the report of what was left out. */
export async function loadCatalog(source: ImportSource, options: LoadOptions = {}): Promise<MappedCatalog> {
  if (source.kind === 'own-export') return readOwnExport(source.dir, { progress: options.progress });
  const started = performance.now();
  const languages = await readTcgdex(source, options);
  return mapRead(source, languages, Math.round(performance.now() - started), options);
}

export interface ImportOptions extends LoadOptions {
  /** Read, map and compare even when the source's stamp equals the stored one. */
  force?: boolean;
}

export interface ImportResult {
  /** null when the source was unchanged: nothing was read past its fingerprint. */
  report: ImportReport | null;
  /** What the store holds after the import. */
  counts: CatalogCounts;
  /** The source's stamp (its fingerprint and this build's mapping version), stored with the catalog. */
  source: SourceStamp;
  /** The stamp equalled the stored one: only the retrieval was recorded (importedAt), no catalog row written. */
  unchanged: boolean;
  /** How long the fingerprint took (ms), reading included for an API crawl. */
  fingerprintMs: number;
}

/**
 * Imports a source into the store: fingerprint, read, map, validate, then replace the catalog in
 * one transaction. A source whose stamp (fingerprint and mapping version) equals the one stored
 * with the catalog would write nothing: unless `force`, it is neither read (a dump, an export) nor
 * mapped (an API crawl, which must read to know), and only the retrieval is recorded. Keys and
 * usage are the store's and stay as they are. A source that yields no set at all is refused, so a
 * dead URL or an empty directory never empties the catalog.
 */
export async function runImport(
  source: string | ImportSource,
  store: CatalogStore,
  options: ImportOptions = {},
): Promise<ImportResult> {
  const resolved = typeof source === 'string' ? await detectSource(source) : source;
  const started = performance.now();
  const unchanged = async (stamp: SourceStamp) =>
    !options.force && sameStamp(await store.sourceStamp(), stamp) && store.recordRetrieval(stamp);

  let mapped: MappedCatalog;
  let stamp: SourceStamp;
  let fingerprintMs: number;
  /** The stamp stored with what is written: none when the files changed while they were read (then they are read again next time). */
  let written: SourceStamp | undefined;
  if (resolved.kind === 'tcgdex-api') {
    const languages = await readTcgdex(resolved, options);
    const readMs = Math.round(performance.now() - started);
    stamp = stampOf(fingerprintRecords(languages));
    fingerprintMs = Math.round(performance.now() - started);
    if (await unchanged(stamp)) return { report: null, counts: await store.counts(), source: stamp, unchanged: true, fingerprintMs };
    mapped = mapRead(resolved, languages, readMs, options);
    written = stamp;
  } else {
    stamp = stampOf(await fingerprintFiles(resolved.kind, resolved.dir));
    fingerprintMs = Math.round(performance.now() - started);
    if (await unchanged(stamp)) return { report: null, counts: await store.counts(), source: stamp, unchanged: true, fingerprintMs };
    mapped = await loadCatalog(resolved, options);
    written = (await fingerprintFiles(resolved.kind, resolved.dir)) === stamp.fingerprint ? stamp : undefined;
  }

  const { catalog, report } = mapped;
  if (catalog.sets.length === 0) {
    throw new Error(`${describeSource(resolved)} gave no sets: the catalog was left as it is`);
  }
  const writeStarted = performance.now();
  const progress = options.progress;
  const { printingLinks, ...counts } = await store.replaceCatalog(catalog, progress && ((phase, done, total) => progress(`write ${phase}`, done, total)), written);
  report.printingLinks = printingLinks;
  report.timings.write = Math.round(performance.now() - writeStarted);
  return { report, counts, source: stamp, unchanged: false, fingerprintMs };
}
