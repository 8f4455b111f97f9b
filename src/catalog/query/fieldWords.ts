import { valuesAt } from './fieldValues.js';
import type { TextAnalyzer } from './textAnalyzer.js';

/**
 * Calls `each` with every value of a text field in every document, in ordinal order, as its folded
 * words. A value met again (a type, an artist, a reprint's attack text) is cut once.
 */
export function forEachValueWords(
  documents: readonly object[],
  path: readonly string[],
  analyzer: TextAnalyzer,
  each: (ordinal: number, words: readonly string[]) => void,
): void {
  const seen = new Map<string, string[]>();
  documents.forEach((document, ordinal) => {
    for (const value of valuesAt(document, path)) {
      const text = String(value);
      let words = seen.get(text);
      if (words === undefined) {
        words = analyzer.words(text);
        seen.set(text, words);
      }
      each(ordinal, words);
    }
  });
}
