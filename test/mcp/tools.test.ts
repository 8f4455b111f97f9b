import { FILTER_NAMES } from '../../src/catalog/rows/cardFacets.js';
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { constUnionsToEnums } from '../../src/schemas/publishedSchema.js';
import { Type } from '@sinclair/typebox';
import { CardBatch, CardList, SingleCard } from '../../src/schemas/card.js';
import { CardDetail, CompactCardList } from '../../src/schemas/compactCard.js';
import { LANGUAGES } from '../../src/schemas/common.js';
import { CreatedKeyBody, KeyRequestBody } from '../../src/schemas/keys.js';
import { DeckCheckRequest, DeckCheckResult } from '../../src/schemas/deck.js';
import { CardFilterParameters, CardIdList, CardsQuery, SearchText } from '../../src/schemas/queries.js';
import { SingleSet } from '../../src/schemas/set.js';
import { SetListResult } from '../../src/schemas/compactSet.js';
import { NamedCard } from '../../src/schemas/names.js';
import { leanOutputSchema } from '../../src/schemas/toolSchemas.js';
import { McpHarness, type McpSession } from '../support/mcpHarness.js';

const asWire = (schema: object) => constUnionsToEnums(JSON.parse(JSON.stringify(schema)));
const asLeanOutput = (schema: object) => asWire(leanOutputSchema(schema));
/** A REST parameter's schema as a tool's input lists it: without its examples. */
const asInput = (schema: object) => asWire(JSON.parse(JSON.stringify(schema, (key, value: unknown) => (key === 'examples' ? undefined : value))) as object);
const CATALOG_TOOLS = ['search_cards', 'get_card', 'find_card', 'list_cards_in_set', 'list_sets', 'get_set'];

describe('MCP tools/list', () => {
  let harness: McpHarness;
  let session: McpSession;
  let tools: Map<string, Tool>;

  before(async () => {
    harness = await McpHarness.start();
    session = await harness.connect();
    tools = new Map((await session.client.listTools()).tools.map((tool) => [tool.name, tool]));
  });
  after(async () => {
    await session.close();
    await harness.close();
  });

  test('a client without a key lists exactly the eight tools', () => {
    assert.deepEqual([...tools.keys()].sort(), [...CATALOG_TOOLS, 'check_deck', 'get_api_key'].sort());
  });

  test('the output schemas are the REST response schemas made lean, or the card lists of compact rows', () => {
    const cardLists = asLeanOutput({ ...Type.Union([CompactCardList, CardList]), type: 'object', title: 'CardListResult' });
    assert.deepEqual(tools.get('search_cards')!.outputSchema, cardLists);
    assert.deepEqual(tools.get('list_cards_in_set')!.outputSchema, cardLists);
    assert.deepEqual(tools.get('get_card')!.outputSchema, asLeanOutput({ ...Type.Union([SingleCard, CardBatch]), type: 'object', title: 'GetCardResult' }));
    assert.deepEqual(tools.get('list_sets')!.outputSchema, asLeanOutput(SetListResult));
    assert.deepEqual(tools.get('get_set')!.outputSchema, asLeanOutput(SingleSet));
    assert.deepEqual(tools.get('find_card')!.outputSchema, asLeanOutput(NamedCard));
    assert.deepEqual(tools.get('get_api_key')!.outputSchema, asLeanOutput(CreatedKeyBody));
    assert.deepEqual(tools.get('check_deck')!.outputSchema, asLeanOutput(DeckCheckResult));
  });

  test('a lean output schema keeps each field and its type, not the words, examples or rows inside arrays', () => {
    const getCard = tools.get('get_card')!.outputSchema as unknown as { anyOf: Array<{ properties: Record<string, Record<string, unknown>> }> };
    const card = getCard.anyOf[0]!.properties.data as { properties: Record<string, unknown>; required: string[] };
    assert.deepEqual(card.properties.set_code, { type: ['string', 'null'] });
    assert.deepEqual(card.properties.variants, { type: 'array', items: { type: 'object' } });
    assert.ok(card.required.includes('other_languages'));
    assert.doesNotMatch(JSON.stringify([...tools.values()].map((tool) => tool.outputSchema)), /"(description|examples)"/);
  });

  test('tools/list is at most 30 KB', async () => {
    const answer = await harness.postText(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }));
    assert.equal(answer.status, 200);
    const bytes = Buffer.byteLength(answer.text);
    assert.ok(bytes <= 30 * 1024, `tools/list is ${bytes} bytes (about ${Math.round(bytes / 4)} tokens)`);
  });

  test('the input schemas mirror the REST parameters, built from the REST parameter schemas', () => {
    const input = (name: string) => tools.get(name)!.inputSchema;
    assert.equal(input('search_cards').required, undefined, 'q or a filter');
    assert.deepEqual(Object.keys(input('search_cards').properties!), ['q', 'query', 'order', 'lang', 'limit', 'offset', 'detail', ...FILTER_NAMES]);
    assert.deepEqual((input('search_cards').properties!.order as { enum: string[] }).enum, (CardsQuery.properties.order.anyOf).map((order) => order.const));
    assert.match((input('search_cards').properties!.query as { description: string }).description, /types:fire hp:\[100 TO \*\] legal:standard/);
    assert.deepEqual(input('search_cards').properties!.q, asInput(SearchText), 'REST\'s schema, its examples left out');
    assert.deepEqual(input('search_cards').properties!.limit, asInput(CardsQuery.properties.limit));
    assert.deepEqual((input('search_cards').properties!.lang as { enum: string[] }).enum, [...LANGUAGES]);
    assert.equal(input('get_card').required, undefined, 'id or ids');
    assert.deepEqual(input('get_card').properties!.id, asInput(CardsQuery.properties.id));
    assert.deepEqual(input('get_card').properties!.ids, asInput(CardIdList));
    assert.equal((input('get_card').properties!.ids as { maxItems: number }).maxItems, 50);
    assert.deepEqual(input('get_set').required, ['id']);
    assert.deepEqual(input('list_cards_in_set').required, ['set_id']);
    assert.deepEqual(Object.keys(input('list_cards_in_set').properties!), ['set_id', 'limit', 'offset', 'detail', ...FILTER_NAMES]);
    for (const filter of FILTER_NAMES) {
      assert.deepEqual(input('search_cards').properties![filter], asInput(CardFilterParameters[filter]));
    }
    assert.equal(input('list_sets').required, undefined);
    assert.deepEqual(Object.keys(input('list_sets').properties!), ['q', 'lang', 'limit', 'offset', 'detail']);
    assert.deepEqual(input('get_api_key'), { ...asInput(KeyRequestBody) as object, additionalProperties: false });
    assert.deepEqual(input('check_deck').properties, (asInput(DeckCheckRequest) as { properties: unknown }).properties, 'check_deck takes the REST body');
    assert.deepEqual(input('check_deck').required, ['list']);
  });

  test('detail, of the card lists only, is published as an enum whose default is compact', () => {
    for (const name of ['search_cards', 'list_cards_in_set']) {
      const detail = tools.get(name)!.inputSchema.properties!.detail as { type: string; enum: string[]; default: string };
      assert.deepEqual(detail, asWire(CardDetail));
      assert.deepEqual([detail.type, detail.enum, detail.default], ['string', ['compact', 'full'], 'compact'], name);
    }
    for (const name of ['get_card', 'get_set']) {
      assert.equal(tools.get(name)!.inputSchema.properties!.detail, undefined, name);
    }
  });

  test('the catalog tools are read-only, idempotent and closed-world; get_api_key is not read-only', () => {
    for (const name of [...CATALOG_TOOLS, 'check_deck']) {
      assert.deepEqual(
        { ...tools.get(name)!.annotations, title: undefined },
        { title: undefined, readOnlyHint: true, idempotentHint: true, openWorldHint: false },
        name,
      );
    }
    const keyTool = tools.get('get_api_key')!.annotations!;
    assert.equal(keyTool.readOnlyHint, false);
    assert.equal(keyTool.idempotentHint, false);
    assert.equal(keyTool.openWorldHint, false);
  });

  test('the descriptions tell an agent the id formats, the languages, paging and what to do without a key', () => {
    for (const name of CATALOG_TOOLS) {
      const description = tools.get(name)!.description!;
      assert.match(description, /see get_api_key/, `${name} points to get_api_key`);
      assert.doesNotMatch(description, /Authorization: Bearer/, `${name} leaves the key paragraph to the instructions and get_api_key`);
      assert.match(description, /en-base1/, `${name} shows an id`);
    }
    assert.match(tools.get('check_deck')!.description!, /^Check a whole deck list against the format's rules in one call; paste the list as exported from Pokémon TCG Live or Limitless/);
    assert.match(tools.get('check_deck')!.description!, /get_api_key/);
    assert.match(tools.get('get_api_key')!.description!, /Authorization: Bearer <key>/);
    assert.match(tools.get('get_card')!.description!, /<lang>-<set code>-<number>/);
    assert.match(tools.get('get_card')!.description!, /an array of up to 50 card ids/);
    assert.match(tools.get('get_set')!.description!, /<lang>-<set code>/);
    assert.match(tools.get('search_cards')!.description!, /in the language you search/);
    for (const name of ['search_cards', 'list_cards_in_set']) {
      const description = tools.get(name)!.description!;
      assert.match(description, /compact unless detail is "full"/, `${name} names its rows and detail`);
      assert.match(description, /no game text: see get_card/, `${name} points to get_card`);
      assert.match(description, /legalities \{standard, expanded\}/, `${name} says where legality is`);
    }
    assert.match(tools.get('get_card')!.description!, /attacks \(cost, damage, effect\)/);
    assert.match(tools.get('get_card')!.description!, /standard follows the card's regulation_mark/);
    for (const name of ['search_cards', 'list_sets']) {
      assert.deepEqual((tools.get(name)!.inputSchema.properties!.lang as { enum: string[] }).enum, [...LANGUAGES], `${name}'s lang lists the 16 codes`);
    }
    for (const name of ['search_cards', 'list_sets', 'list_cards_in_set']) {
      assert.match(tools.get(name)!.description!, /has_more is false/, `${name} says when paging ends`);
    }
  });
});
