import type { FastifyReply } from 'fastify';
import { compress, COMPRESSION_THRESHOLD_BYTES, negotiateCoding, type ContentCoding } from './compression.js';
import { entityTag, ifNoneMatchMatches } from './httpCaching.js';

/**
 * The one sender of a body's ETag, Cache-Control, Vary and content coding, which every edge calls:
 * REST's catalog answers (routes/sendResult.ts), the pages (routes/sendPage.ts), the deck check,
 * MCP's answers (mcp/endpoint.ts); the bulk files, streamed from disk, take their caching headers
 * from `sendCaching`.
 */

export interface Caching {
  /** Cache-Control; none for an answer whose sender already said it (the MCP SDK's). */
  cacheControl?: string;
  /** Vary: what the answer differs by (Accept-Encoding at least, as any body may be compressed). */
  vary: string;
  /** Its entity tag (httpCaching.ts's contentTag), for an answer a GET may revalidate; none for one never revalidated. */
  tag?: string;
}

export interface Body extends Caching {
  body: Buffer;
  /** 200 unless said. */
  status?: number;
  /** The Content-Type; none for an answer whose sender already set it. */
  type?: string;
  /**
   * The body in a coding, for a body someone keeps (an Answer's forms, the pages' cache), which keeps
   * its compressed forms too; without it the body is compressed for this response alone.
   */
  compressed?: (coding: Exclude<ContentCoding, 'identity'>) => Buffer;
}

/**
 * Cache-Control, Vary and the ETag of the representation in `coding` (a gzip or brotli body is
 * another representation, with a tag of its own); true when If-None-Match names the tag, so the
 * answer is a 304 without a body.
 */
export function sendCaching(reply: FastifyReply, caching: Caching, coding: ContentCoding): boolean {
  if (caching.cacheControl !== undefined) reply.header('cache-control', caching.cacheControl);
  reply.header('vary', caching.vary);
  if (caching.tag === undefined) return false;
  reply.header('etag', entityTag(caching.tag, coding));
  return ifNoneMatchMatches(reply.request.headers['if-none-match'], caching.tag);
}

/**
 * Sends a body with its caching headers: a 304 when If-None-Match names its tag, else the body as it
 * is, or in brotli or gzip when it is large enough to gain from it (COMPRESSION_THRESHOLD_BYTES) and
 * the client accepts one.
 */
export function sendBody(reply: FastifyReply, answer: Body): FastifyReply {
  const coding = answer.body.length >= COMPRESSION_THRESHOLD_BYTES ? negotiateCoding(reply.request) : 'identity';
  if (sendCaching(reply, answer, coding)) return reply.code(304).send();
  reply.code(answer.status ?? 200);
  if (answer.type !== undefined) reply.type(answer.type);
  if (coding === 'identity') return reply.send(answer.body);
  const compressed = answer.compressed ? answer.compressed(coding) : compress(answer.body, coding, 'once');
  return reply.header('content-encoding', coding).send(compressed);
}

/**
 * A 304 before the body exists (a page not rendered yet) when If-None-Match names `tag`; undefined
 * otherwise. Its ETag is the identity one: which coding the body would be sent in is not known
 * without the body.
 */
export function sendNotModified(reply: FastifyReply, caching: Caching & { tag: string }): FastifyReply | undefined {
  if (!ifNoneMatchMatches(reply.request.headers['if-none-match'], caching.tag)) return undefined;
  sendCaching(reply, caching, 'identity');
  return reply.code(304).send();
}
