import type { QueryLeaf } from '../query/queryNode.js';
import type { TextAnalyzer } from '../query/textAnalyzer.js';
import { wildcardLiteral, wildcardMatcher } from '../query/wildcardMatcher.js';

/**
 * What a store's text index answers for one leaf of a query on game text: the leaf folded and cut
 * by the query's analyzer, so the store compares words only (GameTextValue), as the evaluator
 * would compare them in memory (queryEvaluator.ts, for a text field). Plain data: it travels to a
 * SQLite worker.
 */
export type GameTextMatch =
  /** The field has a value. */
  | { kind: 'exists' }
  /** One word, or several one after another in one value; none matches nothing. */
  | { kind: 'words'; words: string[] }
  /** The whole value's words (`!field:value`). */
  | { kind: 'whole'; words: string }
  /** A wildcard over single words (`pattern`, a regular expression a word matches whole), of which `prefix` starts every match. */
  | { kind: 'wordPattern'; prefix: string; prefixOnly: boolean; pattern: string }
  /** A wildcard over whole values' words (`!field:char*`, or `"charizard e*"`). */
  | { kind: 'wholePattern'; prefix: string; pattern: string }
  /** The words between two bounds (null: open), in code-unit order. */
  | { kind: 'wordRange'; lower: string | null; upper: string | null; includeLower: boolean; includeUpper: boolean };

/** A request to a store's text index: the cards with a value of one of `fields` (GAME_TEXT_FIELDS' numbers) that `match` matches. */
export interface GameTextRequest {
  fields: number[];
  match: GameTextMatch;
}

/** The leaf as a store's text index answers it. */
export function gameTextMatch(leaf: QueryLeaf, analyzer: TextAnalyzer): GameTextMatch {
  switch (leaf.kind) {
    case 'exists':
      return { kind: 'exists' };
    case 'range': {
      const fold = (bound: string | null) => (bound === null ? null : analyzer.words(bound).join(' '));
      return { kind: 'wordRange', lower: fold(leaf.lower), upper: fold(leaf.upper), includeLower: leaf.includeLower, includeUpper: leaf.includeUpper };
    }
    case 'wildcard': {
      if (leaf.exact || analyzer.words(wildcardLiteral(leaf.pattern)).length > 1) {
        const { prefix, source } = wildcardMatcher(leaf.pattern, analyzer.wholePiece);
        return { kind: 'wholePattern', prefix, pattern: source };
      }
      const { prefix, prefixOnly, source } = wildcardMatcher(leaf.pattern, (piece) => analyzer.words(piece).join(''));
      return { kind: 'wordPattern', prefix, prefixOnly, pattern: source };
    }
    case 'exact':
      return { kind: 'whole', words: analyzer.words(leaf.value).join(' ') };
    case 'term':
      return { kind: 'words', words: analyzer.words(leaf.value) };
  }
}

/**
 * For the matches a store reads from a list (its dictionary of words, or its whole values): whether
 * one of them matches. The words of a `words` match are compared by the store's index itself.
 */
export function termMatches(match: Extract<GameTextMatch, { kind: 'wordPattern' | 'wholePattern' | 'wordRange' }>): (term: string) => boolean {
  if (match.kind !== 'wordRange') {
    const expression = new RegExp(match.pattern, 'su');
    return (term) => expression.test(term);
  }
  const { lower, upper, includeLower, includeUpper } = match;
  return (term) => (lower === null || term > lower || (includeLower && term === lower))
    && (upper === null || term < upper || (includeUpper && term === upper));
}

/** The least string above every string that starts with `prefix` in code-point order, for `term < bound`; null for no prefix. */
export function prefixBound(prefix: string): string | null {
  return prefix === '' ? null : `${prefix}\u{10ffff}`;
}
