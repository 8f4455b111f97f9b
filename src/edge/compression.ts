import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** The content codings the REST edge sends, best first; identity when the client accepts neither. */
export type ContentCoding = 'br' | 'gzip' | 'identity';

/** Below this a compressed body saves too little to pay for the compressing (and may grow). */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/**
 * The coding to send for an Accept-Encoding header (RFC 9110 §12.5.3): br or gzip, whichever has the
 * higher q (br on a tie: it is smaller), `*` standing for either when it is not named, q=0 refusing.
 * No header, or neither acceptable: identity.
 */
export function negotiateCoding(acceptEncoding: string | undefined): ContentCoding {
  if (!acceptEncoding) return 'identity';
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name, ...params] = part.split(';').map((s) => s.trim().toLowerCase());
    if (!name) continue;
    let q = 1;
    for (const param of params) {
      const match = /^q=([0-9.]+)$/.exec(param);
      if (match) q = Number(match[1]);
    }
    weights.set(name, Number.isFinite(q) ? q : 0);
  }
  const weightOf = (coding: string) => weights.get(coding) ?? (coding === 'gzip' ? weights.get('x-gzip') : undefined) ?? weights.get('*') ?? 0;
  const br = weightOf('br');
  const gzip = weightOf('gzip');
  if (br <= 0 && gzip <= 0) return 'identity';
  return br >= gzip ? 'br' : 'gzip';
}

/**
 * Brotli at quality 5 and gzip at level 6, measured on a 50-card set page (49.8 kB): brotli 5 gives
 * 7.5 kB in 0.7 ms, smaller than gzip 9 (7.9 kB), where brotli 11 would give 6.4 kB in 54 ms, longer
 * than the query itself; gzip 6 (zlib's default) is within 1.5% of gzip 9 at three quarters of its time.
 */
const BROTLI_QUALITY = 5;
const GZIP_LEVEL = 6;
/**
 * Brotli for a body compressed for one response only (a deck check, an MCP answer): quality 3, measured
 * on a deck check's 20.8 kB answer: 3.8 kB in 0.10 ms, where quality 5 gives 3.5 kB in 0.22 ms, longer
 * than the check itself (and quality 1, oddly, 4.4 kB in 0.38 ms); gzip 6 gives 3.75 kB in 0.10 ms.
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
