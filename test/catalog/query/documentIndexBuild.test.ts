import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DocumentIndex } from '../../../src/catalog/query/documentIndex.js';
import { parseQuery } from '../../../src/catalog/query/queryParser.js';
import { QUERY_CARDS, QUERY_FIELDS } from './queryCards.js';

const QUERIES = ['name:charizard', 'name:"venusaur v"', 'hp:[100 TO *] -types:grass', '!name:charizard', 'char*', 'name:pikachu OR set.id:base1', 'set.releaseDate:[2020 TO *]'];

describe('DocumentIndex.build: fields built a few at a time, the others when a query needs them', () => {
  const eager = new DocumentIndex(QUERY_CARDS, QUERY_FIELDS, 'id');

  it('answers as the index built at once, whichever fields it built first', async () => {
    for (const first of [() => true, () => false, (field: string) => field === 'name']) {
      const index = await DocumentIndex.build(QUERY_CARDS, QUERY_FIELDS, 'id', undefined, first);
      for (const text of QUERIES) {
        const query = parseQuery(text, QUERY_FIELDS);
        await index.prepare(query, [{ field: 'hp', descending: true }]);
        for (const orderBy of [undefined, [{ field: 'hp', descending: true }]]) {
          assert.deepEqual(index.search({ query, orderBy, offset: 0, limit: 50 }), eager.search({ query, orderBy, offset: 0, limit: 50 }), text);
        }
      }
    }
  });

  it('builds only the fields the eager test names, and prepare only those a query reads', async () => {
    const index = await DocumentIndex.build(QUERY_CARDS, QUERY_FIELDS, 'id', undefined, (field) => field === 'id');
    assert.deepEqual(index.builtFields, ['id']);
    await index.prepare(parseQuery('name:"venusaur v" -types:grass', QUERY_FIELDS));
    assert.deepEqual(index.builtFields.sort(), ['id', 'name', 'types']);
    await index.prepare(parseQuery('charizard', QUERY_FIELDS));
    assert.deepEqual(index.builtFields.sort(), Object.keys(QUERY_FIELDS).sort(), 'a bare word reads every field');
  });
});
