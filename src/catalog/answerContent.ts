import { CompressedHead, type ContentCoding } from '../edge/compression.js';
import { contentTag } from '../edge/httpCaching.js';
import type { AnswerHead } from './servedJson.js';

/**
 * One answer's content as every response that serves it shares it: its head (the response up to
 * `retrieved_at`, servedJson.ts), the head's UTF-8 bytes, its entity tag and its compressed forms,
 * each made at most once. A page or a document served again from memory is neither encoded, nor
 * hashed, nor compressed again.
 */
export class AnswerContent {
  private encoded?: Buffer;
  private hashed?: string;
  private gzip?: CompressedHead;
  private br?: CompressedHead;
  private quotedHead?: string;
  private lastBody?: { tail: string; body: Buffer };

  constructor(readonly head: AnswerHead) {}

  get bytes(): Buffer {
    return this.encoded ??= Buffer.from(this.head, 'utf8');
  }

  /**
   * The head as the start of a JSON string (its opening quote and escaped text, no closing quote),
   * for an MCP result, whose text content is the answer as a string (servedJson.ts's quotedBody).
   */
  get quoted(): string {
    return this.quotedHead ??= JSON.stringify(this.head).slice(0, -1);
  }

  /** The strong ETag's opaque part (httpCaching.ts). */
  get tag(): string {
    return this.hashed ??= contentTag(this.head);
  }

  /**
   * The whole response's bytes: the head's, then `tail` (its retrieved_at, ASCII), in one buffer so
   * the answer goes out in one write. The last one made is kept: the responses of one millisecond
   * (a hot answer's, under load) share it rather than each allocating and copying the head again.
   */
  withTail(tail: string): Buffer {
    if (this.lastBody?.tail === tail) return this.lastBody.body;
    const head = this.bytes;
    const body = Buffer.allocUnsafe(head.length + tail.length);
    head.copy(body);
    body.write(tail, head.length, 'latin1');
    this.lastBody = { tail, body };
    return body;
  }

  /** The head in `coding`, for a response to close with its retrieved_at (CompressedHead.withTail). */
  compressed(coding: Exclude<ContentCoding, 'identity'>): CompressedHead {
    return coding === 'br' ? (this.br ??= CompressedHead.of(this.bytes, 'br')) : (this.gzip ??= CompressedHead.of(this.bytes, 'gzip'));
  }

  /**
   * What holding it costs, roughly: the head's text (up to two bytes a character), its bytes, the
   * last body made from them, and the forms a client asked for: compressed (a fifth of the bytes,
   * or less, for JSON this repetitive, and its last body) or quoted for MCP (the text again, escaped).
   */
  get weight(): number {
    return this.head.length * 5 + 64;
  }
}
