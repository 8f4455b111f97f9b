import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { COMPACT_SET_FIELDS } from '../../src/schemas/compactSet.js';
import { keyedSession, withoutRetrievedAt } from '../support/mcpHarness.js';
import { onStore, STORE_KINDS } from '../support/stores.js';

const ids = (result: CallToolResult) => (result.structuredContent as { data: Array<{ id: string }> }).data.map((set) => set.id);
const textOf = (result: CallToolResult) => (result.content[0] as { text: string }).text;

for (const store of STORE_KINDS) {
  describe(`list_sets: compact rows by default, and sets found by name in any language (${store})`, await onStore(store), () => {
    const fixture = keyedSession({ store });

    test('rows are compact by default: no logo or symbol URL; detail "full" gives REST\'s rows', async () => {
      const { result } = await fixture.session.call('list_sets', {});
      const rows = (result.structuredContent as { data: Array<Record<string, unknown>> }).data;
      assert.ok(rows.length > 0);
      for (const row of rows) assert.deepEqual(Object.keys(row), [...COMPACT_SET_FIELDS]);
      const full = await fixture.session.call('list_sets', { detail: 'full' });
      const rest = await fixture.harness.rest('/v1/sets', { key: fixture.key });
      assert.deepEqual(withoutRetrievedAt(full.result.structuredContent), withoutRetrievedAt(rest.body));
      assert.ok(textOf(result).length < textOf(full.result).length / 1.5, 'compact rows are much smaller');
    });

    test('q finds sets by their own name or their English name, folded, in every language', async () => {
      assert.deepEqual(ids((await fixture.session.call('list_sets', { q: 'base' })).result), ['de-base1', 'en-base1', 'fr-base1']);
      assert.deepEqual(ids((await fixture.session.call('list_sets', { q: 'GRUNDSET' })).result), ['de-base1']);
      assert.deepEqual(ids((await fixture.session.call('list_sets', { q: 'set de base' })).result), ['fr-base1'], 'spaces folded');
      assert.deepEqual(ids((await fixture.session.call('list_sets', { q: 'ぱっく' })).result), ['ja-PMCG1'], 'hiragana finds katakana');
      assert.deepEqual(ids((await fixture.session.call('list_sets', { q: 'base', lang: 'fr' })).result), ['fr-base1']);
      assert.deepEqual(ids((await fixture.session.call('list_sets', { q: 'nothing like it' })).result), []);
    });

    test('exact names first, then names that start with q, then the rest', async () => {
      // "jungle" is Jungle's whole name; "set" only starts Set de Base and ends the others.
      assert.deepEqual(ids((await fixture.session.call('list_sets', { q: 'set' })).result), ['fr-base1', 'de-base1', 'en-base1']);
    });

    test('q pages like any list, with an exact total', async () => {
      const { result } = await fixture.session.call('list_sets', { q: 'base', limit: 2, offset: 1 });
      assert.deepEqual(ids(result), ['en-base1', 'fr-base1']);
      assert.deepEqual((result.structuredContent as { pagination: unknown }).pagination,
        { limit: 2, offset: 1, total: 3, total_is_estimate: false, has_more: false });
    });

    test('REST answers /v1/sets?q= alike, and refuses a q that folds to less than 2 characters alike', async () => {
      const rest = await fixture.harness.rest('/v1/sets?q=base&limit=2', { key: fixture.key });
      const { result } = await fixture.session.call('list_sets', { q: 'base', limit: 2, detail: 'full' });
      assert.deepEqual(withoutRetrievedAt(result.structuredContent), withoutRetrievedAt(rest.body));
      const short = await fixture.harness.rest('/v1/sets?q=a.', { key: fixture.key });
      assert.equal(short.status, 400);
      const tool = await fixture.session.call('list_sets', { q: 'a.' });
      assert.equal(tool.result.isError, true);
      assert.equal(textOf(tool.result), short.body.error);
    });
  });
}
