import { foldLetters, searchKey } from '../names/searchKey.js';

/**
 * How the query language cuts a text into the words a term matches, and folds a word or a whole
 * value, the same way for the documents and for the query. One analyzer serves an index; a language
 * written without spaces (Japanese, Chinese, Thai), where a term matches anywhere in the text, gets
 * an analyzer of its own (its words cut into overlapping pieces, say) without touching the parser
 * or the evaluator.
 */
export interface TextAnalyzer {
  /** The folded words of a text field's value, in order. */
  words(text: string): string[];
  /**
   * A piece of a text value between a wildcard's `*` and `?`, folded as wholeWords folds a whole
   * value: its words joined by one space, a space kept at an edge that falls between words.
   */
  wholePiece(text: string): string;
  /** A keyword field's value (or a piece of one), folded. */
  keyword(value: string): string;
}

/**
 * Word separators: everything but letters, digits, combining marks and the apostrophes inside a
 * word (`Farfetch'd`), which searchKey then folds away with the dots and hyphens of a name.
 */
const WORD_SEPARATORS = /[^\p{L}\p{N}\p{M}'\u2018\u2019\u02bc]+/u;

/** Words split at spaces and punctuation, each folded as search folds names (searchKey). */
export const spacedWords: TextAnalyzer = {
  words(text) {
    const words: string[] = [];
    for (const piece of text.split(WORD_SEPARATORS)) {
      const folded = searchKey(piece);
      if (folded !== '') words.push(folded);
    }
    return words;
  },
  wholePiece: (text) => text.split(WORD_SEPARATORS).map((piece) => searchKey(piece)).join(' '),
  keyword: (value) => foldLetters(value),
};

/** A text value's words as one string, what `!field:value` and a whole-value wildcard compare. */
export function wholeWords(analyzer: TextAnalyzer, text: string): string {
  return analyzer.words(text).join(' ');
}
