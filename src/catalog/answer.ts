/** What holds an answer (the answer cache): where each of its forms is made and kept. */
export interface AnswerHolder {
  /** The form `name` of `answer`, held as `held`: the one kept, or made by `make` (and kept while `held` is). */
  form<F extends AnswerForm>(answer: Answer, held: unknown, name: string, make: (answer: Answer) => F): F;
}

/** A form of an answer that an edge derives from its bytes: another encoding, an MCP tool result. */
export type AnswerForm = Buffer | string;

/** The UTF-8 bytes of `text` in an allocation of their own, not a view of a shared slab. */
export function utf8OfItsOwn(text: string): Buffer {
  const bytes = Buffer.allocUnsafeSlow(Buffer.byteLength(text));
  bytes.write(text);
  return bytes;
}

/**
 * A finished catalog answer: the whole JSON body as bytes, the same for every request of the same
 * shape until the catalog is retrieved again (`retrieved_at` is the catalog's, not the response's).
 * The edges derive other forms from it (a compressed body, an MCP tool result). While
 * something holds the answer (the answer cache kept it), each form is made once and kept by the
 * holder; an answer nothing holds is sent once, so its forms are made for that response alone.
 */
export class Answer {
  private holder: AnswerHolder | undefined;
  private held: unknown;
  private identity: string | undefined;

  private constructor(readonly bytes: Buffer) {}

  /** The answer of `bytes` (a copy the caller gives away), held by `holder` as `held`. */
  static held(bytes: Buffer, holder: AnswerHolder, held: unknown): Answer {
    const answer = new Answer(bytes);
    answer.heldBy(holder, held);
    return answer;
  }

  /**
   * The answer of this JSON text. Its bytes get an allocation of their own: a small Buffer.from()
   * is cut from a shared 8 KiB slab, which a response waiting on a slow client would keep alive whole.
   */
  static ofJson(json: string): Answer {
    return new Answer(utf8OfItsOwn(json));
  }

  /**
   * The answer of a JSON text given in parts, in order: texts, and bytes already encoded (documents
   * kept as bytes, spliced in without being read again), copied once into the answer's own allocation.
   */
  static ofParts(parts: ReadonlyArray<string | Buffer>): Answer {
    let length = 0;
    for (const part of parts) length += typeof part === 'string' ? Buffer.byteLength(part) : part.length;
    const bytes = Buffer.allocUnsafeSlow(length);
    let at = 0;
    for (const part of parts) {
      if (typeof part === 'string') at += bytes.write(part, at);
      else {
        // Uint8Array's own set: Buffer.copy makes a view of the source on every call.
        bytes.set(part, at);
        at += part.length;
      }
    }
    return new Answer(bytes);
  }

  /**
   * Says what the answer's bytes are a function of (its request and the catalog's retrieval, as the
   * answer cache keys it): its entity tag is then a hash of that, not of every byte of the body.
   */
  identify(identity: string): void {
    this.identity = identity;
  }

  /** What the entity tag hashes: what the answer is a function of when told, or else its bytes. */
  get tagSource(): string | Buffer {
    return this.identity ?? this.bytes;
  }

  /** The answer's JSON text. */
  get json(): string {
    return this.bytes.toString('utf8');
  }

  /**
   * The form called `name`: the one its holder keeps, made by `make` the first time it is asked for,
   * or made each time while nothing holds the answer (the same bytes each time: a form is a function
   * of the answer, so a strong ETag of a compressed body holds whether the answer was kept or not).
   */
  form<F extends AnswerForm>(name: string, make: (answer: Answer) => F): F {
    return this.holder === undefined ? make(this) : this.holder.form(this, this.held, name, make);
  }

  /** From now on `holder` makes and keeps this answer's forms: it holds the answer as `held`. */
  heldBy(holder: AnswerHolder, held: unknown): void {
    this.holder = holder;
    this.held = held;
  }
}

