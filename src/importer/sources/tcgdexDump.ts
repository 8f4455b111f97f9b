import { createReadStream } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { createGunzip } from 'node:zlib';
import type { ImportProgress } from '../../catalog/importProgress.js';
import {
  pickTcgdexCard, pickTcgdexSet, type TcgdexCard, type TcgdexLanguageData, type TcgdexSet,
} from '../tcgdexRecords.js';

/**
 * A TCGdex dump directory: per TCGdex language, `<lang>.sets.ndjson.gz` and
 * `<lang>.cards.ndjson.gz`, one API v2 object per line (the format of shared/data/tcgdex).
 */
const SETS_FILE = /^(.+)\.sets\.ndjson\.gz$/;

/** The TCGdex languages a dump directory holds, English first (the mapping reads it first anyway). */
export async function dumpLanguages(dir: string): Promise<string[]> {
  const langs = (await readdir(dir)).flatMap((name) => SETS_FILE.exec(name)?.[1] ?? []);
  return langs.sort((a, b) => (a === 'en' ? -1 : b === 'en' ? 1 : a < b ? -1 : a > b ? 1 : 0));
}

export interface TcgdexDumpOptions {
  /** Read only these TCGdex languages (default: every language in the directory). */
  languages?: readonly string[];
  /** Called per language with compressed bytes read so far and the language's total. */
  progress?: ImportProgress;
}

async function* ndjsonLines(file: string, onBytes: (bytes: number) => void): AsyncGenerator<[unknown, string]> {
  const raw = createReadStream(file);
  const lines = createInterface({ input: raw.pipe(createGunzip()), crlfDelay: Infinity });
  let lineNumber = 0;
  for await (const line of lines) {
    lineNumber += 1;
    if (lineNumber % 1000 === 0) onBytes(raw.bytesRead);
    if (line.trim() === '') continue;
    const where = `${path.basename(file)} line ${lineNumber}`;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (error) {
      throw new Error(`${where}: not JSON (${(error as Error).message})`);
    }
    yield [value, where];
  }
  onBytes(raw.bytesRead);
}

async function sizeOf(file: string, what: string): Promise<number> {
  try {
    return (await stat(file)).size;
  } catch {
    throw new Error(`the dump is incomplete: ${what} is missing`);
  }
}

/** Reads one language at a time, keeping only the fields the mapping uses. */
export async function* readTcgdexDump(dir: string, options: TcgdexDumpOptions = {}): AsyncGenerator<TcgdexLanguageData> {
  const available = await dumpLanguages(dir);
  const langs = options.languages ? available.filter((lang) => options.languages!.includes(lang)) : available;
  for (const lang of langs) {
    const setsFile = path.join(dir, `${lang}.sets.ndjson.gz`);
    const cardsFile = path.join(dir, `${lang}.cards.ndjson.gz`);
    const setsSize = await sizeOf(setsFile, `${lang}.sets.ndjson.gz`);
    const total = setsSize + (await sizeOf(cardsFile, `${lang}.cards.ndjson.gz (beside ${lang}.sets.ndjson.gz)`));
    const phase = `read ${lang}`;
    options.progress?.(phase, 0, total);

    const sets: TcgdexSet[] = [];
    for await (const [value, where] of ndjsonLines(setsFile, (bytes) => options.progress?.(phase, bytes, total))) {
      sets.push(pickTcgdexSet(value, where));
    }
    const cards: TcgdexCard[] = [];
    const onCardBytes = (bytes: number) => options.progress?.(phase, setsSize + bytes, total);
    for await (const [value, where] of ndjsonLines(cardsFile, onCardBytes)) {
      cards.push(pickTcgdexCard(value, where));
    }
    options.progress?.(phase, total, total);
    yield { lang, sets, cards };
  }
}
