import type { Bitset } from '../answers/bitsets.js';
import type { FieldCatalog } from './fieldCatalog.js';
import { type FieldIndex, numericValue } from './fieldIndex.js';
import { dateSpan, numberValue } from './fieldValues.js';
import { addOrdinals, andInto, andNotInto, emptySet, forEachOrdinal, fullSet, isEmpty, orInto } from './ordinalSets.js';
import type { QueryLeaf, QueryNode } from './queryNode.js';
import type { TermIndex } from './termIndex.js';
import type { TextAnalyzer } from './textAnalyzer.js';
import { wildcardLiteral, wildcardMatcher } from './wildcardMatcher.js';
import type { WordSequences } from './wordSequences.js';

/** What the evaluator reads: a DocumentIndex's fields. */
export interface IndexedFields {
  readonly size: number;
  readonly fields: FieldCatalog;
  readonly analyzer: TextAnalyzer;
  field(name: string): FieldIndex;
  /** A text field's whole values. */
  wholes(name: string): TermIndex;
  sequences(name: string): WordSequences;
}

/**
 * Leaves answered before the evaluation, outside the index (/v1's game text, by a store's text
 * index): for each leaf, the fields it was answered in and the documents it matched there.
 */
export type AnsweredLeaves = ReadonlyMap<QueryLeaf, { fields: ReadonlySet<string>; matches: Bitset }>;

const NONE_ANSWERED: AnsweredLeaves = new Map();

/**
 * The ordinals of the documents `node` matches, by set operations on the fields' indexes (no
 * document is read), as pokemontcg.io's Elasticsearch answers: a text term matches a word, several
 * words (`name:"venusaur v"`) match in sequence, `!` the whole value, a bare word any field. A leaf
 * in `answered` takes its answer there for the fields it covers.
 */
export function evaluateQuery(node: QueryNode, index: IndexedFields, answered: AnsweredLeaves = NONE_ANSWERED): Bitset {
  const evaluate = (child: QueryNode) => evaluateQuery(child, index, answered);
  switch (node.kind) {
    case 'all':
      return fullSet(index.size);
    case 'not':
      return andNotInto(fullSet(index.size), evaluate(node.child));
    case 'or':
      return node.children.reduce((set, child) => orInto(set, evaluate(child)), emptySet(index.size));
    case 'and': {
      const included = node.children.filter((child) => child.kind !== 'not');
      let set = included.length === 0 ? fullSet(index.size) : evaluate(included[0]!);
      for (const child of node.children) {
        if (isEmpty(set)) break;
        if (child === included[0]) continue;
        set = child.kind === 'not' ? andNotInto(set, evaluate(child.child)) : andInto(set, evaluate(child));
      }
      return set;
    }
    default:
      return evaluateLeaf(node, index, answered.get(node));
  }
}

function evaluateLeaf(leaf: QueryLeaf, index: IndexedFields, answer: { fields: ReadonlySet<string>; matches: Bitset } | undefined): Bitset {
  // A copy: the sets a leaf gives are combined in place.
  const answered = () => orInto(emptySet(index.size), answer!.matches);
  if (leaf.field !== null) return answer?.fields.has(leaf.field) ? answered() : leafInField(leaf, leaf.field, index);
  const set = answer === undefined ? emptySet(index.size) : answered();
  for (const field of Object.keys(index.fields)) {
    if (answer?.fields.has(field)) continue;
    if (fieldCanHold(leaf, index.fields[field]!.kind)) orInto(set, leafInField(leaf, field, index));
  }
  return set;
}

/** Whether a bare leaf applies to a field of this kind: numbers and dates only take values they can read. */
function fieldCanHold(leaf: QueryLeaf, kind: string): boolean {
  if (kind === 'text' || kind === 'keyword') return true;
  if (leaf.kind === 'term' || leaf.kind === 'exact') return kind === 'number' ? numberValue(leaf.value) !== null : dateSpan(leaf.value) !== null;
  return leaf.kind === 'exists';
}

function leafInField(leaf: QueryLeaf, name: string, index: IndexedFields): Bitset {
  const field = index.field(name);
  const set = emptySet(index.size);
  switch (leaf.kind) {
    case 'exists':
      return orInto(set, field.present);
    case 'range':
      return rangeIn(field, leaf, set, index.analyzer);
    case 'wildcard':
      return wildcardIn(field, name, leaf.pattern, leaf.exact, set, index);
    default:
      return valueIn(field, name, leaf.value, leaf.kind === 'exact', set, index);
  }
}

function valueIn(field: FieldIndex, name: string, value: string, exact: boolean, set: Bitset, index: IndexedFields): Bitset {
  switch (field.kind) {
    case 'keyword':
      return termIn(field.values, index.analyzer.keyword(value), set);
    case 'number':
    case 'date':
      return rangeIn(field, { lower: value, upper: value, includeLower: true, includeUpper: true }, set, index.analyzer);
    case 'text': {
      const words = index.analyzer.words(value);
      if (exact) return termIn(index.wholes(name), words.join(' '), set);
      if (words.length === 1) return termIn(field.words, words[0]!, set);
      return phraseIn(field.words, words, index.sequences(name), set);
    }
  }
}

function termIn(terms: TermIndex, term: string, set: Bitset): Bitset {
  const at = terms.find(term);
  return at < 0 ? set : addOrdinals(set, terms.postings(at));
}

/** The documents holding every word, rarest first, then those holding them in sequence. */
function phraseIn(terms: TermIndex, words: readonly string[], sequences: WordSequences, set: Bitset): Bitset {
  if (words.length === 0) return set;
  const positions = words.map((word) => terms.find(word));
  if (positions.some((at) => at < 0)) return set;
  const [rarest, ...others] = [...new Set(positions)].sort((a, b) => terms.postings(a).length - terms.postings(b).length);
  const candidates = addOrdinals(emptySet(set.length * 32), terms.postings(rarest!));
  for (const other of others) andInto(candidates, addOrdinals(emptySet(set.length * 32), terms.postings(other)));
  forEachOrdinal(candidates, (ordinal) => {
    if (sequences.holds(ordinal, positions)) set[ordinal >>> 5]! |= 1 << (ordinal & 31);
  });
  return set;
}

/**
 * A wildcard in a text field matches one word, unless it is exact (`!`) or its literal text holds
 * several words (`name:"charizard e*"`): then it matches the whole value's words.
 */
function wildcardIn(field: FieldIndex, name: string, pattern: string, exact: boolean, set: Bitset, index: IndexedFields): Bitset {
  if (field.kind === 'number' || field.kind === 'date') return set;
  const { analyzer } = index;
  let terms: TermIndex;
  let fold: (piece: string) => string;
  if (field.kind === 'keyword') {
    [terms, fold] = [field.values, analyzer.keyword];
  } else if (exact || analyzer.words(wildcardLiteral(pattern)).length > 1) {
    [terms, fold] = [index.wholes(name), analyzer.wholePiece];
  } else {
    [terms, fold] = [field.words, (piece) => analyzer.words(piece).join('')];
  }
  const matcher = wildcardMatcher(pattern, fold);
  const [from, to] = terms.prefixRange(matcher.prefix);
  for (let at = from; at < to; at++) {
    if (matcher.prefixOnly || matcher.matches(terms.terms[at]!)) addOrdinals(set, terms.postings(at));
  }
  return set;
}

type Bounds = Pick<Extract<QueryLeaf, { kind: 'range' }>, 'lower' | 'upper' | 'includeLower' | 'includeUpper'>;

function rangeIn(field: FieldIndex, range: Bounds, set: Bitset, analyzer: TextAnalyzer): Bitset {
  const { lower, upper, includeLower, includeUpper } = range;
  if (field.kind === 'number') {
    const [low, high] = [lower, upper].map((bound) => (bound === null ? null : numericValue('number', bound)));
    return addOrdinals(set, field.numbers.range(low ?? null, high ?? null, includeLower, includeUpper));
  }
  if (field.kind === 'date') {
    // A bound that names a month or a year covers its days: `{2020 TO *]` starts after 2020's last day.
    const low = lower === null ? null : dateSpan(lower)!;
    const high = upper === null ? null : dateSpan(upper)!;
    const from = low === null ? null : includeLower ? low.first : low.last;
    const to = high === null ? null : includeUpper ? high.last : high.first;
    return addOrdinals(set, field.numbers.range(from, to, includeLower, includeUpper));
  }
  const terms = field.kind === 'keyword' ? field.values : field.words;
  const fold = (bound: string | null) => (bound === null ? null : field.kind === 'keyword' ? analyzer.keyword(bound) : analyzer.words(bound).join(' '));
  const [from, to] = terms.boundRange(fold(lower), fold(upper), includeLower, includeUpper);
  for (let at = from; at < to; at++) addOrdinals(set, terms.postings(at));
  return set;
}
