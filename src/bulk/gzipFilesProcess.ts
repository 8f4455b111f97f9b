/**
 * Run as its own process by gzipFiles (bulkBuild.ts): writes `<file>.gz` beside each file named on
 * its command line, at zlib's default level, one after the other; exits 1 with the reason on
 * standard error if one cannot be written.
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';

/** The gzip level of the stored gzip forms: zlib's default, as the answers use. */
const GZIP_LEVEL = 6;

try {
  for (const file of process.argv.slice(2)) {
    await pipeline(createReadStream(file), createGzip({ level: GZIP_LEVEL }), createWriteStream(`${file}.gz`));
  }
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
}
