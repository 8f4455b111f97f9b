import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { withoutRepeatedImages } from '../../src/catalog/answers/compactRows.js';
import { keyedSession, withoutRetrievedAt } from '../support/mcpHarness.js';
import { NAME_CATALOG } from '../support/nameFixture.js';
import { onStore, STORE_KINDS } from '../support/stores.js';

const textOf = (result: CallToolResult) => (result.content[0] as { text: string }).text;

for (const store of STORE_KINDS) {
  describe(`MCP find_card and search_cards' suggestions (${store})`, await onStore(store), () => {
    const fixture = keyedSession({ store }, {
      prepare: async (harness) => { await harness.server.catalogStore.replaceCatalog(NAME_CATALOG); },
    });

    test('find_card answers what GET /v1/cards/named?fuzzy= answers, for a typed name, in lang and set_code', async () => {
      for (const [args, rest] of [
        [{ name: 'charzard' }, '/v1/cards/named?fuzzy=charzard'],
        [{ name: 'boss orders' }, '/v1/cards/named?fuzzy=boss%20orders'],
        [{ name: 'iono', set_code: 'mid' }, '/v1/cards/named?fuzzy=iono&set_code=mid'],
        [{ name: 'glurack', lang: 'de' }, '/v1/cards/named?fuzzy=glurack&lang=de'],
      ] as const) {
        const { result } = await fixture.session.call('find_card', args);
        const answer = await fixture.harness.rest(rest, { key: fixture.key });
        assert.equal(answer.status, 200, rest);
        assert.notEqual(result.isError, true);
        // As get_card, without the variants' image URLs that repeat the card's.
        assert.deepEqual(withoutRetrievedAt(result.structuredContent), withoutRetrievedAt(withoutRepeatedImages(answer.body as never)));
        assert.deepEqual(JSON.parse(textOf(result)), result.structuredContent);
      }
    });

    test('an ambiguous or unknown name fails with the sentence and the candidates to call again with', async () => {
      const ambiguous = (await fixture.session.call('find_card', { name: 'char' })).result;
      assert.equal(ambiguous.isError, true);
      assert.equal(textOf(ambiguous), '"char" fits several card names in en equally: give one of the candidates. Candidates, best first: ' +
        '["Charizard","Charmander","Charizard ex","Charmeleon","Blaine\'s Charizard"]');
      const unknown = (await fixture.session.call('find_card', { name: 'xyzzy' })).result;
      assert.equal(unknown.isError, true);
      assert.equal(textOf(unknown), 'no card name in en is close to "xyzzy"');
      const short = (await fixture.session.call('find_card', { name: ' ' })).result;
      assert.equal(textOf(short), 'name must be 1 to 60 characters long');
      const missing = (await fixture.session.call('find_card', {})).result;
      assert.equal(textOf(missing), 'name is required');
    });

    test('search_cards carries the suggestions of an empty first page, in compact rows as in full ones', async () => {
      for (const detail of ['compact', 'full']) {
        const { result } = await fixture.session.call('search_cards', { q: 'charzard', detail });
        assert.notEqual(result.isError, true, textOf(result));
        assert.deepEqual((result.structuredContent as { suggestions: string[] }).suggestions, ['Charizard']);
      }
    });

    test('the descriptions tell an agent which tool takes a typed name', async () => {
      const { tools } = await fixture.session.client.listTools();
      const find = tools.find((tool) => tool.name === 'find_card')!;
      assert.match(find.description!, /typed name/);
      assert.deepEqual(find.inputSchema.required, ['name']);
      assert.match(tools.find((tool) => tool.name === 'search_cards')!.description!, /call find_card/);
    });
  });
}
