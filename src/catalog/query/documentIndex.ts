import type { Bitset } from '../answers/bitsets.js';
import { countBits, setBits } from '../answers/bitsets.js';
import type { FieldCatalog } from './fieldCatalog.js';
import { buildFieldIndex, buildWholeValues, type FieldIndex } from './fieldIndex.js';
import { type DocumentOrder, documentOrder } from './documentOrder.js';
import { emptySet, forEachOrdinal } from './ordinalSets.js';
import type { OrderKey } from './orderBy.js';
import { evaluateQuery, type IndexedFields } from './queryEvaluator.js';
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
  offset: number;
  limit: number;
}

export interface SearchResult {
  /** The page's documents, by ordinal (their place in the array the index was built from). */
  ordinals: number[];
  /** How many documents the query matches in all. */
  total: number;
}

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
    /** Each field's index when built already (DocumentIndex.build); else built here. */
    built?: ReadonlyMap<string, FieldIndex>,
  ) {
    this.size = documents.length;
    for (const [name, spec] of Object.entries(fields)) {
      this.indexes.set(name, built?.get(name) ?? buildFieldIndex(documents, name, spec.kind, analyzer));
    }
  }

  /**
   * The same index, its fields built one at a time with the event loop let through between them:
   * for a catalog so large that building every field at once would hold up every other request.
   */
  static async build(documents: readonly object[], fields: FieldCatalog, idPath: string, analyzer: TextAnalyzer = spacedWords): Promise<DocumentIndex> {
    const built = new Map<string, FieldIndex>();
    for (const [name, spec] of Object.entries(fields)) {
      built.set(name, buildFieldIndex(documents, name, spec.kind, analyzer));
      await new Promise((resolve) => setImmediate(resolve));
    }
    return new DocumentIndex(documents, fields, idPath, analyzer, built);
  }

  field(name: string): FieldIndex {
    const index = this.indexes.get(name);
    if (index === undefined) throw new Error(`no field "${name}" in this index's catalog`);
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

  /** The documents `query` matches, or null for every document. */
  matching(query: QueryNode | undefined): Bitset | null {
    return query === undefined || query.kind === 'all' ? null : evaluateQuery(query, this);
  }

  search({ query, orderBy = [], offset, limit }: SearchRequest): SearchResult {
    const matches = this.matching(query);
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
