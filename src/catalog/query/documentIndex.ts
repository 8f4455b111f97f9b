import type { Bitset } from '../answers/bitsets.js';
import { countBits, setBits } from '../answers/bitsets.js';
import type { FieldCatalog } from './fieldCatalog.js';
import { buildFieldIndex, buildWholeValues, type FieldIndex } from './fieldIndex.js';
import { type DocumentOrder, documentOrder } from './documentOrder.js';
import { emptySet, forEachOrdinal } from './ordinalSets.js';
import type { OrderKey } from './orderBy.js';
import { evaluateQuery, type AnsweredLeaves, type IndexedFields } from './queryEvaluator.js';
import type { QueryNode } from './queryNode.js';
import { sortRanks, type SortRanks } from './sortRanks.js';
import type { TermIndex } from './termIndex.js';
import { spacedWords, type TextAnalyzer } from './textAnalyzer.js';
import { WordSequences } from './wordSequences.js';

export interface SearchRequest {
  /** No query, or `{ kind: 'all' }`: every document. */
  query?: QueryNode;
  /** No keys: ordinal order. */
  orderBy?: readonly OrderKey[];
  /** Leaves the caller answered outside the index (evaluateQuery). */
  answered?: AnsweredLeaves;
  offset: number;
  limit: number;
}

export interface SearchResult {
  /** The page's documents, by ordinal (their place in the array the index was built from). */
  ordinals: number[];
  /** How many documents the query matches in all. */
  total: number;
}

const letThrough = () => new Promise((resolve) => setImmediate(resolve));

/** The orders kept for reuse, each two arrays the size of the catalog: a surface uses a few. */
const KEPT_ORDERS = 16;

/**
 * Every field of a catalog indexed over a fixed array of documents (plain JSON objects), built once:
 * a query is answered by set operations on the fields' indexes, a page in any order by the
 * documents' precomputed places, never by reading the documents. A text field's whole values
 * (what `!` reads), the word sequences a phrase checks and the ranks an order reads are built on
 * first use and kept, as the index is immutable.
 */
export class DocumentIndex implements IndexedFields {
  readonly size: number;
  private readonly indexes = new Map<string, FieldIndex>();
  private readonly wholeCache = new Map<string, TermIndex>();
  private readonly sequenceCache = new Map<string, WordSequences>();
  private readonly rankCache = new Map<string, SortRanks>();
  private readonly orders = new Map<string, DocumentOrder>();

  constructor(
    private readonly documents: readonly object[],
    readonly fields: FieldCatalog,
    /** The path of each document's id, the last key of every order. */
    private readonly idPath: string,
    readonly analyzer: TextAnalyzer = spacedWords,
    /** Each field's index when built already (DocumentIndex.build): then the others are built on first use. */
    built?: ReadonlyMap<string, FieldIndex>,
    /** Fields of the catalog this index never builds: the caller answers their leaves (SearchRequest.answered). */
    private readonly outside: ReadonlySet<string> = new Set(),
  ) {
    this.size = documents.length;
    if (built !== undefined) for (const [name, index] of built) this.indexes.set(name, index);
    else {
      for (const [name, spec] of Object.entries(fields)) {
        if (!outside.has(name)) this.indexes.set(name, buildFieldIndex(documents, name, spec.kind, analyzer));
      }
    }
  }

  /**
   * The same index, for a catalog so large that building every field at once would hold up every
   * other request: the fields `eager` names built one at a time with the event loop let through
   * between them, the others when a query first needs them (`prepare`, or `field` at the latest).
   */
  static async build(documents: readonly object[], fields: FieldCatalog, idPath: string, analyzer: TextAnalyzer = spacedWords,
    eager: (field: string) => boolean = () => true, outside: ReadonlySet<string> = new Set()): Promise<DocumentIndex> {
    const built = new Map<string, FieldIndex>();
    for (const [name, spec] of Object.entries(fields)) {
      if (!eager(name) || outside.has(name)) continue;
      built.set(name, buildFieldIndex(documents, name, spec.kind, analyzer));
      await letThrough();
    }
    return new DocumentIndex(documents, fields, idPath, analyzer, built, outside);
  }

  /** The fields whose index is built. */
  get builtFields(): string[] {
    return [...this.indexes.keys()];
  }

  /**
   * Builds what `query` reads and is not built yet (a field's index, the word sequences a phrase
   * checks) and the ranks `orderBy` reads, one at a time with the event loop let through between them, so that the query's
   * evaluation, which is synchronous, builds nothing large.
   */
  async prepare(query: QueryNode | undefined, orderBy: readonly OrderKey[] = []): Promise<void> {
    for (const { field } of orderBy) {
      if (!this.rankCache.has(`${this.field(field).kind}:${field}`)) {
        this.ranks(field, this.field(field).kind);
        await letThrough();
      }
    }
    if (orderBy.length > 0 && !this.rankCache.has(`keyword:${this.idPath}`)) {
      this.ranks(this.idPath, 'keyword');
      await letThrough();
    }
    if (query === undefined) return;
    for (const { field, sequences } of this.needs(query)) {
      if (this.outside.has(field)) continue;
      if (!this.indexes.has(field)) {
        this.field(field);
        await letThrough();
      }
      if (sequences && !this.sequenceCache.has(field)) {
        this.sequences(field);
        await letThrough();
      }
    }
  }

  /** The fields a query's leaves read, and whether a phrase of a text field reads its word sequences. */
  private needs(node: QueryNode, found: Array<{ field: string; sequences: boolean }> = []): Array<{ field: string; sequences: boolean }> {
    switch (node.kind) {
      case 'all':
        return found;
      case 'and':
      case 'or':
        for (const child of node.children) this.needs(child, found);
        return found;
      case 'not':
        return this.needs(node.child, found);
      default: {
        const phrase = node.kind === 'term' && this.analyzer.words(node.value).length > 1;
        for (const field of node.field === null ? Object.keys(this.fields) : [node.field]) {
          found.push({ field, sequences: phrase && this.fields[field]?.kind === 'text' });
        }
        return found;
      }
    }
  }

  field(name: string): FieldIndex {
    let index = this.indexes.get(name);
    if (index === undefined) {
      const spec = this.fields[name];
      if (spec === undefined) throw new Error(`no field "${name}" in this index's catalog`);
      if (this.outside.has(name)) throw new Error(`"${name}" is answered outside this index`);
      index = buildFieldIndex(this.documents, name, spec.kind, this.analyzer);
      this.indexes.set(name, index);
    }
    return index;
  }

  wholes(name: string): TermIndex {
    let wholes = this.wholeCache.get(name);
    if (wholes === undefined) {
      wholes = buildWholeValues(this.documents, this.textField(name).path, this.analyzer);
      this.wholeCache.set(name, wholes);
    }
    return wholes;
  }

  sequences(name: string): WordSequences {
    let sequences = this.sequenceCache.get(name);
    if (sequences === undefined) {
      const field = this.textField(name);
      sequences = WordSequences.build(this.documents, field.path, field.words, this.analyzer);
      this.sequenceCache.set(name, sequences);
    }
    return sequences;
  }

  private textField(name: string): Extract<FieldIndex, { kind: 'text' }> {
    const field = this.field(name);
    if (field.kind !== 'text') throw new Error(`"${name}" is not a text field`);
    return field;
  }

  /** The documents `query` matches, or null for every document; a leaf in `answered` as answered there. */
  matching(query: QueryNode | undefined, answered?: AnsweredLeaves): Bitset | null {
    return query === undefined || query.kind === 'all' ? null : evaluateQuery(query, this, answered);
  }

  search({ query, orderBy = [], answered, offset, limit }: SearchRequest): SearchResult {
    const matches = this.matching(query, answered);
    const total = matches === null ? this.size : countBits(matches);
    if (orderBy.length === 0) {
      const ordinals = matches === null
        ? Array.from({ length: Math.max(0, Math.min(limit, this.size - offset)) }, (_, i) => offset + i)
        : setBits(matches, offset, limit);
      return { ordinals, total };
    }
    const { permutation, place } = this.order(orderBy);
    if (matches === null) return { ordinals: Array.from(permutation.subarray(offset, offset + limit)), total };
    const places = emptySet(this.size);
    forEachOrdinal(matches, (ordinal) => {
      const at = place[ordinal]!;
      places[at >>> 5]! |= 1 << (at & 31);
    });
    return { ordinals: setBits(places, offset, limit).map((at) => permutation[at]!), total };
  }

  private order(keys: readonly OrderKey[]): DocumentOrder {
    const signature = keys.map(({ field, descending }) => `${descending ? '-' : ''}${field}`).join(',');
    let order = this.orders.get(signature);
    if (order === undefined) {
      const ranked = keys.map(({ field, descending }) => ({ ranks: this.ranks(field, this.field(field).kind), descending }));
      order = documentOrder(this.size, ranked, this.ranks(this.idPath, 'keyword'));
      if (this.orders.size >= KEPT_ORDERS) this.orders.delete(this.orders.keys().next().value!);
      this.orders.set(signature, order);
    }
    return order;
  }

  private ranks(path: string, kind: FieldIndex['kind']): SortRanks {
    const key = `${kind}:${path}`;
    let ranks = this.rankCache.get(key);
    if (ranks === undefined) {
      ranks = sortRanks(this.documents, path, kind, this.analyzer);
      this.rankCache.set(key, ranks);
    }
    return ranks;
  }
}
