import type { FastifyReply } from 'fastify';
import { createReadStream } from 'node:fs';
import type { BulkFileOnDisk } from '../bulk/bulkFiles.js';
import { negotiateCoding } from '../edge/compression.js';
import { CATALOG_VARY } from '../edge/httpCaching.js';
import { sendCaching } from '../edge/sendBody.js';
import { sendError } from './errors.js';

/** A file's URL names its version, so its bytes never change: a client may keep it as long as it likes. */
const FILE_CACHE_CONTROL = 'private, max-age=31536000, immutable';
const CATALOG_VARY_VALUE = CATALOG_VARY.join(', ');

/**
 * Sends a bulk file from disk, streamed: a strong ETag (its sha256; the gzip form's is marked), a 304
 * for If-None-Match naming it, one byte range of the uncompressed file (206, or 416 outside it), or the
 * whole file, as its stored gzip form when the client accepts gzip.
 */
export function sendBulkFile(reply: FastifyReply, file: BulkFileOnDisk): FastifyReply {
  const { headers } = reply.request;
  const range = headers.range;
  const coding = range === undefined ? negotiateCoding(reply.request, ['gzip']) : 'identity';
  reply.header('accept-ranges', 'bytes');
  if (sendCaching(reply, { tag: file.sha256, cacheControl: FILE_CACHE_CONTROL, vary: CATALOG_VARY_VALUE }, coding)) return reply.code(304).send();
  reply.type('application/json; charset=utf-8');
  if (range !== undefined) {
    const bytes = byteRange(range, file.size);
    if (bytes === 'unsatisfiable') {
      reply.header('content-range', `bytes */${file.size}`);
      return sendError(reply, 416, 'range_not_satisfiable', `the Range ${range} is outside the file of ${file.size} bytes`);
    }
    if (bytes !== null) {
      reply.code(206).header('content-range', `bytes ${bytes.start}-${bytes.end}/${file.size}`);
      reply.header('content-length', bytes.end - bytes.start + 1);
      return reply.send(createReadStream(file.path, bytes));
    }
  }
  if (coding === 'gzip') {
    reply.header('content-encoding', 'gzip').header('content-length', file.gzip_size);
    return reply.code(200).send(createReadStream(file.gzipPath));
  }
  reply.header('content-length', file.size);
  return reply.code(200).send(createReadStream(file.path));
}

/**
 * One byte range of `bytes=first-last`, `bytes=first-` or `bytes=-suffix` (RFC 9110 §14.1.2);
 * null for a header not served as a range (several ranges, another unit: the whole file is sent,
 * as the RFC allows); 'unsatisfiable' for a range outside the file.
 */
function byteRange(header: string, size: number): { start: number; end: number } | null | 'unsatisfiable' {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return null;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(match[1]);
  const end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  if (start >= size || end < start) return 'unsatisfiable';
  return { start, end };
}
