import { existsSync, mkdirSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
/** The project's root, whether running from test/ or dist/test/. */
export const projectRoot = path.resolve(here, here.includes(`${path.sep}dist${path.sep}`) ? '../../..' : '../..');
export const sharedDumpDir = path.resolve(projectRoot, '../shared/data/tcgdex');

/**
 * The skip option for tests that need the shared TCGdex dump: a one-line reason on a fresh
 * clone without ../shared, and a hard failure under CI=true, where the dump must be there.
 */
export function needsSharedDump(): { skip: string | false } {
  if (existsSync(path.join(sharedDumpDir, 'en.cards.ndjson.gz'))) return { skip: false };
  if (process.env.CI === 'true') throw new Error(`CI=true but the shared TCGdex dump is missing at ${sharedDumpDir}`);
  return { skip: `needs the shared TCGdex dump at ${sharedDumpDir}` };
}

/** A dump directory `dir` holding only `languages` of the shared dump (links to its files). */
export function sharedDumpOf(languages: readonly string[], dir: string): string {
  mkdirSync(dir, { recursive: true });
  for (const lang of languages) {
    for (const file of [`${lang}.sets.ndjson.gz`, `${lang}.cards.ndjson.gz`]) symlinkSync(path.join(sharedDumpDir, file), path.join(dir, file));
  }
  return dir;
}
