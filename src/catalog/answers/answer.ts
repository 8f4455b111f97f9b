/** The UTF-8 bytes of `text` in an allocation of their own, not a view of a shared slab. */
export function utf8OfItsOwn(text: string): Buffer {
  const bytes = Buffer.allocUnsafeSlow(Buffer.byteLength(text));
  bytes.write(text);
  return bytes;
}

/**
 * `bytes` in an allocation of exactly their size: zlib's one-shot output is a view of a 16 KiB chunk,
 * a small Buffer.from() a view of a shared 8 KiB slab, and a view kept keeps all of it.
 */
function ofItsOwn(bytes: Buffer): Buffer {
  if (bytes.byteOffset === 0 && bytes.buffer.byteLength === bytes.length) return bytes;
  const own = Buffer.allocUnsafeSlow(bytes.length);
  own.set(bytes);
  return own;
}

/**
 * A finished catalog answer: the whole JSON body as bytes, the same for every request of the same
 * shape until the catalog is retrieved again (`retrieved_at` is the catalog's, not the response's).
 * The edges derive other forms from it (a compressed body, an MCP tool result); while the answer
 * cache holds the answer, each form is made once and kept with it (and charged to it), otherwise it
 * is made for the one response.
 */
export class Answer {
  private forms: Map<string, Buffer> | undefined;
  /** Told of each form kept, while the answer cache holds this answer. */
  private keeper: ((form: Buffer) => void) | undefined;
  private identity: string | undefined;
  private tagText: string | undefined;

  /** Its bytes get an allocation of their own, so a response waiting on a slow client keeps no shared slab alive. */
  private constructor(readonly bytes: Buffer) {}

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

  /** The answer's entity tag, made by `make` from tagSource the first time it is asked for. */
  tag(make: (source: string | Buffer) => string): string {
    return (this.tagText ??= make(this.tagSource));
  }

  get json(): string {
    return this.bytes.toString('utf8');
  }

  /**
   * The form called `name`: kept from an earlier call while the cache holds the answer, else made by
   * `make` (a form is a function of the answer, so a strong ETag of a compressed body holds either way).
   */
  form(name: string, make: (answer: Answer) => Buffer): Buffer {
    const kept = this.forms?.get(name);
    if (kept !== undefined) return kept;
    const made = make(this);
    if (this.keeper === undefined) return made;
    const own = ofItsOwn(made);
    (this.forms ??= new Map()).set(name, own);
    this.keeper(own);
    return own;
  }

  /** The bytes of the forms kept with the answer. */
  get formBytes(): number {
    let total = 0;
    for (const form of this.forms?.values() ?? []) total += form.length;
    return total;
  }

  /** From now on the forms made are kept, and `keeper` is told of each. */
  keptBy(keeper: (form: Buffer) => void): void {
    this.keeper = keeper;
  }
}
