import { brotliCompressSync, constants, crc32, gzipSync } from 'node:zlib';

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
const BROTLI_PARAMS = { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT };
const GZIP_LEVEL = 6;

/** The longest tail a compressed head takes: one stored (uncompressed) block, whose length field has 16 bits. */
const MAX_TAIL_BYTES = 0xffff;

/**
 * An answer's head compressed once, left open (flushed, not finished), so that each response
 * closes it with its own tail (`,"retrieved_at":"…"}`, ASCII) stored uncompressed: the compressing
 * is paid once per answer kept in memory, and each response costs a copy, not a compression. The
 * result is one ordinary gzip member or brotli stream, which any decoder reads.
 */
export class CompressedHead {
  private constructor(
    private readonly coding: Exclude<ContentCoding, 'identity'>,
    private readonly bytes: Buffer,
    /** gzip's trailer needs the CRC-32 and the length of all it encodes: the head's, continued by each tail. */
    private readonly headCrc: number,
    private readonly headLength: number,
  ) {}

  /** The last body made, shared by the responses of one millisecond (as AnswerContent.withTail's). */
  private lastBody?: { tail: string; body: Buffer };

  static of(head: Buffer, coding: Exclude<ContentCoding, 'identity'>): CompressedHead {
    const bytes = coding === 'br'
      ? brotliCompressSync(head, { params: { ...BROTLI_PARAMS, [constants.BROTLI_PARAM_SIZE_HINT]: head.length }, finishFlush: constants.BROTLI_OPERATION_FLUSH })
      : gzipSync(head, { level: GZIP_LEVEL, finishFlush: constants.Z_SYNC_FLUSH });
    return new CompressedHead(coding, bytes, coding === 'gzip' ? crc32(head) : 0, head.length);
  }

  get length(): number {
    return this.bytes.length;
  }

  /** The whole body: the compressed head, then `tail` (ASCII) in a last stored block, then what ends the stream. */
  withTail(tail: string): Buffer {
    if (this.lastBody?.tail === tail) return this.lastBody.body;
    const body = this.closedWith(tail);
    this.lastBody = { tail, body };
    return body;
  }

  private closedWith(tail: string): Buffer {
    const length = tail.length;
    if (length === 0 || length > MAX_TAIL_BYTES) throw new RangeError(`a tail of ${length} bytes`);
    const head = this.bytes;
    if (this.coding === 'br') {
      // RFC 7932 §9.2: a meta-block that is not last (ISLAST 0), four nibbles of MLEN-1, ISUNCOMPRESSED 1,
      // zero bits to the byte; the bytes; then an empty last meta-block (ISLAST 1, ISLASTEMPTY 1).
      const header = ((length - 1) << 3) | (1 << 19);
      const body = Buffer.allocUnsafe(head.length + 3 + length + 1);
      head.copy(body);
      let at = head.length;
      body[at++] = header & 0xff;
      body[at++] = (header >> 8) & 0xff;
      body[at++] = header >> 16;
      at += body.write(tail, at, 'latin1');
      body[at] = 0x03;
      return body;
    }
    // RFC 1951 §3.2.4: a last stored block (BFINAL 1, BTYPE 00; the sync flush left the stream on a
    // byte), LEN and its complement; the bytes; then gzip's trailer (RFC 1952): CRC-32 and length.
    const body = Buffer.allocUnsafe(head.length + 5 + length + 8);
    head.copy(body);
    let at = head.length;
    body[at++] = 0x01;
    at = body.writeUInt16LE(length, at);
    at = body.writeUInt16LE(~length & 0xffff, at);
    at += body.write(tail, at, 'latin1');
    at = body.writeUInt32LE(crc32(tail, this.headCrc), at);
    body.writeUInt32LE((this.headLength + length) >>> 0, at);
    return body;
  }
}
