import { ByteRing, type RingOwners, type RingSlice } from '../cache/byteRing.js';
import type { EntryStore } from '../cache/versionedCache.js';
import type { AnswerForm } from './answer.js';
import type { QueryResult } from './answerCache.js';

/** A failure, held as it is. */
export type QueryFailure = Extract<QueryResult, { ok: false }>;

/** An answer the cache holds: its failure, or where its bytes and forms are in the ring. */
export interface HeldAnswer {
  readonly key: string;
  readonly failure: QueryFailure | undefined;
  /** The answer's bytes (none for a failure); its place in the ring's order all the same. */
  body: RingSlice<HeldAnswer>;
  /** What it costs the heap (as resident memory): its objects, its key, its failure's text, its forms' objects and strings. */
  heap: number;
  /** Each form's name, then the form: a string as it is, bytes as their slice. */
  forms: Array<string | RingSlice<HeldAnswer>> | undefined;
  /** Used since the ring last came to it. */
  used: boolean;
  /** Still held: false once evicted, replaced or dropped, when its slices may be written over. */
  live: boolean;
}

/**
 * What an entry costs the heap beyond its key: the Map slot, the entry and slice objects, its slot in
 * the ring's queue. Measured (live heap after full collections, 20,000 card answers held under keys as
 * the queries make them, `cards <id>`): 180 to 185 bytes an entry with its key, which this and the
 * key's weight (64 for a key of 24 characters, counted at two bytes each) cover. An ETag is no longer
 * kept with its answer (sendResult hashes it each time): with it an entry cost about 600 bytes.
 */
const ENTRY_OVERHEAD = 140;
/** What a form costs the heap beyond its bytes or string: its slice object, two slots of the list. */
const FORM_OVERHEAD = 120;
/**
 * The share of the bound the entries' heap may take; the ring has the rest. The ring's memory is
 * resident once written round, whatever its slices hold, so what the entries cost the heap is held
 * apart: small answers (cards by id, 404s) are held up to this share of their heap, not of their
 * bytes, and the cache costs the process its bound with any mix of answers.
 */
const HEAP_SHARE = 1 / 4;
/**
 * What the process's resident memory grows by for each byte the entries keep live on the heap: V8
 * lets the old generation grow to a few times what its last full collection found live when
 * collections are cheap against the work between them. Measured under random card ids (the
 * service, 32 MB): 4.8 MB more live heap with the cache on, 32 MB more heap, and 51 MB more RSS of
 * which the ring's 28 MB; about 4 resident bytes a live byte.
 */
const RESIDENT_PER_HEAP_BYTE = 4;
/** What a failure held costs beyond its message. */
const FAILURE_OVERHEAD = 96;
/** What strings held cost: their UTF-16 characters and each one's header. */
const textWeight = (...texts: string[]) => texts.reduce((sum, text) => sum + 16 + text.length * 2, 0);
/** What `live` bytes of heap cost the process. */
const resident = (live: number) => RESIDENT_PER_HEAP_BYTE * live;
/** What the ring holds of a failure, which is on the heap alone: its place in the ring's order. */
const NO_BYTES = Buffer.alloc(0);

/**
 * The answer cache's entries: a map of requests to answers whose bytes, and the bytes of their
 * forms, are in one ByteRing of most of the cache's bound, written round as answers come and go;
 * what the entries cost the heap (keys, objects, a failure's text) is held to the rest (HEAP_SHARE).
 * The ring decides what goes: the oldest answer not used since the ring last came to it, for room
 * in the ring or in the heap's share.
 */
export class HeldAnswers implements EntryStore<HeldAnswer>, RingOwners<HeldAnswer> {
  private readonly entries = new Map<string, HeldAnswer>();
  private readonly ring: ByteRing<HeldAnswer>;
  private readonly maxHeap: number;
  private heap = 0;

  constructor(readonly maxCharge: number) {
    this.maxHeap = Math.floor(maxCharge * HEAP_SHARE);
    this.ring = new ByteRing(maxCharge - this.maxHeap, this);
  }

  get(key: string): HeldAnswer | undefined {
    const held = this.entries.get(key);
    if (held !== undefined) held.used = true;
    return held;
  }

  /** What holding `result` under `key` costs the heap, as resident memory. */
  private static heapOf(key: string, result: QueryResult): number {
    return resident(ENTRY_OVERHEAD + textWeight(key) + (result.ok ? 0 : FAILURE_OVERHEAD + textWeight(result.message, ...(result.candidates ?? []))));
  }

  /** Whether `result` would be held without evicting another answer. */
  hasRoomFor(key: string, result: QueryResult): boolean {
    return this.heap + HeldAnswers.heapOf(key, result) <= this.maxHeap && this.ring.fits(result.ok ? result.answer.bytes.length : 0);
  }

  /** The request whose answer the next one held would write over first (ByteRing.next). */
  victim(): string | undefined {
    return this.ring.next()?.key;
  }

  /** Holds `result` under `key` (its bytes copied into the ring); undefined when it cannot be held (too large). */
  set(key: string, result: QueryResult): HeldAnswer | undefined {
    this.delete(key);
    const heap = HeldAnswers.heapOf(key, result);
    const held: HeldAnswer = { key, failure: result.ok ? undefined : result, body: undefined!, heap, forms: undefined, used: false, live: true };
    if (!this.heapRoomFor(held, heap)) return undefined;
    const body = this.ring.write(held, result.ok ? result.answer.bytes : NO_BYTES);
    if (body === null) return undefined;
    held.body = body;
    this.heap += heap;
    this.entries.set(key, held);
    return held;
  }

  /** A copy of the answer's bytes, of its own: the ring writes over them once the answer goes. */
  bytes(held: HeldAnswer): Buffer {
    return this.ring.read(held.body);
  }

  /** The form `name` of `held` while it is held: a copy of its bytes, or its string; undefined when not made yet. */
  form(held: HeldAnswer, name: string): AnswerForm | undefined {
    const forms = held.forms;
    if (forms === undefined || !held.live) return undefined;
    for (let i = 0; i < forms.length; i += 2) {
      if (forms[i] === name) {
        const form = forms[i + 1]!;
        return typeof form === 'string' ? form : this.ring.read(form);
      }
    }
    return undefined;
  }

  /** Keeps `form` with `held`, while it is held and the ring has room for it beside the answer. */
  addForm(held: HeldAnswer, name: string, form: AnswerForm): void {
    const heap = resident(FORM_OVERHEAD + (typeof form === 'string' ? textWeight(form) : 0));
    if (!held.live || !this.heapRoomFor(held, heap)) return;
    // A string is on the heap alone: the entry's place in the ring is its body's.
    const kept = typeof form === 'string' ? form : this.ring.write(held, form);
    // Room was made by evicting answers not used lately: never `held` itself.
    if (kept === null || !held.live) return;
    // A list of two for the first form: a list pushed to from empty takes room for 17.
    if (held.forms === undefined) held.forms = [name, kept];
    else held.forms.push(name, kept);
    held.heap += heap;
    this.heap += heap;
  }

  /**
   * Evicts answers (the ring's next, as it would write over them) until `heap` more fits in the heap's
   * share; false when it cannot without evicting `keep`.
   */
  private heapRoomFor(keep: HeldAnswer, heap: number): boolean {
    while (this.heap + heap > this.maxHeap) {
      const next = this.ring.next();
      if (next === undefined || next === keep) return false;
      this.evict(next);
    }
    return true;
  }

  private delete(key: string): void {
    const held = this.entries.get(key);
    if (held === undefined) return;
    held.live = false;
    this.heap -= held.heap;
    this.entries.delete(key);
  }

  /** Drops every answer; the ring's memory stays for the next, unless `release` (close). */
  clear(release = false): void {
    for (const held of this.entries.values()) held.live = false;
    this.entries.clear();
    this.heap = 0;
    this.ring.clear(release);
  }

  get size(): number {
    return this.entries.size;
  }

  /** What the ring holds (the answers held, and those dropped that it has not yet written over) and what the entries cost the heap. */
  get charged(): number {
    return this.ring.used + this.heap;
  }

  holds(held: HeldAnswer): boolean {
    return held.live;
  }

  secondChance(held: HeldAnswer): boolean {
    if (!held.used) return false;
    held.used = false;
    return true;
  }

  evict(held: HeldAnswer): void {
    this.delete(held.key);
  }
}
