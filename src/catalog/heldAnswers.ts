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
  /** The answer's bytes (none for a failure: its slice only reserves what the failure costs). */
  readonly body: RingSlice<HeldAnswer>;
  /** Each form's name, then the form: a string as it is, bytes as their slice. */
  forms: Array<string | RingSlice<HeldAnswer>> | undefined;
  /** Used since the ring last came to it. */
  used: boolean;
  /** Still held: false once evicted, replaced or dropped, when its slices may be written over. */
  live: boolean;
}

/**
 * What an entry costs the heap beyond its bytes and key: the Map slot, the entry and slice objects,
 * the result wrapping a failure.
 */
const ENTRY_OVERHEAD = 200;
/** What a form costs the heap beyond its bytes: its slice object, its name and two slots of the list. */
const FORM_OVERHEAD = 96;
/** What a failure held costs beyond its message. */
const FAILURE_OVERHEAD = 96;
/** What strings held cost: their UTF-16 characters and each one's header. */
const textWeight = (...texts: string[]) => texts.reduce((sum, text) => sum + 16 + text.length * 2, 0);

/**
 * The answer cache's entries: a map of requests to answers whose bytes, and the bytes of their
 * forms, are in one ByteRing of the cache's bound, written round as answers come and go. Each slice
 * also reserves what its entry costs the heap (key, objects, a failure's text), so the bound counts
 * that too. The ring decides what goes: the oldest answer not used since the ring last came to it.
 */
export class HeldAnswers implements EntryStore<HeldAnswer>, RingOwners<HeldAnswer> {
  private readonly entries = new Map<string, HeldAnswer>();
  private readonly ring: ByteRing<HeldAnswer>;

  constructor(readonly maxCharge: number) {
    this.ring = new ByteRing(maxCharge, this);
  }

  get(key: string): HeldAnswer | undefined {
    const held = this.entries.get(key);
    if (held !== undefined) held.used = true;
    return held;
  }

  /** What holding `result` under `key` costs, the bytes of its answer included. */
  static charge(key: string, result: QueryResult): number {
    return ENTRY_OVERHEAD + 2 * key.length +
      (result.ok ? result.answer.bytes.length : FAILURE_OVERHEAD + textWeight(result.message, ...(result.candidates ?? [])));
  }

  /** Whether `result` would be held without writing over another answer. */
  hasRoomFor(key: string, result: QueryResult): boolean {
    return this.ring.fits(HeldAnswers.charge(key, result));
  }

  /** The request whose answer the next one held would write over first (ByteRing.next). */
  victim(): string | undefined {
    return this.ring.next()?.key;
  }

  /** Holds `result` under `key` (its bytes copied into the ring); undefined when it cannot be held (too large). */
  set(key: string, result: QueryResult): HeldAnswer | undefined {
    this.delete(key);
    const held: HeldAnswer = { key, failure: result.ok ? undefined : result, body: undefined!, forms: undefined, used: false, live: true };
    const body = this.ring.allocate(held, HeldAnswers.charge(key, result), result.ok ? result.answer.bytes : undefined);
    if (body === null) return undefined;
    (held as { body: RingSlice<HeldAnswer> }).body = body;
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
    if (!held.live) return;
    const charge = FORM_OVERHEAD + (typeof form === 'string' ? textWeight(form) : form.length);
    const slice = this.ring.allocate(held, charge, typeof form === 'string' ? undefined : form);
    // Room was made by evicting answers not used lately: never `held` itself.
    if (slice !== null) (held.forms ??= []).push(name, typeof form === 'string' ? form : slice);
  }

  delete(key: string): void {
    const held = this.entries.get(key);
    if (held === undefined) return;
    held.live = false;
    this.entries.delete(key);
  }

  /** Drops every answer; the ring's memory stays for the next, unless `release` (close). */
  clear(release = false): void {
    for (const held of this.entries.values()) held.live = false;
    this.entries.clear();
    this.ring.clear(release);
  }

  get size(): number {
    return this.entries.size;
  }

  /** What the ring holds: the answers held, and those dropped that it has not yet written over. */
  get charged(): number {
    return this.ring.used;
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
