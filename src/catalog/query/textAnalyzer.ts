import { foldLetters } from '../names/searchKey.js';

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
 * Word separators, read after foldLetters (which turns full-width spaces and punctuation into their
 * ASCII forms): everything but letters, digits, combining marks, invisible format characters and
 * the apostrophes inside a word (`Farfetch'd`).
 */
const WORD_SEPARATORS = /[^\p{L}\p{N}\p{M}\p{Cf}'\u2018\u2019\u201b\u02bc\u02bb`\u2032]+/u;

/** What searchKey drops from inside a word: apostrophes and invisible format characters. */
const DROPPED_IN_WORDS = /[\p{Cf}'\u2018\u2019\u201b\u02bc\u02bb`\u2032]/gu;

/**
 * Words split at spaces and punctuation, each folded as search folds names (searchKey: `Pokémon`
 * is `pokemon`, `Farfetch’d` `farfetchd`). The text is folded whole and then cut, which is what
 * folding each word would give, at a fraction of the cost over game text.
 */
export const spacedWords: TextAnalyzer = {
  words(text) {
    const words: string[] = [];
    for (const piece of foldLetters(text).split(WORD_SEPARATORS)) {
      const word = piece.replace(DROPPED_IN_WORDS, '');
      if (word !== '') words.push(word);
    }
    return words;
  },
  wholePiece: (text) => foldLetters(text).split(WORD_SEPARATORS).map((piece) => piece.replace(DROPPED_IN_WORDS, '')).join(' '),
  keyword: (value) => foldLetters(value),
};

/** A text value's words as one string, what `!field:value` and a whole-value wildcard compare. */
export function wholeWords(analyzer: TextAnalyzer, text: string): string {
  return analyzer.words(text).join(' ');
}
