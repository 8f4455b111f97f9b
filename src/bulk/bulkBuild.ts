import { spawn } from 'node:child_process';
import { createHash, type Hash } from 'node:crypto';
import { createWriteStream, type WriteStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AnswerSnapshot } from '../catalog/catalogShapes.js';
import { encodeCursor } from '../catalog/changes/changesFeed.js';
import { LANGUAGES, type Language } from '../schemas/common.js';

export type BulkKind = 'cards' | 'sets';

/** One file of a build, as its manifest describes it. */
export interface BulkFileEntry {
  type: BulkKind;
  language: Language;
  /** `<language>.<type>.json`; the gzip form is the same name with `.gz`. */
  name: string;
  /** Of the uncompressed body. */
  size: number;
  sha256: string;
  records: number;
  gzip_size: number;
}

/** What a build wrote: every file of one catalog version, and what they belong to. */
export interface BulkManifest {
  catalog_version: string;
  changes_cursor: string;
  /** The retrieved_at of the catalog the files hold. */
  retrieved_at: string;
  files: BulkFileEntry[];
}

export const MANIFEST = 'manifest.json';

/**
 * Writes the bulk files of one snapshot into `dir` (a directory of its own, which the caller renames
 * into place once everything is written): one file per language and kind that has records, each the
 * JSON document `{"data": [...], "catalog_version", "changes_cursor", "retrieved_at"}`, hashed and
 * counted as it is written, then its gzip form from disk (gzipFiles). Only a page of answers is in
 * memory at a time. The same snapshot gives the same bytes: the order is the catalog's, the tail is its own.
 */
export async function writeBulkFiles(snapshot: AnswerSnapshot, dir: string): Promise<BulkManifest> {
  await mkdir(dir, { recursive: true });
  const manifest = {
    catalog_version: snapshot.version,
    changes_cursor: encodeCursor({ epoch: snapshot.epoch, seq: snapshot.lastSeq }),
    retrieved_at: snapshot.importedAt ?? '',
  };
  const tail = `],"catalog_version":${JSON.stringify(manifest.catalog_version)},"changes_cursor":${JSON.stringify(manifest.changes_cursor)},` +
    `"retrieved_at":${JSON.stringify(manifest.retrieved_at)}}`;
  const writers = new Map<string, BulkFileWriter>();
  const writerOf = (type: BulkKind, language: string) => {
    const name = `${language}.${type}.json`;
    let writer = writers.get(name);
    if (!writer) writers.set(name, writer = new BulkFileWriter(path.join(dir, name), type, language as Language));
    return writer;
  };
  try {
    for (const [type, pages] of [['sets', snapshot.sets()], ['cards', snapshot.cards()]] as const) {
      for await (const page of pages) {
        const byLanguage = new Map<string, string[]>();
        for (const { lang, json } of page) {
          const list = byLanguage.get(lang);
          if (list) list.push(json);
          else byLanguage.set(lang, [json]);
        }
        for (const [language, answers] of byLanguage) await writerOf(type, language).add(answers);
      }
    }
    for (const writer of writers.values()) await writer.finish(tail);
    await gzipFiles([...writers.values()].map((writer) => writer.file));
    const files: BulkFileEntry[] = [];
    for (const writer of writers.values()) files.push(await writer.entry());
    const order = (file: BulkFileEntry) => LANGUAGES.indexOf(file.language) * 2 + (file.type === 'cards' ? 0 : 1);
    files.sort((a, b) => order(a) - order(b));
    const complete: BulkManifest = { ...manifest, files };
    await writeFile(path.join(dir, MANIFEST), JSON.stringify(complete));
    return complete;
  } catch (error) {
    for (const writer of writers.values()) writer.abandon();
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
}

/** One file being written: its stream, hash, size and record count. */
class BulkFileWriter {
  private readonly stream: WriteStream;
  private readonly hash: Hash = createHash('sha256');
  private size = 0;
  private records = 0;

  constructor(readonly file: string, private readonly type: BulkKind, private readonly language: Language) {
    this.stream = createWriteStream(file);
  }

  async add(answers: string[]): Promise<void> {
    await this.write(`${this.records === 0 ? '{"data":[' : ','}${answers.join(',')}`);
    this.records += answers.length;
  }

  async finish(tail: string): Promise<void> {
    await this.write(tail);
    await new Promise<void>((resolve, reject) => this.stream.end((error?: Error | null) => (error ? reject(error) : resolve())));
  }

  /** The file's entry, once it and its gzip form are written. */
  async entry(): Promise<BulkFileEntry> {
    const gzipSize = (await stat(`${this.file}.gz`)).size;
    return {
      type: this.type, language: this.language, name: path.basename(this.file), size: this.size,
      sha256: this.hash.digest('hex'), records: this.records, gzip_size: gzipSize,
    };
  }

  abandon(): void {
    this.stream.destroy();
  }

  private async write(text: string): Promise<void> {
    const bytes = Buffer.from(text);
    this.hash.update(bytes);
    this.size += bytes.length;
    if (!this.stream.write(bytes)) {
      await new Promise<void>((resolve, reject) => {
        const failed = (error: Error) => reject(error);
        this.stream.once('error', failed);
        this.stream.once('drain', () => {
          this.stream.off('error', failed);
          resolve();
        });
      });
    }
  }
}

/**
 * Writes `<file>.gz` beside each file, in a child process (gzipFilesProcess.ts): in this one, the
 * buffers that stream every file through zlib are freed only as V8 collects them, which it leaves
 * until they add up to many megabytes, and the allocator keeps what they took for the rest of the
 * process's life. A process of its own gives it all back when it exits.
 */
async function gzipFiles(files: readonly string[]): Promise<void> {
  const script = fileURLToPath(new URL('./gzipFilesProcess.js', import.meta.url));
  const child = spawn(process.execPath, [script, ...files], { stdio: ['ignore', 'ignore', 'pipe'] });
  let reason = '';
  child.stderr.setEncoding('utf8').on('data', (text: string) => { reason += text; });
  const [code, signal] = await new Promise<[number | null, NodeJS.Signals | null]>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (exitCode, exitSignal) => resolve([exitCode, exitSignal]));
  });
  if (code !== 0) throw new Error(`gzip of the bulk files failed (${signal ?? `exit ${code}`}): ${reason.trim() || 'no reason given'}`);
}

/** Moves a finished build's directory to its place; false when another process put the same version there first. */
export async function moveIntoPlace(built: string, target: string): Promise<boolean> {
  try {
    await rename(built, target);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOTEMPTY' && (error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    await rm(built, { recursive: true, force: true });
    return false;
  }
}
