/**
 * A wildcard pattern (`char*`, `*x*`, `char*der`, `ex10-?`; `\*` a literal star) read against a
 * field's sorted dictionary: its literal pieces folded as the field folds, the literal start found
 * by binary search and the rest checked term by term.
 */
export interface WildcardMatcher {
  /** The folded literal the pattern starts with ('' for a leading wildcard: every term is a candidate). */
  prefix: string;
  /** Whether every term with the prefix matches (`char*`), so nothing needs checking. */
  prefixOnly: boolean;
  /** The regular expression a whole term must match (flags `su`), to test it elsewhere (a store's worker). */
  source: string;
  matches(term: string): boolean;
}

type Piece = { literal: string } | { wildcard: '*' | '?' };

/** The pattern's pieces: literal runs (escapes resolved) and wildcards. */
export function wildcardPieces(pattern: string): Piece[] {
  const pieces: Piece[] = [];
  let literal = '';
  for (let i = 0; i < pattern.length; i++) {
    const char = pattern[i]!;
    if (char === '\\' && i + 1 < pattern.length) literal += pattern[++i];
    else if (char === '*' || char === '?') {
      if (literal !== '') pieces.push({ literal });
      literal = '';
      pieces.push({ wildcard: char });
    } else literal += char;
  }
  if (literal !== '') pieces.push({ literal });
  return pieces;
}

/** The literal text of a pattern, its wildcards left out. */
export function wildcardLiteral(pattern: string): string {
  return wildcardPieces(pattern).map((piece) => ('literal' in piece ? piece.literal : '')).join('');
}

export function wildcardMatcher(pattern: string, fold: (literal: string) => string): WildcardMatcher {
  const pieces = wildcardPieces(pattern).map((piece) => ('literal' in piece ? { literal: fold(piece.literal) } : piece));
  const first = pieces[0];
  const prefix = first !== undefined && 'literal' in first ? first.literal : '';
  const rest = prefix === '' ? pieces : pieces.slice(1);
  const prefixOnly = rest.length > 0 && rest.every((piece) => 'wildcard' in piece && piece.wildcard === '*');
  const source = `^${pieces.map((piece) => ('literal' in piece ? escapeRegExp(piece.literal) : piece.wildcard === '*' ? '.*' : '.')).join('')}$`;
  const expression = new RegExp(source, 'su');
  return { prefix, prefixOnly, source, matches: (term) => expression.test(term) };
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
