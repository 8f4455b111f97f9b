import { createReadStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import type { CardRecord } from '../../schemas/card.js';
import type { CardSet } from '../../schemas/set.js';
import type { ImportProgress } from '../../catalog/importProgress.js';
import { countRecord, type ImportReport, type SkippedRecord } from '../importReport.js';
import type { MappedCatalog } from '../mapTcgdex.js';
import {
  CARDS_FILE, currentShape, EXPORT_FORMAT, MANIFEST_FILE, READABLE_EXPORT_VERSIONS, SETS_FILE, languageOfId,
  type ExportManifest,
} from '../ownExportFormat.js';
import { checkCard, checkSet, type RecordCheck } from '../validateRecords.js';

export async function readManifest(dir: string): Promise<ExportManifest> {
  let manifest: Partial<ExportManifest>;
  try {
    manifest = JSON.parse(await readFile(path.join(dir, MANIFEST_FILE), 'utf8')) as Partial<ExportManifest>;
  } catch (error) {
    throw new Error(`${path.join(dir, MANIFEST_FILE)} is not readable JSON: ${(error as Error).message}`);
  }
  if (manifest.format !== EXPORT_FORMAT) {
    throw new Error(`${dir} holds a manifest.json, but not one of a ${EXPORT_FORMAT} (format is ${JSON.stringify(manifest.format)})`);
  }
  if (typeof manifest.version !== 'number' || !READABLE_EXPORT_VERSIONS.includes(manifest.version)) {
    throw new Error(`${dir} is a ${EXPORT_FORMAT} version ${manifest.version}; this service reads versions ${READABLE_EXPORT_VERSIONS.join(' and ')}`);
  }
  const counts = manifest.counts;
  if (!counts || !Number.isInteger(counts.sets) || !Number.isInteger(counts.cards)) {
    throw new Error(`${path.join(dir, MANIFEST_FILE)} has no counts of sets and cards`);
  }
  return manifest as ExportManifest;
}

async function* records(file: string): AsyncGenerator<[unknown, number]> {
  const lines = createInterface({ input: createReadStream(file), crlfDelay: Infinity });
  let lineNumber = 0;
  for await (const line of lines) {
    lineNumber += 1;
    if (line.trim() === '') continue;
    try {
      yield [JSON.parse(line), lineNumber];
    } catch (error) {
      throw new Error(`${path.basename(file)} line ${lineNumber}: not JSON (${(error as Error).message})`);
    }
  }
}

/**
 * Reads an export made by this service back into a catalog. Each record is checked with the
 * catalog schemas (a record of an older version once brought to the current shape); one that
 * fails, repeats an id or names a missing set is skipped and reported. An export whose files
 * hold fewer or more records than its manifest counts is refused.
 */
export async function readOwnExport(dir: string, options: { progress?: ImportProgress } = {}): Promise<MappedCatalog> {
  const started = performance.now();
  const manifest = await readManifest(dir);
  const skipped: SkippedRecord[] = [];
  const report: ImportReport = { source: `own export ${dir}`, read: {}, imported: {}, skipped, timings: {} };

  async function read<T extends { id: string }>(
    file: string, kind: 'set' | 'card', check: RecordCheck<T>, expected: number, accept: (record: T) => string | null,
  ): Promise<T[]> {
    const kept: T[] = [];
    const ids = new Set<string>();
    let count = 0;
    for await (const [read, lineNumber] of records(path.join(dir, file))) {
      const value = currentShape(read, kind, manifest.version);
      count += 1;
      if (count % 5000 === 0) options.progress?.(`read ${file}`, count, expected);
      const id = typeof (value as { id?: unknown })?.id === 'string' ? (value as { id: string }).id : `${file} line ${lineNumber}`;
      const lang = languageOfId(id) ?? 'unknown';
      countRecord(report.read, lang, kind);
      const problem = check(value) ?? (ids.has(id) ? `duplicate ${kind} id` : null) ?? accept(value as T);
      if (problem) {
        skipped.push({ kind, lang, id, reason: problem });
        continue;
      }
      ids.add(id);
      kept.push(value as T);
    }
    if (count !== expected) {
      throw new Error(`the export in ${dir} is incomplete: ${MANIFEST_FILE} counts ${expected} records in ${file}, the file holds ${count}`);
    }
    options.progress?.(`read ${file}`, count, expected);
    return kept;
  }

  const sets = await read<CardSet>(SETS_FILE, 'set', checkSet, manifest.counts.sets, () => null);
  const setLanguages = new Map(sets.map((set) => [set.id, set.language]));
  const cards = await read<CardRecord>(CARDS_FILE, 'card', checkCard, manifest.counts.cards,
    (card) => (setLanguages.has(card.set_id) ? null : `its set ${card.set_id} is not in the export`));

  for (const set of sets) countRecord(report.imported, set.language, 'set');
  for (const card of cards) countRecord(report.imported, setLanguages.get(card.set_id)!, 'card');
  report.timings.read = Math.round(performance.now() - started);
  return { catalog: { sets, cards }, report };
}
