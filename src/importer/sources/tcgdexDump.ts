import { readFile, readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';
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

const inflate = promisify(gunzip);

/**
 * A file's text, decompressed in zlib's thread pool: the next file is inflated while this one is
 * parsed. A file holds one language's sets or cards (at most about 30 MB of text), never more.
 */
async function inflatedText(file: string): Promise<string> {
  return (await inflate(await readFile(file))).toString('utf8');
}

/**
 * Each line of an NDJSON text parsed, with where it is (`<file> line <n>`) for messages; blank
 * lines are skipped, and a line may end in \r\n. Split by hand rather than by readline, whose
 * events cost more than the parsing at this size. `onLines` hears of the lines done.
 */
function* ndjsonRecords(text: string, file: string, onLines: (done: number, total: number) => void): Generator<[unknown, string]> {
  const name = path.basename(file);
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    if ((i + 1) % 1000 === 0) onLines(i + 1, lines.length);
    const line = lines[i]!.endsWith('\r') ? lines[i]!.slice(0, -1) : lines[i]!;
    if (line.trim() === '') continue;
    const where = `${name} line ${i + 1}`;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (error) {
      throw new Error(`${where}: not JSON (${(error as Error).message})`);
    }
    yield [value, where];
  }
  onLines(lines.length, lines.length);
}

async function sizeOf(file: string, what: string): Promise<number> {
  try {
    return (await stat(file)).size;
  } catch {
    throw new Error(`the dump is incomplete: ${what} is missing`);
  }
}

/**
 * Reads one language at a time, keeping only the fields the mapping uses. The two files after the
 * one being parsed are already being read and inflated, off the main thread.
 */
export async function* readTcgdexDump(dir: string, options: TcgdexDumpOptions = {}): AsyncGenerator<TcgdexLanguageData> {
  const available = await dumpLanguages(dir);
  const langs = options.languages ? available.filter((lang) => options.languages!.includes(lang)) : available;
  const files = langs.flatMap((lang) => [path.join(dir, `${lang}.sets.ndjson.gz`), path.join(dir, `${lang}.cards.ndjson.gz`)]);
  const texts = new Map<string, Promise<string>>();
  /** The text of files[i], the next two files set inflating; a failure is the reader's to report when it gets there. */
  const textOf = (i: number): Promise<string> => {
    for (const file of files.slice(i, i + 3)) {
      if (texts.has(file)) continue;
      const text = inflatedText(file);
      text.catch(() => undefined);
      texts.set(file, text);
    }
    const text = texts.get(files[i]!)!;
    texts.delete(files[i]!);
    return text;
  };

  for (const [l, lang] of langs.entries()) {
    const setsFile = files[2 * l]!;
    const cardsFile = files[2 * l + 1]!;
    const setsSize = await sizeOf(setsFile, `${lang}.sets.ndjson.gz`);
    const cardsSize = await sizeOf(cardsFile, `${lang}.cards.ndjson.gz (beside ${lang}.sets.ndjson.gz)`);
    const total = setsSize + cardsSize;
    const phase = `read ${lang}`;
    options.progress?.(phase, 0, total);

    const sets: TcgdexSet[] = [];
    for (const [value, where] of ndjsonRecords(await textOf(2 * l), setsFile, () => undefined)) {
      sets.push(pickTcgdexSet(value, where));
    }
    options.progress?.(phase, setsSize, total);
    const cards: TcgdexCard[] = [];
    const onCardLines = (done: number, lines: number) => options.progress?.(phase, setsSize + Math.round((cardsSize * done) / lines), total);
    for (const [value, where] of ndjsonRecords(await textOf(2 * l + 1), cardsFile, onCardLines)) {
      cards.push(pickTcgdexCard(value, where));
    }
    options.progress?.(phase, total, total);
    yield { lang, sets, cards };
  }
}
