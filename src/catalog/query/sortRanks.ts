import { naturalKeyOrder, naturalNumberKey } from '../rows/ordering.js';
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

/**
 * Numbers and dates numerically, keywords (ids, card numbers: `4`, `TG01`) in natural order, texts
 * by their folded words. Only the distinct values are sorted; a document takes its values' places.
 */
export function sortRanks(documents: readonly object[], field: string, kind: FieldKind, analyzer: TextAnalyzer): SortRanks {
  const path = field.split('.');
  const holders: number[] = [];
  const values: Array<number | string> = [];
  documents.forEach((document, ordinal) => {
    for (const value of valuesAt(document, path)) {
      const sortValue = kind === 'number' || kind === 'date' ? numericValue(kind, value)
        : kind === 'keyword' ? analyzer.keyword(String(value))
        : analyzer.words(String(value)).join(' ');
      if (sortValue === null) continue;
      holders.push(ordinal);
      values.push(sortValue);
    }
  });
  const places = new Map(inOrder(kind, new Set(values)).map((value, rank) => [value, rank]));
  const low = new Uint32Array(documents.length).fill(MISSING_RANK);
  const high = new Uint32Array(documents.length).fill(MISSING_RANK);
  holders.forEach((ordinal, i) => {
    const rank = places.get(values[i]!)!;
    if (low[ordinal] === MISSING_RANK || rank < low[ordinal]!) low[ordinal] = rank;
    if (high[ordinal] === MISSING_RANK || rank > high[ordinal]!) high[ordinal] = rank;
  });
  return { low, high };
}

function inOrder(kind: FieldKind, distinct: ReadonlySet<number | string>): Array<number | string> {
  if (kind === 'number' || kind === 'date') return Array.from(Float64Array.from(distinct as ReadonlySet<number>).sort());
  if (kind === 'text') return [...(distinct as ReadonlySet<string>)].sort();
  return [...(distinct as ReadonlySet<string>)].map(naturalNumberKey).sort(naturalKeyOrder).map((key) => key.number);
}
