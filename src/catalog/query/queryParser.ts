import type { FieldCatalog } from './fieldCatalog.js';
import { dateSpan, numberValue } from './fieldValues.js';
import { nearestField } from './nearestField.js';
import { DEFAULT_QUERY_LIMITS, QuerySyntaxError, type QueryLeaf, type QueryLimits, type QueryNode } from './queryNode.js';

/*
 * pokemontcg.io's query language (Lucene's, as Elasticsearch's query_string reads it):
 *
 *   query   := or
 *   or      := and (("OR" | "||") and)*
 *   and     := unary (("AND" | "&&")? unary)*        juxtaposition is AND
 *   unary   := ("-" | "NOT ") unary | "+"? primary
 *   primary := "(" or ")" | "!"? clause
 *   clause  := field ":" value | value               a bare value searches every field
 *   value   := word | '"' phrase '"' | range | ">" word | ">=" word | "<" word | "<=" word
 *            | "(" or ")"                            a group whose bare values take the field
 *   range   := ("[" | "{") bound "TO" bound ("]" | "}")   bound: a word, a phrase or "*"
 *
 * A word with an unescaped `*` or `?` is a wildcard (a phrase too: apps send `name:"pika*"`), a lone
 * `*` asks that the field have a value, and a backslash takes the next character as it is.
 * AND binds tighter than OR; `-` and NOT are plain boolean negation.
 */

/** The tree of `text`, whose fields must be in `fields`; QuerySyntaxError naming the position when it cannot be read. */
export function parseQuery(text: string, fields: FieldCatalog, limits: QueryLimits = DEFAULT_QUERY_LIMITS): QueryNode {
  if (text.length > limits.maxLength) {
    throw new QuerySyntaxError(`the query is longer than ${limits.maxLength.toLocaleString('en-US')} characters`, limits.maxLength);
  }
  return new QueryParser(text, fields, limits).parse();
}

interface Context {
  field: string | null;
  exact: boolean;
}

/** A value as written: `text` with escapes resolved, `pattern` with them kept (what a wildcard reads). */
interface ValueText {
  text: string;
  pattern: string;
  wildcard: boolean;
  at: number;
}

const FIELD_NAME = /[A-Za-z_][A-Za-z0-9_.]*(?=:)/y;
const ENDS_WORD = /[\s()"]/u;
const ENDS_BOUND = /[\s()"\]}]/u;
const NO_FIELD: Context = { field: null, exact: false };

class QueryParser {
  private at = 0;
  private terms = 0;
  private wildcards = 0;

  constructor(
    private readonly text: string,
    private readonly fields: FieldCatalog,
    private readonly limits: QueryLimits,
  ) {}

  parse(): QueryNode {
    this.skipSpace();
    if (this.at === this.text.length) return { kind: 'all' };
    const node = this.or(0, NO_FIELD);
    if (this.at < this.text.length) {
      if (this.text[this.at] === ')') throw new QuerySyntaxError('unbalanced ")"', this.at);
      throw new QuerySyntaxError(`unexpected "${this.text[this.at]}"`, this.at);
    }
    return node;
  }

  private or(depth: number, context: Context): QueryNode {
    const children = [this.and(depth, context)];
    for (;;) {
      const operator = this.operator('OR', '||');
      if (operator === null) break;
      this.skipSpace();
      if (this.atEndOfGroup()) throw new QuerySyntaxError(`expected a term after "${operator}"`, this.at);
      children.push(this.and(depth, context));
    }
    return children.length === 1 ? children[0]! : { kind: 'or', children };
  }

  private and(depth: number, context: Context): QueryNode {
    const children: QueryNode[] = [];
    for (;;) {
      this.skipSpace();
      if (this.atEndOfGroup() || this.peekOperator('OR', '||')) break;
      const operatorAt = this.at;
      const operator = this.operator('AND', '&&');
      if (operator !== null) {
        this.skipSpace();
        if (children.length === 0) throw new QuerySyntaxError(`expected a term before "${operator}"`, operatorAt);
        if (this.atEndOfGroup() || this.peekOperator('OR', '||')) throw new QuerySyntaxError(`expected a term after "${operator}"`, this.at);
      }
      children.push(this.unary(depth, context));
    }
    if (children.length === 0) {
      const operator = this.peekOperator('OR', '||');
      if (operator !== null) throw new QuerySyntaxError(`expected a term before "${operator}"`, this.at);
      throw new QuerySyntaxError('expected a term', this.at);
    }
    return children.length === 1 ? children[0]! : { kind: 'and', children };
  }

  private unary(depth: number, context: Context): QueryNode {
    const char = this.text[this.at];
    const not = char === '-' ? '-' : this.operator('NOT', 'NOT');
    if (not !== null) {
      if (not === '-') this.at++;
      const after = this.at;
      this.skipSpace();
      if (not === '-' && after !== this.at) throw new QuerySyntaxError('expected a term after "-"', after);
      if (this.atEndOfGroup()) throw new QuerySyntaxError(`expected a term after "${not}"`, this.at);
      return { kind: 'not', child: this.unary(depth, context) };
    }
    if (char === '+') {
      this.at++;
      if (this.atEndOfGroup() || /\s/u.test(this.text[this.at]!)) throw new QuerySyntaxError('expected a term after "+"', this.at);
    }
    return this.primary(depth, context);
  }

  private primary(depth: number, context: Context): QueryNode {
    const char = this.text[this.at];
    if (char === '(') return this.group(depth, context);
    if (char === '!') {
      this.at++;
      if (this.atEndOfGroup() || /\s|\(/u.test(this.text[this.at]!)) throw new QuerySyntaxError('expected a field after "!"', this.at);
      return this.clause(depth, { ...context, exact: true });
    }
    return this.clause(depth, context);
  }

  private group(depth: number, context: Context): QueryNode {
    const open = this.at;
    if (depth + 1 > this.limits.maxDepth) throw new QuerySyntaxError(`parentheses nest deeper than ${this.limits.maxDepth}`, open);
    this.at++;
    this.skipSpace();
    if (this.text[this.at] === ')') throw new QuerySyntaxError('expected a term', this.at);
    const node = this.or(depth + 1, context);
    if (this.text[this.at] !== ')') throw new QuerySyntaxError('unbalanced "("', open);
    this.at++;
    return node;
  }

  private clause(depth: number, context: Context): QueryNode {
    const start = this.at;
    FIELD_NAME.lastIndex = start;
    const name = FIELD_NAME.exec(this.text)?.[0];
    if (name === undefined) {
      if (this.text[start] === '[' || this.text[start] === '{') throw new QuerySyntaxError('a range needs a field', start);
      return this.value(depth, context, start, context.field === null ? '' : `${context.field}:`);
    }
    const field = this.field(name, start);
    this.at += name.length + 1;
    return this.value(depth, { field, exact: context.exact }, start, `${name}:`);
  }

  private field(name: string, at: number): string {
    if (Object.hasOwn(this.fields, name)) return name;
    const sameLetters = Object.keys(this.fields).filter((field) => field.toLowerCase() === name.toLowerCase());
    if (sameLetters.length === 1) return sameLetters[0]!;
    const nearest = nearestField(name, Object.keys(this.fields));
    throw new QuerySyntaxError(`unknown field "${name}"`, at, nearest === null ? undefined : `did you mean "${nearest}"?`);
  }

  private value(depth: number, context: Context, start: number, written: string): QueryNode {
    const char = this.text[this.at];
    if (char === undefined || /\s|\)/u.test(char)) throw new QuerySyntaxError(`expected a value after "${written}"`, this.at);
    if (char === '(' && context.field !== null) return this.group(depth, context);
    if (char === '[' || char === '{') return this.range(context.field!, written, start);
    if (char === '>' || char === '<') return this.comparison(context.field, written, start);
    const value = char === '"' ? this.phrase() : this.word(ENDS_WORD);
    return this.leaf(context, value, written, start);
  }

  private leaf(context: Context, value: ValueText, written: string, start: number): QueryLeaf {
    const { field, exact } = context;
    const exists = value.pattern === '*';
    this.count(start, value.wildcard && !exists);
    const kind = field === null ? null : this.fields[field]!.kind;
    if (exists) return { kind: 'exists', field };
    if (value.wildcard) {
      if (kind === 'number' || kind === 'date') throw new QuerySyntaxError(`a wildcard needs a text or keyword field, not "${field}"`, value.at);
      return { kind: 'wildcard', field, pattern: value.pattern, exact };
    }
    if (kind === 'number' && numberValue(value.text) === null) throw new QuerySyntaxError(`expected a number after "${written}"`, value.at);
    if (kind === 'date' && dateSpan(value.text) === null) throw new QuerySyntaxError(`expected a date (YYYY/MM/DD) after "${written}"`, value.at);
    return { kind: exact ? 'exact' : 'term', field, value: value.text };
  }

  private range(field: string, written: string, start: number): QueryLeaf {
    const open = this.at;
    const includeLower = this.text[this.at++] === '[';
    this.skipSpace();
    const lower = this.bound(field, written);
    const beforeTo = this.at;
    this.skipSpace();
    if (this.at === beforeTo || !this.text.startsWith('TO', this.at)) throw new QuerySyntaxError('expected "TO" in the range', this.at);
    this.at += 2;
    const afterTo = this.at;
    this.skipSpace();
    if (this.at === this.text.length) throw new QuerySyntaxError(`expected a value in the range after "${written}"`, this.at);
    if (this.at === afterTo) throw new QuerySyntaxError('expected "TO" in the range', afterTo - 2);
    const upper = this.bound(field, written);
    this.skipSpace();
    const close = this.text[this.at];
    if (close !== ']' && close !== '}') throw new QuerySyntaxError(`expected "]" or "}" to close the range opened`, open);
    this.at++;
    this.count(start, false);
    return { kind: 'range', field, lower, upper, includeLower, includeUpper: close === ']' };
  }

  private comparison(field: string | null, written: string, start: number): QueryLeaf {
    if (field === null) throw new QuerySyntaxError('a range needs a field', start);
    const greater = this.text[this.at] === '>';
    const orEqual = this.text[this.at + 1] === '=';
    this.at += orEqual ? 2 : 1;
    if (this.at >= this.text.length || ENDS_WORD.test(this.text[this.at]!)) throw new QuerySyntaxError(`expected a value after "${written}${greater ? '>' : '<'}${orEqual ? '=' : ''}"`, this.at);
    const bound = this.bound(field, written);
    this.count(start, false);
    return greater
      ? { kind: 'range', field, lower: bound, upper: null, includeLower: orEqual, includeUpper: false }
      : { kind: 'range', field, lower: null, upper: bound, includeLower: false, includeUpper: orEqual };
  }

  /** A range's end: null for `*`. */
  private bound(field: string, written: string): string | null {
    const char = this.text[this.at];
    if (char === undefined || (ENDS_BOUND.test(char) && char !== '"')) throw new QuerySyntaxError(`expected a value in the range after "${written}"`, this.at);
    const value = char === '"' ? this.phrase() : this.word(ENDS_BOUND);
    if (value.pattern === '*') return null;
    const kind = this.fields[field]!.kind;
    if (kind === 'number' && numberValue(value.text) === null) throw new QuerySyntaxError(`expected a number in the range after "${written}"`, value.at);
    if (kind === 'date' && dateSpan(value.text) === null) throw new QuerySyntaxError(`expected a date (YYYY/MM/DD) in the range after "${written}"`, value.at);
    return value.text;
  }

  private phrase(): ValueText {
    const open = this.at++;
    const value = this.characters((char) => char === '"');
    if (this.text[this.at] !== '"') throw new QuerySyntaxError('unclosed quote', open);
    this.at++;
    return { ...value, at: open };
  }

  private word(ends: RegExp): ValueText {
    return this.characters((char) => ends.test(char));
  }

  /** Characters up to one that `ends`, a backslash escaping the next. */
  private characters(ends: (char: string) => boolean): ValueText {
    const at = this.at;
    let text = '';
    let pattern = '';
    let wildcard = false;
    while (this.at < this.text.length) {
      const char = this.text[this.at]!;
      if (char === '\\' && this.at + 1 < this.text.length) {
        const next = this.text[this.at + 1]!;
        text += next;
        pattern += /[*?\\]/.test(next) ? `\\${next}` : next;
        this.at += 2;
        continue;
      }
      if (ends(char)) break;
      if (char === '*' || char === '?') wildcard = true;
      text += char;
      pattern += char;
      this.at++;
    }
    return { text, pattern, wildcard, at };
  }

  private count(at: number, wildcard: boolean): void {
    if (++this.terms > this.limits.maxTerms) throw new QuerySyntaxError(`the query has more than ${this.limits.maxTerms} terms`, at);
    if (wildcard && ++this.wildcards > this.limits.maxWildcards) {
      throw new QuerySyntaxError(`the query has more than ${this.limits.maxWildcards} wildcard terms`, at);
    }
  }

  /** Consumes `word` or `symbol` when it stands alone here; which one, or null. */
  private operator(word: string, symbol: string): string | null {
    const found = this.peekOperator(word, symbol);
    if (found !== null) this.at += found.length;
    return found;
  }

  private peekOperator(word: string, symbol: string): string | null {
    for (const candidate of [word, symbol]) {
      if (!this.text.startsWith(candidate, this.at)) continue;
      const after = this.text[this.at + candidate.length];
      if (after === undefined || /\s|\(/u.test(after) || (candidate === symbol && candidate !== word)) return candidate;
    }
    return null;
  }

  private atEndOfGroup(): boolean {
    return this.at >= this.text.length || this.text[this.at] === ')';
  }

  private skipSpace(): void {
    while (this.at < this.text.length && /\s/u.test(this.text[this.at]!)) this.at++;
  }
}
