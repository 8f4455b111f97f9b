import type { Bitset } from '../answers/bitsets.js';
import type { FieldKind } from './fieldCatalog.js';
import { dateSpan, numberValue, valuesAt } from './fieldValues.js';
import { forEachValueWords } from './fieldWords.js';
import { NumericIndex } from './numericIndex.js';
import { addOrdinals, emptySet } from './ordinalSets.js';
import { TermIndex } from './termIndex.js';
import type { TextAnalyzer } from './textAnalyzer.js';

/** One field's indexes over every document, by the field's kind. */
export type FieldIndex =
  | { kind: 'text'; path: string[]; present: Bitset; words: TermIndex }
  | { kind: 'keyword'; path: string[]; present: Bitset; values: TermIndex }
  | { kind: 'number'; path: string[]; present: Bitset; numbers: NumericIndex }
  | { kind: 'date'; path: string[]; present: Bitset; numbers: NumericIndex };

/** The value a number or date field sorts and ranges by: a number, or a date's first day as `YYYYMMDD`. */
export function numericValue(kind: 'number' | 'date', value: string | number | boolean): number | null {
  return kind === 'number' ? numberValue(value) : (dateSpan(value)?.first ?? null);
}

/** Adds `ordinal` to `term`'s list, once (documents are read in ordinal order, so lists stay ascending). */
export function post(postings: Map<string, number[]>, term: string, ordinal: number): void {
  const list = postings.get(term);
  if (list === undefined) postings.set(term, [ordinal]);
  else if (list[list.length - 1] !== ordinal) list.push(ordinal);
}

/** `field`'s indexes over `documents`, read in one pass. */
export function buildFieldIndex(documents: readonly object[], field: string, kind: FieldKind, analyzer: TextAnalyzer): FieldIndex {
  const path = field.split('.');
  const present = emptySet(documents.length);
  const holders: number[] = [];
  if (kind === 'number' || kind === 'date') {
    const values: number[] = [];
    documents.forEach((document, ordinal) => {
      for (const value of valuesAt(document, path)) {
        const number = numericValue(kind, value);
        if (number === null) continue;
        values.push(number);
        holders.push(ordinal);
      }
    });
    const numbers = NumericIndex.build(values, holders);
    addOrdinals(present, holders);
    return kind === 'number' ? { kind, path, present, numbers } : { kind, path, present, numbers };
  }
  const terms = new Map<string, number[]>();
  const hold = (ordinal: number) => {
    if (holders[holders.length - 1] !== ordinal) holders.push(ordinal);
  };
  if (kind === 'keyword') {
    documents.forEach((document, ordinal) => {
      for (const value of valuesAt(document, path)) {
        post(terms, analyzer.keyword(String(value)), ordinal);
        hold(ordinal);
      }
    });
    return { kind, path, present: addOrdinals(present, holders), values: TermIndex.build(terms) };
  }
  forEachValueWords(documents, path, analyzer, (ordinal, words) => {
    for (const word of words) post(terms, word, ordinal);
    hold(ordinal);
  });
  return { kind, path, present: addOrdinals(present, holders), words: TermIndex.build(terms) };
}

/** A text field's whole values (their words joined by a space), what `!` and a whole-value wildcard read. */
export function buildWholeValues(documents: readonly object[], path: readonly string[], analyzer: TextAnalyzer): TermIndex {
  const wholes = new Map<string, number[]>();
  forEachValueWords(documents, path, analyzer, (ordinal, words) => post(wholes, words.join(' '), ordinal));
  return TermIndex.build(wholes);
}
