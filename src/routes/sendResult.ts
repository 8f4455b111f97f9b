import type { FastifyReply } from 'fastify';
import type { QueryResult } from '../catalog/answers/catalogQueries.js';
import { compress } from '../edge/compression.js';
import { CATALOG_CACHE_CONTROL, CATALOG_VARY, contentTag } from '../edge/httpCaching.js';
import { sendBody } from '../edge/sendBody.js';
import { sendError } from './errors.js';

/** CATALOG_VARY as the header says it, joined once. No other part of the service sets Vary on a catalog answer. */
const CATALOG_VARY_VALUE = CATALOG_VARY.join(', ');

/**
 * Sends a catalog answer as REST does (edge/sendBody.ts): a 200 with its strong ETag,
 * Cache-Control and Vary, or a 304 for If-None-Match naming it (the request was counted all the
 * same). Each compressed form is made once per answer and kept with it (Answer.form), and so is its
 * tag, a hash of what the answer is a function of (Answer.tagSource).
 */
export function sendResult(reply: FastifyReply, result: QueryResult): FastifyReply {
  if (!result.ok) return sendError(reply, result.status, result.code, result.message, result.candidates ? { candidates: result.candidates } : {});
  const { answer } = result;
  return sendBody(reply, {
    body: answer.bytes, type: 'application/json; charset=utf-8',
    tag: answer.tag(contentTag), cacheControl: CATALOG_CACHE_CONTROL, vary: CATALOG_VARY_VALUE,
    compressed: (coding) => answer.form(coding, ({ bytes }) => compress(bytes, coding)),
  });
}
