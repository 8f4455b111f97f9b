import { LRUCache } from 'lru-cache';
import { VersionWatch } from '../../versionWatch.js';
import type { ErrorCode } from '../../vocabulary/errorCodes.js';
import type { Answer } from './answer.js';
import type { CatalogStore } from '../catalogStore.js';
import type { CatalogRetrieval } from '../catalogShapes.js';
import type { CatalogViews } from '../catalogViews.js';

/** What a catalog read answers: a finished answer, or an expected failure as a value. */
export type QueryResult =
  | { ok: true; answer: Answer }
  | { ok: false; status: 400 | 404 | 410; code: ErrorCode; message: string; candidates?: readonly string[] };

export interface AnswerCacheOptions {
  /** The bound on what the cache holds, its answers' bytes, forms and bookkeeping counted; 0 keeps nothing. */
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
  /** Requests answered by a build already under way for the same request. */
  joined: number;
  entries: number;
  /** What the entries are charged. */
  bytes: number;
  maxBytes: number;
  /** The catalog version the cached answers belong to; null until it was first read. */
  version: string | null;
}

/**
 * What an entry costs the process beyond its bytes and its key: the Answer, its Buffer and backing
 * store, the result object, the identity string and the cache's slots (test/catalog/answers/answerCacheMemory.test.ts
 * measures it against the heap).
 */
export const ENTRY_OVERHEAD_BYTES = 400;
/**
 * A generation of the requests asked lately holds one request for this many bytes of the cache, a
 * few times fewer than it holds answers of a card's size: an answer is kept once its request comes
 * back soon after, and what comes back only now and then is built each time rather than kept,
 * evicted and collected.
 */
const ASKED_GENERATION_BYTES = 16_384;

/** What keeping `result` under `key` costs: its bytes and forms, its key (twice: the key and the identity), and the overhead. */
function charge(result: QueryResult, key: string): number {
  const body = result.ok ? result.answer.bytes.length + result.answer.formBytes : result.message.length * 2;
  return body + key.length * 4 + ENTRY_OVERHEAD_BYTES;
}

/**
 * What an answer is a function of: the catalog's version and retrieval, and the request as normalized
 * (what the cache keeps it under). Its entity tag hashes this rather than the whole body.
 */
const identity = (version: string, retrievedAt: string, key: string) => `${version}\n${retrievedAt}\n${key}`;

/**
 * The one cache of the catalog's answers: finished answers (and expected failures) by their
 * normalized request, all of one retrieval of the catalog, least recently used first out
 * (lru-cache, bounded by what the entries are charged). It is also the catalog's watcher: its
 * VersionWatch reads the store's retrieval (its version and import time, cheap), and a new one
 * empties every view of the catalog this process keeps (the store's CatalogViews), these answers
 * with them; the import time is the `retrieved_at` of every answer built after it. Concurrent
 * misses of one request share one build. With maxBytes 0 it keeps nothing but still watches, and
 * tells the time of retrieval.
 */
export class AnswerCache {
  private readonly kept: LRUCache<string, QueryResult> | undefined;
  private readonly watch: VersionWatch<CatalogRetrieval>;
  private readonly views: CatalogViews;
  private readonly leaveViews: () => void;
  /** The builds under way, by request, with the views' epoch they started in: none is joined across a drop. */
  private readonly building = new Map<string, { epoch: number; result: Promise<QueryResult> }>();
  /**
   * The requests asked for lately, in two generations (the current one and the one before), for
   * keeping an answer once the cache is full only when its request was asked for before. Most
   * of a public catalog's requests are asked for once: kept, each would evict an answer and live
   * just long enough to be promoted to V8's old generation, whose collections then cost every
   * request; not kept, it dies young like any other garbage.
   */
  private askedLately = new Set<string>();
  private askedBefore = new Set<string>();
  private readonly askedGeneration: number;
  /** What `retrieved_at` is while the catalog has never been imported: when this process first looked. */
  private readonly firstLook = new Date().toISOString();
  private hits = 0;
  private misses = 0;
  private joined = 0;

  constructor(store: Pick<CatalogStore, 'retrieval' | 'views'>, private readonly options: AnswerCacheOptions) {
    this.kept = options.maxBytes > 0 ? new LRUCache({ maxSize: options.maxBytes, sizeCalculation: charge }) : undefined;
    this.askedGeneration = Math.max(1_000, Math.ceil(options.maxBytes / ASKED_GENERATION_BYTES));
    this.views = store.views;
    this.leaveViews = this.views.onDrop(() => this.kept?.clear(), true);
    // A new version empties every view (saw); an import that changed nothing keeps the version but
    // moves the retrieval time, which every answer carries, so it empties what carries that (retrieved).
    const retrieval = async () => {
      const read = await store.retrieval();
      this.views.saw(read.version);
      return read;
    };
    this.watch = new VersionWatch(retrieval, () => this.views.retrieved(), options,
      (a, b) => a.version === b.version && a.importedAt === b.importedAt);
  }

  /**
   * The answer to the request `key`: from memory, or built by `build` with the catalog's retrieved_at
   * (ISO 8601) and the catalog version the answer is kept for (so what `build` reads from memory can
   * be checked against it).
   */
  answer(key: string, build: (retrievedAt: string, version: string | undefined) => Promise<QueryResult>): Promise<QueryResult> {
    const { kept } = this;
    if (kept === undefined) {
      this.misses += 1;
      return this.build(key, build);
    }
    if (this.watch.trusted) {
      const held = kept.get(key);
      if (held !== undefined) {
        this.hits += 1;
        return Promise.resolve(held);
      }
    }
    const epoch = this.views.epoch;
    const underWay = this.building.get(key);
    if (underWay?.epoch === epoch) {
      this.joined += 1;
      return underWay.result;
    }
    this.misses += 1;
    const result = this.build(key, build).then((built) => {
      if (epoch === this.views.epoch) this.keep(kept, key, built);
      return built;
    }).finally(() => {
      if (this.building.get(key)?.result === result) this.building.delete(key);
    });
    this.building.set(key, { epoch, result });
    return result;
  }

  /**
   * `build` for the retrieval last read; when it found the catalog changed under it (CatalogChanged),
   * once more for the retrieval as it is now (CatalogViews.afresh), so an answer is of one catalog.
   */
  private build(key: string, build: (retrievedAt: string, version: string | undefined) => Promise<QueryResult>): Promise<QueryResult> {
    let again = false;
    return this.views.afresh(async () => {
      if (again) await this.watch.check();
      again = true;
      const { version, importedAt } = await this.retrieval();
      const retrievedAt = importedAt ?? this.firstLook;
      const built = await build(retrievedAt, version);
      if (built.ok) built.answer.identify(identity(version, retrievedAt, key));
      return built;
    });
  }

  /** Keeps `result`; a form made of its answer later is charged to it (set again, as lru-cache sizes an entry when it is set). */
  private keep(kept: LRUCache<string, QueryResult>, key: string, result: QueryResult): void {
    if (!this.askedBefore.has(key) && !this.askedLately.has(key) && kept.calculatedSize + charge(result, key) > kept.maxSize) {
      this.askedLately.add(key);
      if (this.askedLately.size >= this.askedGeneration) [this.askedBefore, this.askedLately] = [this.askedLately, new Set()];
      return;
    }
    kept.set(key, result);
    if (!result.ok || !kept.has(key)) return;
    result.answer.keptBy(() => {
      if (kept.peek(key) !== result) return;
      kept.delete(key);
      kept.set(key, result);
    });
  }

  /** The retrieved_at of answers built now: the import time of the catalog last read. */
  async retrievedAt(): Promise<string> {
    return (await this.retrieval()).importedAt ?? this.firstLook;
  }

  /**
   * The catalog's version and import time as last read (read now when never read): what a cache of
   * something else derived from the catalog (the deck check's table of sets) is kept against.
   */
  async retrieval(): Promise<CatalogRetrieval> {
    return this.watch.read();
  }

  /** Reads the catalog's retrieval now (the timer does every checkEveryMs), dropping every answer if it changed. */
  checkRetrieval(): Promise<void> {
    return this.watch.check();
  }

  /** Drops every answer after a write through this process, and reads the retrieval the write made. */
  dropAfterWrite(): Promise<void> {
    return this.watch.dropAfterWrite();
  }

  stats(): AnswerCacheStats {
    return {
      hits: this.hits, misses: this.misses, joined: this.joined, entries: this.kept?.size ?? 0,
      bytes: this.kept?.calculatedSize ?? 0, maxBytes: this.options.maxBytes, version: this.watch.stamp?.version ?? null,
    };
  }

  close(): void {
    this.watch.close();
    this.kept?.clear();
    this.leaveViews();
  }
}
