import { type NaturalNumberKey, naturalKeyOrder, naturalNumberKey } from '../rows/ordering.js';
import type { FieldKind } from './fieldCatalog.js';
import { numericValue } from './fieldIndex.js';
import { valuesAt } from './fieldValues.js';
import type { TextAnalyzer } from './textAnalyzer.js';

/** The rank of a document without a value: after every other in either direction. */
export const MISSING_RANK = 0xffffffff;

/**
 * Each document's place among the values of one path, so that a sort compares integers: `low` the
 * rank of its least value (what an ascending order reads, as Elasticsearch sorts an array by its
 * least value) and `high` of its greatest (descending). Equal values share a rank.
 */
export interface SortRanks {
  low: Uint32Array;
  high: Uint32Array;
}

type SortValue = number | string | NaturalNumberKey;

const plainOrder = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Numbers and dates numerically, keywords (ids, card numbers: `4`, `TG01`) in natural order, texts
 * by their folded words.
 */
export function sortRanks(documents: readonly object[], field: string, kind: FieldKind, analyzer: TextAnalyzer): SortRanks {
  const path = field.split('.');
  const holders: number[] = [];
  const values: SortValue[] = [];
  documents.forEach((document, ordinal) => {
    for (const value of valuesAt(document, path)) {
      const sortValue = kind === 'number' || kind === 'date' ? numericValue(kind, value)
        : kind === 'keyword' ? naturalNumberKey(analyzer.keyword(String(value)))
        : analyzer.words(String(value)).join(' ');
      if (sortValue === null) continue;
      holders.push(ordinal);
      values.push(sortValue);
    }
  });
  const compare = kind === 'number' || kind === 'date' ? (a: SortValue, b: SortValue) => (a as number) - (b as number)
    : kind === 'keyword' ? (a: SortValue, b: SortValue) => naturalKeyOrder(a as NaturalNumberKey, b as NaturalNumberKey)
    : (a: SortValue, b: SortValue) => plainOrder(a as string, b as string);
  const order = Uint32Array.from(values.keys()).sort((a, b) => compare(values[a]!, values[b]!));
  const low = new Uint32Array(documents.length).fill(MISSING_RANK);
  const high = new Uint32Array(documents.length).fill(MISSING_RANK);
  let rank = 0;
  order.forEach((entry, i) => {
    if (i > 0 && compare(values[order[i - 1]!]!, values[entry]!) !== 0) rank++;
    const ordinal = holders[entry]!;
    if (low[ordinal] === MISSING_RANK) low[ordinal] = rank;
    high[ordinal] = rank;
  });
  return { low, high };
}
