import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { SEED_CATALOG_DIR } from '../support/seedCatalog.js';
import { readOwnExport } from '../../src/importer/sources/ownExport.js';
import { keyedSession, withoutRetrievedAt } from '../support/mcpHarness.js';
import { onStore, STORE_KINDS } from '../support/stores.js';

/** The keys of a compact row, in order: what an agent gets from a card list unless it asks for more. */
const COMPACT_KEYS = ['id', 'name', 'set_id', 'set_name', 'set_code', 'number', 'supertype', 'subtypes', 'types', 'hp', 'rarity', 'regulation_mark', 'legalities'];

/** The demo catalog's Charizard with its game text, so compact rows have something to leave out. */
const CHARIZARD_GAME_TEXT = {
  abilities: [{ type: 'Pokemon Power', name: 'Energy Burn', effect: 'Turn all Energy attached to Charizard into Fire Energy.' }],
  attacks: [{ name: 'Fire Spin', cost: ['Fire', 'Fire', 'Fire', 'Fire'], damage: '100', effect: 'Discard 2 Energy cards.' }],
  weaknesses: [{ type: 'Water', value: '×2' }],
  resistances: [{ type: 'Fighting', value: '-30' }],
  retreat_cost: 3,
  legalities: { standard: false, expanded: true },
} as const;

/** Each card list call beside the REST request with the same parameters. */
const CARD_LISTS: Array<{ tool: string; args: Record<string, unknown>; rest: string }> = [
  { tool: 'search_cards', args: { q: 'charizard' }, rest: '/v1/cards?q=charizard' },
  { tool: 'search_cards', args: { q: 'pikachu', limit: 2, offset: 1 }, rest: '/v1/cards?q=pikachu&limit=2&offset=1' },
  { tool: 'list_cards_in_set', args: { set_id: 'en-base1' }, rest: '/v1/cards?set=en-base1' },
  { tool: 'list_cards_in_set', args: { set_id: 'en-base1', limit: 2, offset: 2 }, rest: '/v1/cards?set=en-base1&limit=2&offset=2' },
];

type Row = Record<string, unknown>;
type List = { data: Row[]; pagination: unknown };

const textOf = (result: CallToolResult) => (result.content[0] as { text: string }).text;
const pick = (row: Row, keys: string[]) => Object.fromEntries(keys.map((key) => [key, row[key]]));

for (const store of STORE_KINDS) {
  describe(`MCP card lists answer compact rows unless asked for detail "full" (${store})`, await onStore(store), () => {
    const fixture = keyedSession({ store }, {
      prepare: async (harness) => {
        const { catalog } = await readOwnExport(SEED_CATALOG_DIR);
        const charizard = catalog.cards.find((card) => card.id === 'en-base1-4')!;
        Object.assign(charizard, CHARIZARD_GAME_TEXT);
        await harness.server.catalogStore.replaceCatalog(catalog);
      },
    });

    for (const { tool, args, rest } of CARD_LISTS) {
      test(`${tool} ${JSON.stringify(args)} answers REST's rows cut to the compact keys, and its pagination`, async () => {
        const { result } = await fixture.session.call(tool, args);
        const answer = await fixture.harness.rest(rest, { key: fixture.key });
        assert.equal(answer.status, 200);
        assert.notEqual(result.isError, true);
        const compact = result.structuredContent as List;
        const full = answer.body as unknown as List;
        assert.ok(full.data.length > 0);
        for (const row of compact.data) assert.deepEqual(Object.keys(row), COMPACT_KEYS);
        assert.deepEqual(compact.data, full.data.map((row) => pick(row, COMPACT_KEYS)));
        assert.deepEqual(compact.pagination, full.pagination);
        assert.match(String(result.structuredContent?.retrieved_at), /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
        assert.deepEqual(JSON.parse(textOf(result)), result.structuredContent);
      });

      test(`${tool} ${JSON.stringify(args)} with detail "full" answers REST's body`, async () => {
        const { result } = await fixture.session.call(tool, { ...args, detail: 'full' });
        const answer = await fixture.harness.rest(rest, { key: fixture.key });
        assert.notEqual(result.isError, true);
        assert.deepEqual(withoutRetrievedAt(result.structuredContent), withoutRetrievedAt(answer.body));
        assert.deepEqual(JSON.parse(textOf(result)), result.structuredContent);
      });
    }

    test('a compact row keeps legalities and leaves the game text to get_card', async () => {
      const search = async (args: Record<string, unknown>) =>
        ((await fixture.session.call('search_cards', { q: 'charizard', lang: 'en', ...args })).result.structuredContent as List).data[0]!;
      const compact = await search({});
      assert.equal(compact.id, 'en-base1-4');
      assert.deepEqual(compact.legalities, CHARIZARD_GAME_TEXT.legalities);
      assert.equal(compact.attacks, undefined);
      assert.equal((await search({ detail: 'compact' })).attacks, undefined);
      const full = await search({ detail: 'full' });
      const card = ((await fixture.session.call('get_card', { id: 'en-base1-4' })).result.structuredContent as { data: Row }).data;
      for (const [field, value] of Object.entries(CHARIZARD_GAME_TEXT)) {
        assert.deepEqual(full[field], value, field);
        assert.deepEqual(card[field], value, field);
      }
    });

    test('the compact answer is smaller than the full one', async () => {
      const size = async (detail: string) =>
        Buffer.byteLength(textOf((await fixture.session.call('list_cards_in_set', { set_id: 'en-base1', detail })).result));
      assert.ok(await size('compact') < await size('full'));
    });

    for (const tool of ['search_cards', 'list_cards_in_set']) {
      for (const detail of ['FULL', 'summary', '', 1, null]) {
        test(`${tool} with detail ${JSON.stringify(detail)} fails, naming detail and its values`, async () => {
          const args = tool === 'search_cards' ? { q: 'pikachu', detail } : { set_id: 'en-base1', detail };
          const { result } = await fixture.session.call(tool, args);
          assert.equal(result.isError, true);
          assert.equal(result.structuredContent, undefined);
          assert.equal(textOf(result), 'detail must be one of: compact, full');
        });
      }
    }
  });
}
