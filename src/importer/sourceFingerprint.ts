import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import path from 'node:path';
import type { SourceStamp } from '../catalog/catalogShapes.js';
import { CARDS_FILE, MANIFEST_FILE, SETS_FILE } from './ownExportFormat.js';
import { dumpLanguages } from './sources/tcgdexDump.js';
import type { TcgdexLanguageData } from './tcgdexRecords.js';

/**
 * The version of the mapping from a source to catalog records (mapTcgdex.ts and what it calls, the
 * own export's reader). Bump it with any change to what an import makes of the same source: an
 * import skips a source whose fingerprint and mapping version equal the stored ones, so a build that
 * maps differently must see a different version to import an unchanged dump again.
 */
export const MAPPING_VERSION = 2;

/** The sha256 of a file's bytes, streamed (the files are not parsed, nor held whole). */
async function fileHash(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** The files an import of a dump or an own export reads, by their names in the directory. */
async function sourceFiles(kind: 'tcgdex-dump' | 'own-export', dir: string): Promise<string[]> {
  if (kind === 'own-export') return [MANIFEST_FILE, SETS_FILE, CARDS_FILE];
  return (await dumpLanguages(dir)).flatMap((lang) => [`${lang}.sets.ndjson.gz`, `${lang}.cards.ndjson.gz`]);
}

/**
 * The fingerprint of a dump directory or an own export: a sha256 over the kind of source and, for
 * each file the import reads, its name and the sha256 of its bytes. A copy of the same files has
 * the same fingerprint (times play no part); any changed, added or removed file changes it. Hashing
 * the files costs a fraction of parsing and mapping them.
 */
export async function fingerprintFiles(kind: 'tcgdex-dump' | 'own-export', dir: string): Promise<string> {
  const files = await sourceFiles(kind, dir);
  const hashes = await Promise.all(files.map(async (name) => {
    try {
      return await fileHash(path.join(dir, name));
    } catch (error) {
      // A missing file is the reader's to report; here it only makes the fingerprint differ.
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 'missing';
      throw error;
    }
  }));
  const whole = createHash('sha256').update(`${kind}\n`);
  files.forEach((name, i) => whole.update(`${name}\0${hashes[i]}\n`));
  return whole.digest('hex');
}

/**
 * The fingerprint of what a crawl of the TCGdex API read: a sha256 of the fields the mapping uses,
 * per language, in the crawl's order (which follows the API's lists). It needs the crawl, but lets
 * an unchanged API skip the mapping and the write.
 */
export function fingerprintRecords(languages: readonly TcgdexLanguageData[]): string {
  const hash = createHash('sha256').update('tcgdex-api\n');
  for (const language of languages) hash.update(`${JSON.stringify(language)}\n`);
  return hash.digest('hex');
}

/** A source stamp: its fingerprint and the mapping version of this build. */
export const stampOf = (fingerprint: string): SourceStamp => ({ fingerprint, mappingVersion: MAPPING_VERSION });
