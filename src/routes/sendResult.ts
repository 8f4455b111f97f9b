import type { FastifyReply } from 'fastify';
import type { QueryResult } from '../catalog/answers/catalogQueries.js';
import { compress, COMPRESSION_THRESHOLD_BYTES, negotiateCoding } from '../edge/compression.js';
import { CATALOG_CACHE_CONTROL, CATALOG_VARY, contentTag, entityTag, ifNoneMatchMatches } from '../edge/httpCaching.js';
import { sendError } from './errors.js';

/** CATALOG_VARY as the header says it, joined once. No other part of the service sets Vary on a catalog answer. */
const CATALOG_VARY_VALUE = CATALOG_VARY.join(', ');

/**
 * Sends a catalog answer as REST does: its bytes as they are, or compressed in brotli or gzip when
 * the body is 1 KiB or more and the client accepts one. A 200 carries its strong ETag, Cache-Control
 * and Vary; If-None-Match naming it gets a 304 without a body (the request was counted all the
 * same). Each compressed form is made once per answer and kept with it (Answer.form), and so is its
 * tag, a hash of what the answer is a function of (Answer.tagSource).
 */
export function sendResult(reply: FastifyReply, result: QueryResult): FastifyReply {
  if (!result.ok) return sendError(reply, result.status, result.code, result.message, result.candidates ? { candidates: result.candidates } : {});
  const { headers } = reply.request;
  const { answer } = result;
  const tag = answer.tag(contentTag);
  const coding = answer.bytes.length >= COMPRESSION_THRESHOLD_BYTES ? negotiateCoding(reply.request) : 'identity';
  reply.header('etag', entityTag(tag, coding));
  reply.header('cache-control', CATALOG_CACHE_CONTROL);
  reply.header('vary', CATALOG_VARY_VALUE);
  if (ifNoneMatchMatches(headers['if-none-match'], tag)) return reply.code(304).send();
  reply.code(200).type('application/json; charset=utf-8');
  if (coding === 'identity') return reply.send(answer.bytes);
  return reply.header('Content-Encoding', coding).send(answer.form(coding, ({ bytes }) => compress(bytes, coding)));
}
