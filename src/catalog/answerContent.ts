import { CompressedHead, type ContentCoding } from '../edge/compression.js';
import { contentTag } from '../edge/httpCaching.js';
import { quotedTail, type AnswerHead } from './servedJson.js';

/** What a tool result's bytes open with (MCP's CallToolResult), before the answer as text. */
const TEXT_CONTENT_OPEN = Buffer.from('{"content":[{"type":"text","text":');
/** And between the text's end and the answer as structured content. */
const STRUCTURED_CONTENT_OPEN = '}],"structuredContent":';

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
  private quotedBytes?: Buffer;
  private lastBody?: { tail: string; body: Buffer };
  private lastToolResult?: { tail: string; result: Buffer };

  constructor(readonly head: AnswerHead) {}

  get bytes(): Buffer {
    return this.encoded ??= Buffer.from(this.head, 'utf8');
  }

  /**
   * The head as the start of a JSON string (its opening quote and escaped text, no closing quote),
   * for an MCP result, whose text content is the answer as a string (toolResult keeps it as bytes;
   * servedJson.ts's quotedTail closes it).
   */
  get quoted(): string {
    return JSON.stringify(this.head).slice(0, -1);
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

  /**
   * The MCP tool result of the whole answer as bytes: its text content (the answer as a JSON string)
   * and its structured content (the answer), each closed with `tail` (its retrieved_at, ASCII). Made
   * from bytes kept here, so a call allocates no string of the answer's size on the JavaScript heap
   * (joined and encoded per call, each call left a string of twice the answer's size to collect);
   * the last one made is kept, as withTail's.
   */
  toolResult(tail: string): Buffer {
    if (this.lastToolResult?.tail === tail) return this.lastToolResult.result;
    const result = Buffer.concat([TEXT_CONTENT_OPEN, this.quotedBytes ??= Buffer.from(this.quoted, 'utf8'),
      Buffer.from(`${quotedTail(tail)}${STRUCTURED_CONTENT_OPEN}`, 'latin1'), this.bytes, Buffer.from(`${tail}}`, 'latin1')]);
    this.lastToolResult = { tail, result };
    return result;
  }

  /** The head in `coding`, for a response to close with its retrieved_at (CompressedHead.withTail). */
  compressed(coding: Exclude<ContentCoding, 'identity'>): CompressedHead {
    return coding === 'br' ? (this.br ??= CompressedHead.of(this.bytes, 'br')) : (this.gzip ??= CompressedHead.of(this.bytes, 'gzip'));
  }

  /**
   * What holding it costs, roughly: the head's text (up to two bytes a character), its bytes, the
   * last body made from them, and the forms a client asked for: compressed (a fifth of the bytes,
   * or less, for JSON this repetitive, and its last body) or for MCP (the head escaped, as bytes, and
   * the last tool result, which holds the answer twice).
   */
  get weight(): number {
    return this.head.length * 8 + 64;
  }
}
