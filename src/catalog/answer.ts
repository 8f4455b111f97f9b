/** What a Buffer costs beyond its bytes: the Buffer and ArrayBuffer objects, the backing store, malloc's header. */
export const BUFFER_OVERHEAD = 320;
/** What a short string (a form's tag, say) costs beyond its characters. */
const STRING_OVERHEAD = 32;
/** The answer object, and the list of its forms once it has one. */
const ANSWER_OVERHEAD = 64;
const FORMS_OVERHEAD = 64;

/** What holds an answer and is charged for it: told what each form made later adds. */
export interface AnswerHolder {
  formMade(answer: Answer, key: string, more: number): void;
}

/** A form of an answer that an edge derives from its bytes: another encoding, an MCP tool result, a tag. */
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
 * The edges derive other forms from it (a compressed body, an entity tag, an MCP tool result), each
 * made on first use. While something holds the answer (the answer cache kept it) each form is kept
 * with it, and the holder is told what it adds, so it is charged for every byte it keeps; an answer
 * nothing holds is sent once, so its forms are made for that response alone and not kept.
 */
export class Answer {
  /** Each form's name, then the form: one flat array, as the heap keeps one per answer held. */
  private forms: Array<string | AnswerForm> | undefined;
  private holder: AnswerHolder | undefined;
  private heldAs = '';

  private constructor(readonly bytes: Buffer) {}

  /**
   * The answer of this JSON text. Its bytes get an allocation of their own: a small Buffer.from()
   * is cut from a shared 8 KiB slab, which one answer kept in the cache would keep alive whole.
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

  /** The answer's JSON text. */
  get json(): string {
    return this.bytes.toString('utf8');
  }

  /**
   * The form called `name`, made by `make` the first time it is asked for while the answer is held,
   * or each time while it is not (the same bytes each time: a form is a function of the answer, so a
   * strong ETag of a compressed body holds whether the answer was kept or not).
   */
  form<F extends AnswerForm>(name: string, make: (answer: Answer) => F): F {
    const forms = this.forms;
    if (forms) {
      for (let i = 0; i < forms.length; i += 2) if (forms[i] === name) return forms[i + 1] as F;
    }
    if (this.holder === undefined) return make(this);
    const form = ownMemory(make(this));
    const more = weightOf(form) + (forms ? 0 : FORMS_OVERHEAD);
    (this.forms ??= []).push(name, form);
    this.holder.formMade(this, this.heldAs, more);
    return form;
  }

  /** What holding the answer costs, its forms made so far included. */
  get weight(): number {
    let weight = ANSWER_OVERHEAD + weightOf(this.bytes);
    if (this.forms) {
      weight += FORMS_OVERHEAD;
      for (let i = 1; i < this.forms.length; i += 2) weight += weightOf(this.forms[i]!);
    }
    return weight;
  }

  /** Tells `holder` what each form made from now on adds: it holds the answer under `key`. */
  heldBy(holder: AnswerHolder, key: string): void {
    this.holder = holder;
    this.heldAs = key;
  }
}

/**
 * A form kept in memory of its own: a Buffer that is a view of a larger one (zlib's output is a slice
 * of its 16 KiB chunk; a small Buffer.from() one of a shared slab) is copied, so keeping it keeps
 * only its bytes alive.
 */
function ownMemory<F extends AnswerForm>(form: F): F {
  if (typeof form === 'string' || form.byteLength === form.buffer.byteLength) return form;
  const own = Buffer.allocUnsafeSlow(form.byteLength);
  form.copy(own);
  return own as F;
}

function weightOf(form: AnswerForm): number {
  return typeof form === 'string' ? STRING_OVERHEAD + form.length * 2 : BUFFER_OVERHEAD + form.length;
}
