import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { keyedSession, withoutRetrievedAt } from '../support/mcpHarness.js';
import { onStore, STORE_KINDS } from '../support/stores.js';

/** Each filtered call beside the REST request with the same parameters. */
const FILTERED: Array<{ tool: string; args: Record<string, unknown>; rest: string }> = [
  { tool: 'search_cards', args: { type: 'Fire', subtype: 'Stage2' }, rest: '/v1/cards?type=Fire&subtype=Stage2' },
  { tool: 'search_cards', args: { number: '4/102', lang: 'de' }, rest: '/v1/cards?number=4%2F102&lang=de' },
  { tool: 'search_cards', args: { q: 'pikachu', lang: 'en', subtype: 'Basic', limit: 1 }, rest: '/v1/cards?q=pikachu&lang=en&subtype=Basic&limit=1' },
  { tool: 'list_cards_in_set', args: { set_id: 'en-base1', subtype: 'Stage2' }, rest: '/v1/cards?set=en-base1&subtype=Stage2' },
];

for (const store of STORE_KINDS) {
  describe(`MCP card tools take the REST filters (${store})`, await onStore(store), () => {
    const fixture = keyedSession({ store });

    for (const { tool, args, rest } of FILTERED) {
      test(`${tool} ${JSON.stringify(args)} answers what ${rest} does`, async () => {
        const { result } = await fixture.session.call(tool, { ...args, detail: 'full' });
        const answer = await fixture.harness.rest(rest, { key: fixture.key });
        assert.equal(answer.status, 200);
        assert.notEqual(result.isError, true, JSON.stringify(result.content));
        assert.ok((answer.body as { data: unknown[] }).data.length > 0);
        assert.deepEqual(withoutRetrievedAt(result.structuredContent), withoutRetrievedAt(answer.body));
      });
    }

    test('search_cards needs q or a filter, and refuses an unknown vocabulary word as REST does', async () => {
      const none = await fixture.session.call('search_cards', { lang: 'en' });
      assert.equal(none.result.isError, true);
      assert.match((none.result.content[0] as { text: string }).text,
        /^give q, query, or at least one filter \(supertype, subtype, type, rarity, regulation_mark, legal, artist, number, set_code\)$/);
      const bad = await fixture.session.call('search_cards', { type: 'Feu' });
      const rest = await fixture.harness.rest('/v1/cards?type=Feu', { key: fixture.key });
      assert.equal(bad.result.isError, true);
      assert.equal((bad.result.content[0] as { text: string }).text, (rest.body as { error: string }).error);
    });

    test('tools/list publishes the filters with their vocabularies', async () => {
      const { tools } = await fixture.session.client.listTools();
      for (const name of ['search_cards', 'list_cards_in_set']) {
        const properties = tools.find((tool) => tool.name === name)!.inputSchema.properties as Record<string, { enum?: string[] }>;
        assert.deepEqual(properties.legal?.enum, ['standard', 'expanded'], name);
        assert.ok(properties.type?.enum?.includes('Fire'), name);
        for (const filter of ['supertype', 'subtype', 'rarity', 'regulation_mark', 'artist', 'number', 'set_code']) assert.ok(properties[filter], `${name} ${filter}`);
      }
    });
  });
}
