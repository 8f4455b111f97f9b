import type { FastifyReply } from 'fastify';
import type { QueryResult } from '../catalog/catalogQueries.js';
import { retrievedAtMember } from '../catalog/servedJson.js';
import { COMPRESSION_THRESHOLD_BYTES, negotiateCoding } from '../edge/compression.js';
import { CATALOG_CACHE_CONTROL, CATALOG_VARY, entityTag, ifNoneMatchMatches } from '../edge/httpCaching.js';
import { sendError } from './errors.js';

/** CATALOG_VARY as the header says it, joined once. No other part of the service sets Vary on a catalog answer. */
const CATALOG_VARY_VALUE = CATALOG_VARY.join(', ');

/**
 * Sends a catalog answer: its content is already JSON bytes (made once per answer served from
 * memory), so only `retrieved_at` is written per response. A 200 carries its ETag, Cache-Control and
 * Vary; If-None-Match naming it gets a 304 without a body (the request was counted all the same); a
 * body of 1 KiB or more goes out in brotli or gzip when the client accepts one, its head compressed
 * once per answer content and closed with this response's retrieved_at.
 */
export function sendResult(reply: FastifyReply, result: QueryResult): FastifyReply {
  if (!result.ok) return sendError(reply, result.status, result.message);
  const { headers } = reply.request;
  const { content, retrievedAt } = result;
  const tag = content.tag;
  const head = content.bytes;
  const tail = retrievedAtMember(retrievedAt);
  const coding = head.length + tail.length >= COMPRESSION_THRESHOLD_BYTES ? negotiateCoding(headers['accept-encoding']) : 'identity';
  reply.header('etag', entityTag(tag, coding));
  reply.header('cache-control', CATALOG_CACHE_CONTROL);
  reply.header('vary', CATALOG_VARY_VALUE);
  if (ifNoneMatchMatches(headers['if-none-match'], tag)) return reply.code(304).send();
  reply.code(200).type('application/json; charset=utf-8');
  if (coding === 'identity') return reply.send(content.withTail(tail));
  return reply.header('Content-Encoding', coding).send(content.compressed(coding).withTail(tail));
}
