/**
 * A parsed query (parseQuery): what the evaluator answers, the same tree for every surface.
 * A leaf's `field` is null for a bare word, which searches every field that can hold its value.
 */
export type QueryNode =
  | { kind: 'all' }
  | { kind: 'and'; children: QueryNode[] }
  | { kind: 'or'; children: QueryNode[] }
  | { kind: 'not'; child: QueryNode }
  | QueryLeaf;

export type QueryLeaf =
  /** `field:value` (a text field: the value's words; several words: in sequence) and `field:"a phrase"`. */
  | { kind: 'term'; field: string | null; value: string }
  /** `!field:value`: the whole value, nothing else. */
  | { kind: 'exact'; field: string | null; value: string }
  /** `*` and `?` inside a value, folded as the field folds; `exact` for `!field:char*`. */
  | { kind: 'wildcard'; field: string | null; pattern: string; exact: boolean }
  /** `field:*`: the field has a value. */
  | { kind: 'exists'; field: string | null }
  /** `[a TO b]`, `{a TO b}`, mixed, `*` for an open end, and `>`, `>=`, `<`, `<=`. */
  | { kind: 'range'; field: string; lower: string | null; upper: string | null; includeLower: boolean; includeUpper: boolean };

/** What one query may hold; past any of them parseQuery throws a QuerySyntaxError saying which. */
export interface QueryLimits {
  /** Characters (code units). */
  maxLength: number;
  /** Parentheses inside parentheses. */
  maxDepth: number;
  /** Terms with `*` or `?`. */
  maxWildcards: number;
  /** Terms, phrases and ranges. */
  maxTerms: number;
}

export const DEFAULT_QUERY_LIMITS: QueryLimits = { maxLength: 1000, maxDepth: 8, maxWildcards: 4, maxTerms: 64 };

/**
 * A query (or an order) that cannot be answered: one sentence naming the position counted from 1,
 * as a person counts the characters they typed (`hp:` is `expected a value after "hp:" at 4`), with
 * a hint after it when there is one (`unknown field "nmae" at 1; did you mean "name"?`).
 * `position` is the 0-based offset into the text, as the parser reads it.
 */
export class QuerySyntaxError extends Error {
  constructor(
    problem: string,
    readonly position: number,
    hint?: string,
  ) {
    super(`${problem} at ${position + 1}${hint ? `; ${hint}` : ''}`);
    this.name = 'QuerySyntaxError';
  }
}
