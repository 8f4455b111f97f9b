import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DEFAULT_QUERY_LIMITS, QuerySyntaxError } from '../../../src/catalog/query/queryNode.js';
import { parseQuery } from '../../../src/catalog/query/queryParser.js';
import { QUERY_FIELDS } from './queryCards.js';

const parse = (q: string) => parseQuery(q, QUERY_FIELDS);

/** The error `q` raises: its message and position. */
function failure(q: string, limits = DEFAULT_QUERY_LIMITS): { message: string; position: number } {
  try {
    parseQuery(q, QUERY_FIELDS, limits);
  } catch (error) {
    assert.ok(error instanceof QuerySyntaxError, `${q}: ${String(error)}`);
    return { message: error.message, position: error.position };
  }
  assert.fail(`${q} parsed`);
}

describe('parseQuery', () => {
  it('reads terms, phrases, exact values, wildcards, ranges and negation into one tree', () => {
    assert.deepEqual(parse('name:charizard -types:water (subtypes:mega OR !set.name:"Base") hp:{100 TO *]'), {
      kind: 'and',
      children: [
        { kind: 'term', field: 'name', value: 'charizard' },
        { kind: 'not', child: { kind: 'term', field: 'types', value: 'water' } },
        { kind: 'or', children: [{ kind: 'term', field: 'subtypes', value: 'mega' }, { kind: 'exact', field: 'set.name', value: 'Base' }] },
        { kind: 'range', field: 'hp', lower: '100', upper: null, includeLower: false, includeUpper: true },
      ],
    });
    assert.deepEqual(parse('name:char*der'), { kind: 'wildcard', field: 'name', pattern: 'char*der', exact: false });
    assert.deepEqual(parse('charizard'), { kind: 'term', field: null, value: 'charizard' });
    assert.deepEqual(parse('hp:*'), { kind: 'exists', field: 'hp' });
  });

  it('takes an escaped character as it is, and a field name in any case', () => {
    assert.deepEqual(parse('id:ex10-\\?'), { kind: 'term', field: 'id', value: 'ex10-?' });
    assert.deepEqual(parse('name:a\\*b*'), { kind: 'wildcard', field: 'name', pattern: 'a\\*b*', exact: false });
    assert.deepEqual(parse('Set.ID:sm1'), { kind: 'term', field: 'set.id', value: 'sm1' });
  });

  it('keeps a phrase whole, parentheses and operators included', () => {
    assert.deepEqual(parse('name:"Boss\'s Orders (Ghetsis) OR x"'), { kind: 'term', field: 'name', value: "Boss's Orders (Ghetsis) OR x" });
  });

  it('reads lower-case and, or, not as words, not operators', () => {
    assert.deepEqual(parse('name:or'), { kind: 'term', field: 'name', value: 'or' });
    assert.deepEqual(parse('a or b'), { kind: 'and', children: ['a', 'or', 'b'].map((value) => ({ kind: 'term', field: null, value })) });
  });
});

describe('parseQuery errors: one sentence naming the position, counted from 1 (the offset beside it from 0)', () => {
  const cases: Array<[string, string, number]> = [
    ['hp:', 'expected a value after "hp:" at 4', 3],
    ['name:pikachu hp: types:fire', 'expected a value after "hp:" at 17', 16],
    ['nmae:charizard', 'unknown field "nmae" at 1; did you mean "name"?', 0],
    ['types:fire zzzzzz:1', 'unknown field "zzzzzz" at 12', 11],
    ['(name:a OR name:b', 'unbalanced "(" at 1', 0],
    ['name:a OR (name:b)) name:c', 'unbalanced ")" at 19', 18],
    ['name:"venusaur v', 'unclosed quote at 6', 5],
    ['hp:high', 'expected a number after "hp:" at 4', 3],
    ['set.releaseDate:yesterday', 'expected a date (YYYY/MM/DD) after "set.releaseDate:" at 17', 16],
    ['hp:[10 100]', 'expected "TO" in the range at 8', 7],
    ['hp:[10 TO 100', 'expected "]" or "}" to close the range opened at 4', 3],
    ['hp:[10 TO', 'expected a value in the range after "hp:" at 10', 9],
    ['hp:[x TO 100]', 'expected a number in the range after "hp:" at 5', 4],
    ['hp:1*', 'a wildcard needs a text or keyword field, not "hp" at 4', 3],
    ['[1 TO 5]', 'a range needs a field at 1', 0],
    ['name:a OR', 'expected a term after "OR" at 10', 9],
    ['OR name:a', 'expected a term before "OR" at 1', 0],
    ['AND name:a', 'expected a term before "AND" at 1', 0],
    ['name:a - types:fire', 'expected a term after "-" at 9', 8],
    ['name:a ()', 'expected a term at 9', 8],
    ['! name:a', 'expected a field after "!" at 2', 1],
    ['+ name:a', 'expected a term after "+" at 2', 1],
  ];
  for (const [q, message, position] of cases) {
    it(`${q} → ${message}`, () => {
      assert.deepEqual(failure(q), { message, position });
    });
  }
});

describe('parseQuery limits, each with its own message', () => {
  it('refuses a query longer than the length limit, and reads one at it', () => {
    const longest = `name:${'a'.repeat(DEFAULT_QUERY_LIMITS.maxLength - 5)}`;
    assert.doesNotThrow(() => parse(longest));
    assert.deepEqual(failure(`${longest}b`), { message: 'the query is longer than 1,000 characters at 1001', position: 1000 });
  });

  it('refuses parentheses nested deeper than the depth limit', () => {
    const limits = { ...DEFAULT_QUERY_LIMITS, maxDepth: 3 };
    assert.doesNotThrow(() => parseQuery('(((name:a)))', QUERY_FIELDS, limits));
    assert.deepEqual(failure('(((types:(fire))))', limits), { message: 'parentheses nest deeper than 3 at 10', position: 9 });
  });

  it('refuses more wildcard terms than the wildcard limit', () => {
    const limits = { ...DEFAULT_QUERY_LIMITS, maxWildcards: 2 };
    assert.doesNotThrow(() => parseQuery('name:a* name:*b name:c hp:* -types:*', QUERY_FIELDS, limits), 'field:* is no wildcard term');
    assert.deepEqual(failure('name:a* name:*b name:c?', limits), { message: 'the query has more than 2 wildcard terms at 17', position: 16 });
  });

  it('refuses more terms than the term limit', () => {
    const limits = { ...DEFAULT_QUERY_LIMITS, maxTerms: 3 };
    assert.doesNotThrow(() => parseQuery('a b hp:[1 TO 2]', QUERY_FIELDS, limits));
    assert.deepEqual(failure('a b hp:[1 TO 2] "d e"', limits), { message: 'the query has more than 3 terms at 17', position: 16 });
  });
});
