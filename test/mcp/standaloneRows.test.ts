import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { keyedSession, withoutRetrievedAt } from '../support/mcpHarness.js';
import { ROWS_CATALOG } from '../support/rowsFixture.js';
import { onStore, STORE_KINDS } from '../support/stores.js';

const textOf = (result: { content: unknown[] }) => (result.content[0] as { text: string }).text;

for (const store of STORE_KINDS) {
  describe(`MCP rows name their set, and codes and ids are read as players write them (${store})`, await onStore(store), () => {
    const fixture = keyedSession({ store }, { prepare: async (harness) => { await harness.server.catalogStore.replaceCatalog(ROWS_CATALOG); } });

    test('get_card, a batch and the compact and full rows of the list tools carry set_name and set_code', async () => {
      const single = await fixture.session.call('get_card', { id: 'fr-sv01-086' });
      const card = (single.result.structuredContent as { data: Record<string, unknown> }).data;
      assert.deepEqual([card.set_name, card.set_code], ['Écarlate et Violet', 'SVI']);
      const batch = await fixture.session.call('get_card', { ids: ['en-base1-4'] });
      const batchRow = (batch.result.structuredContent as { data: Array<Record<string, unknown>> }).data[0]!;
      assert.deepEqual([batchRow.set_name, batchRow.set_code], ['Base Set', null]);
      for (const detail of ['compact', 'full']) {
        const search = await fixture.session.call('search_cards', { q: 'sprigatito', detail });
        const rows = (search.result.structuredContent as { data: Array<Record<string, unknown>> }).data;
        assert.deepEqual(rows.map((row) => [row.id, row.set_name, row.set_code]), [['en-svp-001', 'SVP Black Star Promos', 'SVP']], detail);
        const inSet = await fixture.session.call('list_cards_in_set', { set_id: 'en-swshp', detail });
        const setRows = (inSet.result.structuredContent as { data: Array<Record<string, unknown>> }).data;
        assert.deepEqual(setRows.map((row) => [row.set_name, row.set_code]), [['SWSH Black Star Promos', 'SWSHP']], detail);
      }
    });

    test('get_card of an id without its zeros fails naming the id that exists, as REST does', async () => {
      const { result } = await fixture.session.call('get_card', { id: 'en-sv01-86' });
      assert.equal(result.isError, true);
      assert.equal(textOf(result), 'no card with id en-sv01-86; did you mean en-sv01-086? (ids keep the number as printed, zeros included)');
      const rest = await fixture.harness.rest('/v1/cards?id=en-sv01-86', { key: fixture.key });
      assert.equal(textOf(result), (rest.body as { error: string }).error);
    });

    test('set_code takes the promo aliases and refuses an unknown code with the nearest ones, as REST does', async () => {
      const promo = await fixture.session.call('search_cards', { set_code: 'PR-SV', number: '1', detail: 'full' });
      const rest = await fixture.harness.rest('/v1/cards?set_code=PR-SV&number=1', { key: fixture.key });
      assert.deepEqual(withoutRetrievedAt(promo.result.structuredContent), withoutRetrievedAt(rest.body));
      assert.deepEqual((rest.body as { data: Array<{ id: string }> }).data.map((card) => card.id), ['en-svp-001']);
      const unknown = await fixture.session.call('list_cards_in_set', { set_id: 'en-sv01', set_code: 'SVX' });
      assert.equal(unknown.result.isError, true);
      assert.equal(textOf(unknown.result), 'set_code SVX is not the printed abbreviation of any set; the nearest known codes are SVE, SVI, SVP, SMP, SWSHP');
    });

    test('search_cards with a q that folds to one character fails saying so', async () => {
      const { result } = await fixture.session.call('search_cards', { q: "'%" });
      assert.equal(result.isError, true);
      assert.equal(textOf(result), 'q must keep at least 2 characters once spaces, apostrophes, hyphens and dots are left out');
    });
  });
}
