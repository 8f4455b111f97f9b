import { contentTag } from '../edge/httpCaching.js';
import type { AnswerHead } from './servedJson.js';

/**
 * One answer's content as every response that serves it shares it: its head (the response up to
 * `retrieved_at`, servedJson.ts), the head's UTF-8 bytes and its entity tag, each made at most once.
 * A page or a document served again from memory is neither encoded nor hashed again.
 */
export class AnswerContent {
  private encoded?: Buffer;
  private hashed?: string;

  constructor(readonly head: AnswerHead) {}

  get bytes(): Buffer {
    return this.encoded ??= Buffer.from(this.head, 'utf8');
  }

  /** The strong ETag's opaque part (httpCaching.ts). */
  get tag(): string {
    return this.hashed ??= contentTag(this.head);
  }

  /** What holding it costs, roughly: the head's text (up to two bytes a character) and its bytes. */
  get weight(): number {
    return this.head.length * 3 + 64;
  }
}
