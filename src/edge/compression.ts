import type { FastifyRequest } from 'fastify';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** The content codings the REST edge sends, best first; identity when the client accepts neither. */
export type ContentCoding = 'br' | 'gzip' | 'identity';

/** Below this a compressed body saves too little to pay for the compressing (and may grow). */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/**
 * The coding to send, as @fastify/accepts negotiates Accept-Encoding (RFC 9110 §12.5.3: the highest
 * q, the client's order on a tie, `*` standing for either, q=0 refusing); identity when neither is
 * acceptable. `offered` narrows what may be sent (the bulk files are stored in gzip alone).
 */
export function negotiateCoding(request: Pick<FastifyRequest, 'encoding' | 'headers'>, offered: ReadonlyArray<'br' | 'gzip'> = ['br', 'gzip']): ContentCoding {
  // Without the header nothing is to be negotiated: most API clients ask for no coding.
  if (request.headers['accept-encoding'] === undefined) return 'identity';
  const coding = request.encoding([...offered, 'identity']);
  return coding === 'br' || coding === 'gzip' ? coding : 'identity';
}

/**
 * Brotli at quality 5 and gzip at level 6 (zlib's default) for a form an answer keeps: brotli 5 is
 * smaller than gzip at any level for a fraction of brotli 11's time, which would exceed the query's.
 */
const BROTLI_QUALITY = 5;
const GZIP_LEVEL = 6;
/**
 * Brotli for a body compressed for one response only (a deck check, an MCP answer): quality 3,
 * about gzip's size and time, where quality 5 would take longer than the check itself.
 */
const BROTLI_QUALITY_ONCE = 3;

/**
 * How much a compression may cost: `kept`, for a form an answer keeps and sends again; `once`, for a
 * body sent once, where the time saved on the wire must not go into compressing it.
 */
export type CompressionEffort = 'kept' | 'once';

/**
 * A body in `coding`, by zlib's ordinary one-shot calls. An answer kept in memory is compressed once
 * per coding a client asks for (the answer keeps the form); one not kept, once per response.
 */
export function compress(body: Buffer, coding: Exclude<ContentCoding, 'identity'>, effort: CompressionEffort = 'kept'): Buffer {
  if (coding === 'gzip') return gzipSync(body, { level: GZIP_LEVEL });
  return brotliCompressSync(body, { params: {
    [constants.BROTLI_PARAM_QUALITY]: effort === 'kept' ? BROTLI_QUALITY : BROTLI_QUALITY_ONCE,
    [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
  } });
}
