import { forEachValueWords } from './fieldWords.js';
import type { TermIndex } from './termIndex.js';
import type { TextAnalyzer } from './textAnalyzer.js';

/** Between the values of an array, so that a phrase never runs from one into the next. */
const VALUE_BREAK = -1;

/**
 * A text field's words, document by document, as positions in its dictionary: what checks that a
 * phrase's words stand in sequence in a document that holds them all. Built only for a field that
 * a phrase names.
 */
export class WordSequences {
  private constructor(
    /** Document n's words are words[starts[n]] up to words[starts[n + 1]]. */
    private readonly starts: Uint32Array,
    private readonly words: Int32Array,
  ) {}

  static build(documents: readonly object[], path: readonly string[], dictionary: TermIndex, analyzer: TextAnalyzer): WordSequences {
    const positions = new Map(dictionary.terms.map((term, i) => [term, i]));
    const starts = new Uint32Array(documents.length + 1);
    const words: number[] = [];
    let next = 0;
    forEachValueWords(documents, path, analyzer, (ordinal, values) => {
      while (next <= ordinal) starts[next++] = words.length;
      for (const word of values) words.push(positions.get(word)!);
      words.push(VALUE_BREAK);
    });
    while (next <= documents.length) starts[next++] = words.length;
    return new WordSequences(starts, Int32Array.from(words));
  }

  /** Whether document `ordinal` holds the dictionary positions `phrase` one after another. */
  holds(ordinal: number, phrase: readonly number[]): boolean {
    const end = this.starts[ordinal + 1]! - phrase.length;
    outer: for (let at = this.starts[ordinal]!; at <= end; at++) {
      for (let i = 0; i < phrase.length; i++) if (this.words[at + i] !== phrase[i]) continue outer;
      return true;
    }
    return false;
  }
}
