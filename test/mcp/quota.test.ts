import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { keyedSession, type Exchange } from '../support/mcpHarness.js';
import { onStore, STORE_KINDS } from '../support/stores.js';

const usedIn = (response: Exchange | { headers: Headers }) => Number(response.headers.get('x-ratelimit-used'));

for (const store of STORE_KINDS) {
  describe(`MCP quota: one count per tool call, the same month as REST (${store})`, await onStore(store), () => {
    const fixture = keyedSession({ store }, { listTools: false });

    test('initialize and tools/list do not count, and answer with the unkeyed headers', async () => {
      await fixture.session.client.listTools();
      await fixture.session.client.listTools();
      const again = await fixture.harness.connect(fixture.key);
      await again.client.listTools();
      await again.close();
      for (const exchange of [...fixture.session.exchanges, ...again.exchanges]) {
        assert.equal(usedIn(exchange), 0, `${exchange.method} ${exchange.status}`);
      }
      const { response } = await fixture.session.call('list_sets');
      assert.equal(usedIn(response), 1);
    });

    test('every tool call counts exactly once, failed ones (400, 404) included', async () => {
      let used = usedIn((await fixture.session.call('get_set', { id: 'en-base1' })).response);
      for (const [tool, args] of [
        ['search_cards', { q: 'pikachu' }],
        ['get_card', { id: 'en-base1-4' }],
        ['list_cards_in_set', { set_id: 'en-base1' }],
        ['list_sets', { limit: 0 }],
        ['get_card', { id: 'en-base1-999' }],
      ] as const) {
        const { response } = await fixture.session.call(tool, args);
        assert.equal(usedIn(response), used + 1, `${tool} ${JSON.stringify(args)}`);
        assert.equal(Number(response.headers.get('x-ratelimit-remaining')), 1000 - used - 1);
        used += 1;
      }
    });

    test('get_api_key does not touch the quota of the connection\'s key', async () => {
      const before = usedIn((await fixture.session.call('get_set', { id: 'en-base1' })).response);
      await fixture.session.call('get_api_key', { email: 'another@example.com' });
      assert.equal(usedIn((await fixture.session.call('get_set', { id: 'en-base1' })).response), before + 1);
    });

    test('MCP and REST calls move one month together, by one each', async () => {
      let used = usedIn((await fixture.session.call('list_sets')).response);
      for (let round = 0; round < 3; round += 1) {
        const rest = await fixture.harness.rest('/v1/sets?id=en-base1', { key: fixture.key });
        assert.equal(rest.status, 200);
        assert.equal(usedIn(rest), used + 1, 'REST after MCP');
        const { response } = await fixture.session.call('search_cards', { q: 'charizard' });
        assert.equal(usedIn(response), used + 2, 'MCP after REST');
        used += 2;
      }
    });
  });
}
