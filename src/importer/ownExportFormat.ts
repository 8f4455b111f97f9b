import { createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { once } from 'node:events';
import { LANGUAGES } from '../schemas/common.js';
import type { CatalogCounts } from '../catalog/catalogShapes.js';
import type { ImportProgress } from '../catalog/importProgress.js';
import type { CardRecord } from '../schemas/card.js';
import type { CardSet } from '../schemas/set.js';

/**
 * This service's own export: a directory holding
 *   manifest.json  {"format": "tcg-catalog-export", "version": 2, "counts": {"sets": <n>, "cards": <n>},
 *                   "exported_at": <date-time>}   (other keys are ignored)
 *   sets.ndjson    one canonical Set per line (the API's Set shape)
 *   cards.ndjson   one canonical CardRecord per line (the API's CardWithVariants without set_name and set_code, which an import derives from the set)
 * The manifest is written last: a directory without it is not a (complete) export.
 *
 * Version 2 added the cards' gameplay fields and the sets' abbreviation. Version 1 exports are
 * still read: the fields they lack are null (unknown). The version went up so that a service
 * that predates the fields refuses a new export by its manifest instead of every record in it.
 */
export const EXPORT_FORMAT = 'tcg-catalog-export';
export const EXPORT_VERSION = 2;
export const READABLE_EXPORT_VERSIONS: readonly number[] = [1, 2];
export const MANIFEST_FILE = 'manifest.json';
export const SETS_FILE = 'sets.ndjson';
export const CARDS_FILE = 'cards.ndjson';

export interface ExportManifest {
  format: typeof EXPORT_FORMAT;
  /** One of READABLE_EXPORT_VERSIONS; an export is written as EXPORT_VERSION. */
  version: number;
  /** When `npm run export` wrote it (readers do not need it). */
  exported_at?: string;
  counts: CatalogCounts;
}

/** What an export reads from: the store's export side. */
export interface ExportableCatalog {
  exportSets(): AsyncIterable<CardSet>;
  exportCards(): AsyncIterable<CardRecord>;
}

/** The fields version 2 added; a version 1 record knows nothing of them (null). */
const ADDED_IN_VERSION_2 = {
  set: ['abbreviation'],
  card: [
    'evolves_from', 'pokedex_numbers', 'flavor_text', 'abilities', 'attacks', 'weaknesses', 'resistances',
    'retreat_cost', 'rules_text', 'legalities',
  ],
} as const;

/**
 * A record of an export of `version` in the current shape: the fields it predates are added,
 * null, after its own (where a fresh import puts them); nothing else changes.
 */
export function currentShape(value: unknown, kind: 'set' | 'card', version: number): unknown {
  if (version >= 2 || typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  const record: Record<string, unknown> = { ...value };
  for (const field of ADDED_IN_VERSION_2[kind]) if (!(field in record)) record[field] = null;
  return record;
}

const LONGEST_CODE_FIRST = [...LANGUAGES].sort((a, b) => b.length - a.length);

/** The catalog language a catalog id starts with (`zh-tw-SV1a` → `zh-tw`), or null. */
export function languageOfId(id: string): string | null {
  return LONGEST_CODE_FIRST.find((lang) => id.startsWith(`${lang}-`)) ?? null;
}

async function writeLines<T>(
  file: string,
  records: AsyncIterable<T>,
  onCount: (count: number) => void,
): Promise<number> {
  const out = createWriteStream(file);
  let count = 0;
  try {
    for await (const record of records) {
      if (!out.write(`${JSON.stringify(record)}\n`)) await once(out, 'drain');
      count += 1;
      if (count % 5000 === 0) onCount(count);
    }
  } finally {
    out.end();
    await once(out, 'close');
  }
  onCount(count);
  return count;
}

/**
 * Writes the catalog to `dir` (created if needed). Refuses a directory that holds anything
 * but a previous export, so an export never mixes with other files.
 */
export async function writeOwnExport(
  dir: string,
  catalog: ExportableCatalog,
  progress?: ImportProgress,
): Promise<CatalogCounts> {
  await mkdir(dir, { recursive: true });
  const temporary = (name: string) => path.join(dir, `.${name}.tmp`);
  const ours = new Set([MANIFEST_FILE, SETS_FILE, CARDS_FILE].flatMap((name) => [name, `.${name}.tmp`]));
  const foreign = (await readdir(dir)).filter((name) => !ours.has(name));
  if (foreign.length > 0) {
    throw new Error(`${dir} is not empty (holds ${foreign.slice(0, 3).join(', ')}${foreign.length > 3 ? ', ...' : ''}): choose a new or empty directory`);
  }
  await rm(path.join(dir, MANIFEST_FILE), { force: true });
  const sets = await writeLines(temporary(SETS_FILE), catalog.exportSets(), (n) => progress?.('export sets', n, n));
  const cards = await writeLines(temporary(CARDS_FILE), catalog.exportCards(), (n) => progress?.('export cards', n, n));
  await rename(temporary(SETS_FILE), path.join(dir, SETS_FILE));
  await rename(temporary(CARDS_FILE), path.join(dir, CARDS_FILE));
  const manifest: ExportManifest = {
    format: EXPORT_FORMAT,
    version: EXPORT_VERSION,
    exported_at: new Date().toISOString(),
    counts: { sets, cards },
  };
  await writeFile(temporary(MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
  await rename(temporary(MANIFEST_FILE), path.join(dir, MANIFEST_FILE));
  return manifest.counts;
}
