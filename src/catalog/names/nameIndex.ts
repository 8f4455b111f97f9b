import type { Card } from '../../schemas/card.js';
import type { CatalogBackend } from '../catalogBackend.js';
import type { CardNames } from './cardNames.js';
import type { CardSearch, SearchPage } from '../catalogShapes.js';
import { matchRank } from './matchRank.js';
import { trigrams } from './nameGrams.js';
import { codePointLength } from './searchKey.js';
import { CatalogChanged, type CatalogViews, type KeptView } from '../catalogViews.js';

/** A candidate name that does not contain the key after all (it has the key's rarest trigram only). */
const NO_MATCH = 3;
/** The least scratch memory a NameIndex takes: names a common trigram has (most searches take no more). */
const MIN_SCRATCH = 4096;

/** A page's working memory (NameIndex.scratch): the matching names by rank, each candidate's rank, the merge's heap. */
interface Scratch { places: Int32Array; ranks: Uint8Array; heads: Int32Array; ends: Int32Array }

/**
 * The name search of 3 or more code points over the distinct folded names, in memory: each
 * three-code-point substring's names, and each name's cards in search order with their language.
 * The names containing the key are those of the key's rarest trigram that contain it; their cards,
 * exact name first, then names that start with the key, then the rest, each in search order, are
 * counted and cut into the page without a database, where the database's trigram index and the
 * sort of every match grow with a common trigram's matches (ene, ion).
 */
export class NameIndex {
  private constructor(
    readonly version: string,
    private readonly names: string[],
    /** Name n's cards are at starts[n] to starts[n + 1] in orders and languages. */
    private readonly starts: Int32Array,
    private readonly orders: Int32Array,
    private readonly languages: Uint8Array,
    private readonly languageCodes: Map<string, number>,
    /** Trigram g's names (by their place in `names`) are at postingStarts[g] to postingStarts[g + 1] in postings. */
    private readonly gramIds: Map<string, number>,
    private readonly postingStarts: Int32Array,
    private readonly postings: Int32Array,
  ) {}

  get nameCount(): number {
    return this.names.length;
  }

  /** Taken at the first search, grown for a trigram with more names (NameIndex.scratch). */
  private scratchMemory: Scratch | undefined;

  static build({ version, names, languages, nameOf, searchOrders, languageOf }: CardNames): NameIndex {
    // A counting sort of the cards by name, then each name's cards by search order, each card's
    // language riding below its search order (a language is less than 256).
    const starts = new Int32Array(names.length + 1);
    for (const place of nameOf) starts[place + 1]! += 1;
    for (let place = 0; place < names.length; place++) starts[place + 1]! += starts[place]!;
    const next = starts.slice(0, names.length);
    const keyed = new Float64Array(nameOf.length);
    nameOf.forEach((place, card) => { keyed[next[place]!++] = searchOrders[card]! * 256 + languageOf[card]!; });
    for (let place = 0; place < names.length; place++) keyed.subarray(starts[place]!, starts[place + 1]!).sort();
    const orders = Int32Array.from(keyed, (key) => Math.floor(key / 256));
    const languagesAt = Uint8Array.from(keyed, (key) => key % 256);
    // The postings in two passes, counting then placing, into flat arrays: one typed array per
    // trigram (24,000 of them) held three times the memory, and lists grown by push expanded the
    // heap for good while they were built.
    const gramIds = new Map<string, number>();
    const counts: number[] = [];
    for (const name of names) {
      for (const gram of trigrams(name)) {
        const id = gramIds.get(gram) ?? gramIds.set(gram, gramIds.size).size - 1;
        counts[id] = (counts[id] ?? 0) + 1;
      }
    }
    const postingStarts = new Int32Array(gramIds.size + 1);
    counts.forEach((count, id) => { postingStarts[id + 1] = postingStarts[id]! + count; });
    const postings = new Int32Array(postingStarts[gramIds.size]!);
    const cursor = postingStarts.slice(0, gramIds.size);
    names.forEach((name, place) => {
      for (const gram of trigrams(name)) postings[cursor[gramIds.get(gram)!]!++] = place;
    });
    return new NameIndex(version, names, starts, orders, languagesAt, new Map(languages.map((lang, code) => [lang, code])),
      gramIds, postingStarts, postings);
  }

  /**
   * The search orders of the page (`limit` from `offset`) of the cards of `lang` (or any) whose
   * folded name contains `key` (3 or more code points), in answer order, and how many match.
   */
  page(key: string, lang: string | undefined, limit: number, offset: number): { orders: number[]; total: number } {
    // The matching names by rank (exact, starts with, contains) in scratch.places, each rank's
    // from rankStarts[rank]: a counting sort of the candidates, in memory taken once per index.
    const candidates = this.candidates(key);
    const { places, ranks, heads, ends } = this.scratch(candidates.length);
    const rankStarts = [0, 0, 0, 0];
    for (let i = 0; i < candidates.length; i++) {
      const name = this.names[candidates[i]!]!;
      const rank = name.includes(key) ? matchRank(name, key) : NO_MATCH;
      ranks[i] = rank;
      if (rank !== NO_MATCH) rankStarts[rank + 1]! += 1;
    }
    rankStarts[2]! += rankStarts[1]!;
    rankStarts[3]! += rankStarts[2]!;
    const next = [rankStarts[0]!, rankStarts[1]!, rankStarts[2]!];
    for (let i = 0; i < candidates.length; i++) if (ranks[i] !== NO_MATCH) places[next[ranks[i]!]!++] = candidates[i]!;
    const language = lang === undefined ? undefined : this.languageCodes.get(lang) ?? -1;
    const wanted = offset + limit;
    const found: number[] = [];
    let total = 0;
    for (let rank = 0; rank < 3; rank++) {
      const ranked = places.subarray(rankStarts[rank], rankStarts[rank + 1]);
      total += this.count(ranked, language);
      if (found.length < wanted) this.merge(ranked, language, wanted - found.length, found, heads, ends);
    }
    return { orders: found.slice(offset), total };
  }

  /**
   * Memory for a page of `candidates` names, taken once and kept with the index: a search is
   * synchronous, so one set serves them all, and a cold search allocates no arrays of its own.
   */
  private scratch(candidates: number): Scratch {
    if (this.scratchMemory === undefined || this.scratchMemory.places.length < candidates) {
      const size = Math.max(candidates, MIN_SCRATCH);
      this.scratchMemory = { places: new Int32Array(size), ranks: new Uint8Array(size), heads: new Int32Array(size), ends: new Int32Array(size) };
    }
    return this.scratchMemory;
  }

  /** How many cards (of `language`, or any) the names have. */
  private count(places: Int32Array, language: number | undefined): number {
    let count = 0;
    for (let i = 0; i < places.length; i++) {
      const place = places[i]!;
      if (language === undefined) count += this.starts[place + 1]! - this.starts[place]!;
      else for (let at = this.starts[place]!; at < this.starts[place + 1]!; at++) if (this.languages[at] === language) count++;
    }
    return count;
  }

  /**
   * Appends to `found` the first `wanted` cards (of `language`, or any) of the names in search
   * order: a merge of their lists, each already in search order, through a binary heap of the
   * lists' heads, so a common trigram's thousands of cards are not all sorted for a page of 20.
   * `heads` and `ends` are scratch memory of at least `places.length`.
   */
  private merge(places: Int32Array, language: number | undefined, wanted: number, found: number[], heads: Int32Array, ends: Int32Array): void {
    const nextAt = (at: number, end: number) => {
      while (at < end && language !== undefined && this.languages[at] !== language) at++;
      return at;
    };
    // heads[i] is where list i has got to in `orders`, ends[i] where it ends.
    let size = 0;
    for (let i = 0; i < places.length; i++) {
      const end = this.starts[places[i]! + 1]!;
      const at = nextAt(this.starts[places[i]!]!, end);
      if (at < end) {
        heads[size] = at;
        ends[size++] = end;
      }
    }
    const swap = (i: number, j: number) => {
      const head = heads[i]!;
      const end = ends[i]!;
      heads[i] = heads[j]!;
      ends[i] = ends[j]!;
      heads[j] = head;
      ends[j] = end;
    };
    const before = (i: number, j: number) => this.orders[heads[i]!]! < this.orders[heads[j]!]!;
    const siftDown = (from: number) => {
      for (let i = from; ;) {
        const left = 2 * i + 1;
        let least = i;
        if (left < size && before(left, least)) least = left;
        if (left + 1 < size && before(left + 1, least)) least = left + 1;
        if (least === i) return;
        swap(i, least);
        i = least;
      }
    };
    for (let i = (size >> 1) - 1; i >= 0; i--) siftDown(i);
    for (let left = wanted; size > 0 && left > 0; left--) {
      found.push(this.orders[heads[0]!]!);
      const at = nextAt(heads[0]! + 1, ends[0]!);
      if (at < ends[0]!) heads[0] = at;
      else swap(0, --size);
      siftDown(0);
    }
  }

  /** The names having the key's rarest trigram (none when one of its trigrams is in no name). */
  private candidates(key: string): Int32Array {
    let rarest: number | undefined;
    for (const gram of trigrams(key)) {
      const id = this.gramIds.get(gram);
      if (id === undefined) return new Int32Array(0);
      if (rarest === undefined || this.postingCount(id) < this.postingCount(rarest)) rarest = id;
    }
    return rarest === undefined ? new Int32Array(0) : this.postings.subarray(this.postingStarts[rarest], this.postingStarts[rarest + 1]);
  }

  private postingCount(id: number): number {
    return this.postingStarts[id + 1]! - this.postingStarts[id]!;
  }
}

/**
 * Name searches of 3 or more code points without filters, answered from a NameIndex read from the
 * backend on first use and kept until the catalog's views are emptied; only the page's cards are
 * read, by search order, with the version they were read at, so a catalog imported meanwhile (by
 * this instance or another) is seen (CatalogChanged). Searches of 2 code points (the bigram table
 * is already in answer order) and filtered ones stay with the backend.
 */
export class NameSearch {
  private readonly index: KeptView<NameIndex>;

  constructor(private readonly backend: Pick<CatalogBackend, 'cardNames' | 'cardsInSearchOrder'>, views: CatalogViews) {
    this.index = views.kept(async () => NameIndex.build(await backend.cardNames()));
  }

  static answers(search: CardSearch): boolean {
    return (search.facets?.length ?? 0) === 0 && codePointLength(search.key) >= 3;
  }

  /**
   * The page, as the backend's search pages it: the total unknown (null) past the last match. The
   * index has counted the matches, so no row past the page is read to tell has_more. CatalogChanged
   * when the catalog changed between the index and the page (CatalogViews.afresh reads again).
   */
  async page({ key, lang, limit, offset }: CardSearch): Promise<SearchPage<Card>> {
    const index = await this.index.get();
    const { orders, total } = index.page(key, lang, limit, offset);
    const page = await this.backend.cardsInSearchOrder(orders);
    if (page.version !== index.version) throw new CatalogChanged(page.version);
    return { items: page.docs, total: page.docs.count === 0 && offset > 0 ? null : total, hasMore: offset + limit < total };
  }

  /** Reads and builds the index of the current catalog unless it is held; how many distinct names it holds. */
  async prepare(): Promise<number> {
    return (await this.index.get()).nameCount;
  }
}
