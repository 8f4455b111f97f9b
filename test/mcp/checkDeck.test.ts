import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DECK_CATALOG, TCG_LIVE_LIST } from '../support/deckCatalog.js';
import { keyedSession } from '../support/mcpHarness.js';
import { onStore, STORE_KINDS } from '../support/stores.js';
import { MAX_DECK_LIST_LENGTH } from '../../src/schemas/deck.js';

const usedOf = (headers: Headers) => Number(headers.get('x-ratelimit-used'));

for (const store of STORE_KINDS) {
  describe(`MCP check_deck answers as POST /v1/decks/check (${store})`, await onStore(store), () => {
    const fixture = keyedSession({ store }, { prepare: (harness) => harness.server.catalogStore.replaceCatalog(DECK_CATALOG).then(() => undefined) });

    it('gives the REST answer as structured content and as text, counted once', async () => {
      const { harness, session, key } = fixture;
      const args = { list: TCG_LIVE_LIST, format: 'standard', lang: 'en' };
      const { result, response } = await session.call('check_deck', args);
      assert.equal(result.isError, undefined);
      const rest = await harness.rest('/v1/decks/check', { method: 'POST', key, body: args });
      assert.equal(rest.status, 200);
      assert.deepEqual(result.structuredContent, rest.body, 'the same data and retrieved_at');
      assert.deepEqual(JSON.parse((result.content[0] as { text: string }).text), rest.body);
      assert.equal(usedOf(rest.headers), usedOf(response.headers) + 1, 'each answer counted once');
      const data = (result.structuredContent as { data: { cards: Array<{ line: number; legal: boolean }>; unresolved: unknown[] } }).data;
      assert.equal(data.cards.length, 15);
      assert.deepEqual(data.unresolved, []);
    });

    it('takes a list of 20,000 characters, a body over 16 KiB, as REST does', async () => {
      const { harness, session, key } = fixture;
      const list = TCG_LIVE_LIST + '\n'.repeat(MAX_DECK_LIST_LENGTH - TCG_LIVE_LIST.length);
      const args = { list, format: 'standard', lang: 'en' };
      assert.ok(Buffer.byteLength(JSON.stringify(args)) > 16 * 1024);
      const { result } = await session.call('check_deck', args);
      assert.equal(result.isError, undefined);
      const rest = await harness.rest('/v1/decks/check', { method: 'POST', key, body: args });
      assert.equal(rest.status, 200);
      assert.deepEqual(result.structuredContent, rest.body);
    });

    it('refuses any other message over 16 KiB with 413, before reading it', async () => {
      const { harness, key } = fixture;
      const call = { jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'search_cards', arguments: { q: 'x'.repeat(17 * 1024) } } };
      const response = await fetch(new URL('/mcp', harness.baseUrl), {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', authorization: `Bearer ${key}`, 'mcp-protocol-version': '2025-11-25' },
        body: JSON.stringify(call),
      });
      assert.equal(response.status, 413);
      assert.deepEqual(await response.json(), { jsonrpc: '2.0', error: { code: -32600, message: 'the request body is larger than 16 KiB' }, id: null });
    });

    it('defaults format to standard and lang to en, as REST does', async () => {
      const { session } = fixture;
      const { result } = await session.call('check_deck', { list: '4 Ralts SVI 84' });
      const data = (result.structuredContent as { data: { format: string; cards: Array<{ card: { id: string } }> } }).data;
      assert.equal(data.format, 'standard');
      assert.equal(data.cards[0]!.card.id, 'en-sv01-084');
    });

    const refusals: Array<[string, Record<string, unknown>, RegExp]> = [
      ['a missing list', {}, /^list is required$/],
      ['a blank list', { list: '   ' }, /^list must be a deck list/],
      ['an unknown format', { list: '4 Ralts SVI 84', format: 'legacy' }, /^format must be one of: standard, expanded$/],
      ['an unknown lang', { list: '4 Ralts SVI 84', lang: 'xx' }, /^lang must be one of/],
      ['a list without a card line', { list: 'Total Cards: 0' }, /^list holds no card line/],
      ['a list of 101 card lines', { list: '1 Ralts SVI 84\n'.repeat(101) }, /^list holds 101 card lines/],
    ];
    for (const [what, args, message] of refusals) {
      it(`${what} fails with REST's message and is not counted`, async () => {
        const { session } = fixture;
        const before = await session.call('check_deck', { list: '4 Ralts SVI 84' });
        const { result, response } = await session.call('check_deck', args);
        assert.equal(result.isError, true);
        assert.match((result.content[0] as { text: string }).text, message);
        assert.equal(usedOf(response.headers), usedOf(before.response.headers), 'nothing counted');
      });
    }
  });
}
