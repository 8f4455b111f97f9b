import type { FastifyReply } from 'fastify';
import type { QueryResult } from '../catalog/catalogQueries.js';
import { COMPRESSION_THRESHOLD_BYTES, CompressedBodies, negotiateCoding } from '../edge/compression.js';
import { CATALOG_CACHE_CONTROL, CATALOG_VARY, catalogTag, entityTag, ifNoneMatchMatches } from '../edge/httpCaching.js';
import { sendError } from './errors.js';

/**
 * The compressed forms of the answers served lately. A pure function's memo (the key names the exact
 * body), so one per process serves every app: an answer served again is compressed once.
 */
const compressedBodies = new CompressedBodies();

/**
 * Sends a catalog answer: its body is already JSON text, so no serializer runs again. A 200 carries
 * its ETag, Cache-Control and Vary; If-None-Match naming it gets a 304 without a body (the request was
 * counted all the same); a body of 1 KiB or more goes out in brotli or gzip when the client accepts one.
 */
export function sendResult(reply: FastifyReply, result: QueryResult): FastifyReply {
  if (!result.ok) return sendError(reply, result.status, result.message);
  const { headers } = reply.request;
  const { tag, exactBody } = catalogTag(result.body);
  const large = Buffer.byteLength(result.body, 'utf8') >= COMPRESSION_THRESHOLD_BYTES;
  const coding = large ? negotiateCoding(headers['accept-encoding']) : 'identity';
  reply.header('ETag', entityTag(tag, coding));
  reply.header('Cache-Control', CATALOG_CACHE_CONTROL);
  addVary(reply, CATALOG_VARY);
  if (ifNoneMatchMatches(headers['if-none-match'], tag)) return reply.code(304).send();
  reply.code(200).type('application/json; charset=utf-8');
  if (coding === 'identity') return reply.send(result.body);
  return reply.header('Content-Encoding', coding).send(compressedBodies.get(exactBody, result.body, coding));
}

/** Adds to Vary rather than replacing what another plugin (CORS) put there. */
function addVary(reply: FastifyReply, names: readonly string[]): void {
  const current = reply.getHeader('vary');
  const listed = typeof current === 'string' ? current.split(',').map((s) => s.trim()).filter(Boolean) : [];
  const lower = new Set(listed.map((s) => s.toLowerCase()));
  reply.header('Vary', [...listed, ...names.filter((name) => !lower.has(name.toLowerCase()))].join(', '));
}
