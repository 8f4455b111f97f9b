import { FrequencySketch } from '../cache/frequencySketch.js';
import { InFlightSlots } from '../cache/inFlightSlots.js';
import { VersionedCache } from '../cache/versionedCache.js';
import { Answer, type AnswerForm, type AnswerHolder } from './answer.js';
import type { CatalogRetrieval, CatalogStore } from './catalogStore.js';
import { HeldAnswers, type HeldAnswer } from './heldAnswers.js';

/** What a catalog read answers: a finished answer, or an expected failure as a value. */
export type QueryResult =
  | { ok: true; answer: Answer }
  | { ok: false; status: 400 | 404 | 410; message: string; candidates?: readonly string[] };

export interface AnswerCacheOptions {
  /** The bound on what the cache holds, every byte of its answers and their forms counted; 0 keeps nothing. */
  maxBytes: number;
  /** How often the catalog's retrieval is read; 250 ms unless told. */
  checkEveryMs?: number;
  /** A monotonic clock in ms (tests). */
  now?: () => number;
}

export interface AnswerCacheStats {
  hits: number;
  /** Answers built (a miss that joined another is not counted). */
  misses: number;
  /** Requests answered by a miss already under way for the same request. */
  joined: number;
  /** Answers built but not kept: the cache was full and their request was not asked for more often lately than the answer it would evict (admission by frequency). */
  notAdmitted: number;
  entries: number;
  /** What the entries are charged: their bytes, forms and overheads, and the frequency sketch. */
  bytes: number;
  maxBytes: number;
  /** The catalog version the cached answers belong to; null until it was first read. */
  version: string | null;
}

/**
 * The sketch's counters: one per 256 bytes of the bound (96 Ki, 96 KiB, at the default 24 MB), about a
 * dozen per answer the cache holds, so keys rarely share all four; at least 4 Ki (a bound under 1 MiB
 * keeps no sketch: every answer that fits is kept), at most 4 Mi.
 */
const BYTES_PER_COUNTER = 256;
const MIN_COUNTERS = 4096;
const MAX_COUNTERS = 4 * 2 ** 20;
/**
 * The sketch halves its counts every this many requests per answer held (at least MIN_HALVING_PERIOD),
 * TinyLFU's sample: ten times the cache. Simulated (bench/admissionSimulation.ts: a clock of 10,000
 * answers, 100,000 keys, a million requests): uniform keys displace an answer on 5.3 % of misses
 * (periods of 1, 2 and 4 times the cache: 4.3, 6.3 and 7.7 %), Zipf's law keys (s = 0.7, 0.9, 1.1)
 * hit 45.8, 68.8 and 87.9 % of the time, the best of the four periods, against 36.0, 61.6 and
 * 85.1 % with every answer kept.
 */
const HALVING_PERIOD_PER_ENTRY = 10;
const MIN_HALVING_PERIOD = 1024;
/** Slots for builds under way (InFlightSlots): a few times the requests a busy instance has in flight. */
const IN_FLIGHT_SLOTS = 1024;

/**
 * What an answer is a function of: the catalog's version and retrieval, and the request as normalized
 * (what the cache keeps it under). Its entity tag hashes this, where hashing the body cost a cold
 * search 20-30 µs of its 36 KB.
 */
const identity = (version: string | undefined, retrievedAt: string, key: string) => `${version ?? ''}\n${retrievedAt}\n${key}`;

/**
 * The one cache of the catalog's answers: finished answers (Answer) by their normalized request,
 * all of one retrieval of the catalog. A timer reads the store's retrieval (its version and import
 * time, cheap); a new version or a new import time drops everything, and the import time is the `retrieved_at` of every
 * answer built after it. Every request is counted in a frequency sketch; once the cache is full, an
 * answer is kept only when its request was asked for before more often lately than the answer the
 * cache would evict for it (TinyLFU's admission, with a bound of 1 MiB or more), so a long tail of
 * rare requests costs a miss each and evicts nothing. The answers' bytes and forms are held in one
 * block of memory of the bound (HeldAnswers), so the cache costs the process its bound and no more;
 * a hit is a copy of the bytes held. Concurrent misses of one request share one build. With
 * maxBytes 0 it keeps nothing but still tells the time of retrieval.
 */
export class AnswerCache implements AnswerHolder {
  private readonly cache: VersionedCache<HeldAnswer, CatalogRetrieval, HeldAnswers>;
  private readonly sketch: FrequencySketch | undefined;
  private readonly inFlight = new InFlightSlots<QueryResult>(IN_FLIGHT_SLOTS);
  /** What `retrieved_at` is while the catalog has never been imported: when this process first looked. */
  private readonly firstLook = new Date().toISOString();
  private hits = 0;
  private misses = 0;
  private joined = 0;
  private notAdmitted = 0;

  constructor(store: Pick<CatalogStore, 'retrieval'>, private readonly options: AnswerCacheOptions) {
    const counters = Math.min(MAX_COUNTERS, Math.floor(options.maxBytes / BYTES_PER_COUNTER));
    // A bound too small to spare the sketch keeps every answer it can.
    this.sketch = counters >= MIN_COUNTERS
      ? new FrequencySketch(counters, () => Math.max(MIN_HALVING_PERIOD, HALVING_PERIOD_PER_ENTRY * this.cache.size))
      : undefined;
    // The sketch is held out of the same budget.
    const maxCharge = Math.max(0, options.maxBytes - (this.sketch?.bytes ?? 0));
    // Every answer carries retrieved_at: an import that changed nothing keeps the catalog version but
    // moves the retrieval time, and the answers with it.
    this.cache = new VersionedCache(() => store.retrieval(), { entries: new HeldAnswers(maxCharge), checkEveryMs: options.checkEveryMs, now: options.now },
      (a, b) => a.version === b.version && a.importedAt === b.importedAt);
  }

  /**
   * The answer to the request `key`: from memory, or built by `build` with the catalog's retrieved_at
   * (ISO 8601) and kept when the request was seen lately. `build` is also told the catalog version
   * the answer will be kept for, so what it reads from memory can be checked against it.
   */
  answer(key: string, build: (retrievedAt: string, version: string | undefined) => Promise<QueryResult>): Promise<QueryResult> {
    // Hits are counted too: an answer asked for often is one not to evict for a rarer one.
    const askedBefore = this.sketch?.record(key) ?? 0;
    const held = this.cache.get(key);
    if (held !== undefined) {
      this.hits += 1;
      if (held.failure !== undefined) return Promise.resolve(held.failure);
      const answer = Answer.held(this.cache.entries.bytes(held), this, held);
      const { retrievedAt, version } = this.builtFrom(this.cache.stamp);
      answer.identify(identity(version, retrievedAt, key));
      return Promise.resolve({ ok: true, answer });
    }
    const epoch = this.cache.epoch;
    const underWay = this.inFlight.get(key, epoch);
    if (underWay !== undefined) {
      this.joined += 1;
      return underWay;
    }
    this.misses += 1;
    const keeping = this.options.maxBytes > 0;
    // Kept (and let go from inFlight) in the build's own chain: a promise more per miss, awaited by
    // the request, cost a miss with the cache on a few µs more than one with it off.
    const result: Promise<QueryResult> = this.building().then(async ({ retrievedAt, version }) => {
      try {
        const built = await build(retrievedAt, version);
        if (built.ok) built.answer.identify(identity(version, retrievedAt, key));
        if (keeping) this.admit(epoch, key, built, askedBefore);
        return built;
      } finally {
        if (keeping) this.inFlight.remove(key, result);
      }
    });
    if (keeping) this.inFlight.add(key, epoch, result);
    return result;
  }

  /** The retrieved_at of answers built now: the import time of the catalog last read. */
  async retrievedAt(): Promise<string> {
    return (await this.building()).retrievedAt;
  }

  /** The retrieved_at of answers built now, and the catalog version they are kept for (undefined before one was read). */
  private async building(): Promise<{ retrievedAt: string; version: string | undefined }> {
    return this.builtFrom(this.cache.stamp ?? (await this.cache.checkVersion(), this.cache.stamp));
  }

  /** The retrieved_at and catalog version of answers built from the retrieval `stamp` (null: none read). */
  private builtFrom(stamp: CatalogRetrieval | null): { retrievedAt: string; version: string | undefined } {
    return { retrievedAt: stamp?.importedAt ?? this.firstLook, version: stamp?.version };
  }

  /**
   * The catalog's version and import time as last read (read now when never read): what a cache of
   * something else derived from the catalog (the deck check's table of sets) is kept against.
   */
  async retrieval(): Promise<CatalogRetrieval> {
    const stamp = this.cache.stamp ?? (await this.cache.checkVersion(), this.cache.stamp);
    return stamp ?? { version: '', importedAt: null };
  }

  /** Reads the catalog's retrieval now (the timer does every checkEveryMs), dropping every answer if its version changed. */
  checkRetrieval(): Promise<void> {
    return this.cache.checkVersion();
  }

  /** Drops every answer after a write through this process, and reads the retrieval the write made. */
  dropAfterWrite(): Promise<void> {
    return this.cache.dropAfterWrite();
  }

  stats(): AnswerCacheStats {
    const { entries, charged, version } = this.cache.stats;
    return {
      hits: this.hits, misses: this.misses, joined: this.joined, notAdmitted: this.notAdmitted, entries,
      bytes: charged + (this.sketch?.bytes ?? 0), maxBytes: this.options.maxBytes, version,
    };
  }

  close(): void {
    this.cache.close();
    this.cache.entries.clear(true);
  }

  /**
   * Keeps `result` when there is room, or when its request was asked for before (`askedBefore` times
   * lately, this request not counted) more often than the answer the cache would evict first. Not
   * counting this request keeps more of a long tail out: counting it, uniform keys displaced an answer
   * on 12.5 % of misses instead of 5.3 % (the simulation above). An answer larger than that victim
   * also evicts the ones after it, unweighed: they too are answers not used lately.
   */
  private admit(epoch: number, key: string, result: QueryResult, askedBefore: number): void {
    if (!this.cache.unchangedSince(epoch)) return;
    const held = this.cache.entries;
    if (this.sketch && !held.hasRoomFor(key, result) && this.losesToVictim(this.sketch, askedBefore)) {
      this.notAdmitted += 1;
      return;
    }
    const kept = held.set(key, result);
    if (kept !== undefined && result.ok) result.answer.heldBy(this, kept);
  }

  /**
   * Whether a request asked for `askedBefore` times lately was not asked for more often than the answer
   * the cache would evict first. One not seen lately loses to any (whose count is at least 0) without
   * a look: most of a long tail.
   */
  private losesToVictim(sketch: FrequencySketch, askedBefore: number): boolean {
    if (askedBefore === 0) return true;
    const victim = this.cache.entries.victim();
    return victim !== undefined && askedBefore <= sketch.frequency(victim);
  }

  /** The form `name` of an answer held as `held`: kept with it, or made and kept while it is held. */
  form<F extends AnswerForm>(answer: Answer, held: unknown, name: string, make: (answer: Answer) => F): F {
    const entry = held as HeldAnswer;
    const kept = this.cache.entries.form(entry, name);
    if (kept !== undefined) return kept as F;
    const made = make(answer);
    this.cache.entries.addForm(entry, name, made);
    return made;
  }
}
