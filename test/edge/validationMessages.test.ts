import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { McpHarness, type McpSession } from '../support/mcpHarness.js';

const textOf = (result: CallToolResult) => (result.content[0] as { text: string }).text;

const LIMIT = 'limit must be an integer from 1 to 200';
const OFFSET = 'offset must be an integer from 0 to 9007199254740991';
const LANG = 'lang must be one of: en, ja, fr, it, de, es, ko, pt, zh-tw, id, th, zh-cn, es-mx, ru, pl, nl';
const Q = 'q must be 2 to 60 characters long';
const FOLDED_Q = 'q must keep at least 2 characters once spaces, apostrophes, hyphens and dots are left out';
const ID = 'id must be a non-empty string without control characters';
const IDS = 'ids must list 1 to 50 card ids, each 1 to 100 characters with no white space or comma';
const fiftyOne = Array.from({ length: 51 }, (_, i) => `en-base1-${i}`);
const EMAIL = 'email must be a valid email address';
const SOURCE = 'source must be a string of at most 200 characters without control characters';

/**
 * The shape of a key request is the edges' to check (AccessService.createKey trusts a validated
 * KeyRequest), so the email and source rows here are where those rules are pinned.
 *
 * One bad value, sent to REST and to the MCP tool standing for the same request: both answer
 * with this message (REST as a 400 body, MCP as an isError result), as one validator words it.
 */
interface BadValue {
  what: string;
  /** A GET path and query with the key, or a POST /v1/keys body. */
  rest: { get: string } | { postKey: unknown };
  tool: string;
  args: Record<string, unknown>;
  message: string;
}

const BAD_VALUES: BadValue[] = [
  { what: 'limit 0', rest: { get: '/v1/sets?limit=0' }, tool: 'list_sets', args: { limit: 0 }, message: LIMIT },
  { what: 'limit 201', rest: { get: '/v1/cards?set=en-base1&limit=201' }, tool: 'list_cards_in_set', args: { set_id: 'en-base1', limit: 201 }, message: LIMIT },
  { what: 'limit abc', rest: { get: '/v1/sets?limit=abc' }, tool: 'list_sets', args: { limit: 'abc' }, message: LIMIT },
  { what: 'limit 1.5', rest: { get: '/v1/cards?q=pika&limit=1.5' }, tool: 'search_cards', args: { q: 'pika', limit: 1.5 }, message: LIMIT },
  { what: 'limit Infinity', rest: { get: '/v1/sets?limit=Infinity' }, tool: 'list_sets', args: { limit: 'Infinity' }, message: LIMIT },
  { what: 'limit null', rest: { get: '/v1/sets?limit=' }, tool: 'list_sets', args: { limit: null }, message: LIMIT },
  { what: 'offset -1', rest: { get: '/v1/sets?offset=-1' }, tool: 'list_sets', args: { offset: -1 }, message: OFFSET },
  { what: 'offset x', rest: { get: '/v1/cards?q=pika&offset=x' }, tool: 'search_cards', args: { q: 'pika', offset: 'x' }, message: OFFSET },
  { what: 'offset Infinity', rest: { get: '/v1/sets?offset=Infinity' }, tool: 'list_sets', args: { offset: 'Infinity' }, message: OFFSET },
  { what: 'offset 1e400', rest: { get: '/v1/cards?set=en-base1&offset=1e400' }, tool: 'list_cards_in_set', args: { set_id: 'en-base1', offset: '1e400' }, message: OFFSET },
  { what: 'offset past 2^53', rest: { get: '/v1/cards?q=pika&offset=1e20' }, tool: 'search_cards', args: { q: 'pika', offset: 1e20 }, message: OFFSET },
  { what: 'lang xx', rest: { get: '/v1/sets?lang=xx' }, tool: 'list_sets', args: { lang: 'xx' }, message: LANG },
  { what: 'lang EN', rest: { get: '/v1/cards?q=pika&lang=EN' }, tool: 'search_cards', args: { q: 'pika', lang: 'EN' }, message: LANG },
  { what: 'q of one character', rest: { get: '/v1/cards?q=a' }, tool: 'search_cards', args: { q: 'a' }, message: Q },
  { what: 'q of one character between spaces', rest: { get: '/v1/cards?q=%20a%20' }, tool: 'search_cards', args: { q: ' a ' }, message: Q },
  { what: 'q of 61 characters', rest: { get: `/v1/cards?q=${'a'.repeat(61)}` }, tool: 'search_cards', args: { q: 'a'.repeat(61) }, message: Q },
  { what: 'empty q', rest: { get: '/v1/cards?q=' }, tool: 'search_cards', args: { q: '' }, message: Q },
  { what: 'q that folds to one character', rest: { get: '/v1/cards?q=a.' }, tool: 'search_cards', args: { q: 'a.' }, message: FOLDED_Q },
  { what: 'q that folds to nothing', rest: { get: '/v1/cards?q=%E2%80%99-' }, tool: 'search_cards', args: { q: '’-' }, message: FOLDED_Q },
  { what: 'find_card\'s lang', rest: { get: '/v1/cards/named?fuzzy=iono&lang=EN' }, tool: 'find_card', args: { name: 'iono', lang: 'EN' },
    message: 'lang must be one of: en, ja, fr, it, de, es, ko, pt, zh-tw, id, th, zh-cn, es-mx, ru, pl, nl' },
  { what: 'empty card id', rest: { get: '/v1/cards?id=' }, tool: 'get_card', args: { id: '' }, message: ID },
  { what: 'empty set id', rest: { get: '/v1/sets?id=' }, tool: 'get_set', args: { id: '' }, message: ID },
  { what: 'NUL in a card id', rest: { get: '/v1/cards?id=%00' }, tool: 'get_card', args: { id: '\u0000' }, message: ID },
  { what: 'a control character in a set id', rest: { get: '/v1/sets?id=en-base1%1B' }, tool: 'get_set', args: { id: 'en-base1\u001b' }, message: ID },
  { what: 'no ids', rest: { get: '/v1/cards?ids=' }, tool: 'get_card', args: { ids: [] }, message: IDS },
  { what: 'an empty id among ids', rest: { get: '/v1/cards?ids=en-base1-4,,en-base1-2' }, tool: 'get_card', args: { ids: ['en-base1-4', '', 'en-base1-2'] }, message: IDS },
  { what: 'an id with a space among ids', rest: { get: '/v1/cards?ids=en-base1-4,en%20base1' }, tool: 'get_card', args: { ids: ['en-base1-4', 'en base1'] }, message: IDS },
  { what: '51 ids', rest: { get: `/v1/cards?ids=${fiftyOne.join(',')}` }, tool: 'get_card', args: { ids: fiftyOne }, message: IDS },
  { what: 'no email', rest: { postKey: { source: 'x' } }, tool: 'get_api_key', args: { source: 'x' }, message: 'email is required' },
  { what: 'an empty object', rest: { postKey: {} }, tool: 'get_api_key', args: {}, message: 'email is required' },
  { what: 'bad email', rest: { postKey: { email: 'not-an-email' } }, tool: 'get_api_key', args: { email: 'not-an-email' }, message: EMAIL },
  { what: 'email without a domain dot', rest: { postKey: { email: 'ash@example' } }, tool: 'get_api_key', args: { email: 'ash@example' }, message: EMAIL },
  { what: 'email over 254 characters', rest: { postKey: { email: `${'a'.repeat(250)}@b.co` } }, tool: 'get_api_key', args: { email: `${'a'.repeat(250)}@b.co` }, message: EMAIL },
  { what: 'email as a number', rest: { postKey: { email: 42 } }, tool: 'get_api_key', args: { email: 42 }, message: EMAIL },
  { what: 'email as a numeric string is still checked as an email', rest: { postKey: { email: '42' } }, tool: 'get_api_key', args: { email: '42' }, message: EMAIL },
  { what: 'source as a number', rest: { postKey: { email: 'a1@example.com', source: 7 } }, tool: 'get_api_key', args: { email: 'a1@example.com', source: 7 }, message: SOURCE },
  { what: 'NUL in source', rest: { postKey: { email: 'a3@example.com', source: 'a friend\u0000' } }, tool: 'get_api_key', args: { email: 'a3@example.com', source: 'a friend\u0000' }, message: SOURCE },
  { what: 'source too long', rest: { postKey: { email: 'a2@example.com', source: 'x'.repeat(201) } }, tool: 'get_api_key', args: { email: 'a2@example.com', source: 'x'.repeat(201) }, message: SOURCE },
];

describe('the same bad value gets the same message on REST and MCP', () => {
  let harness: McpHarness;
  let session: McpSession;
  let key: string;

  before(async () => {
    harness = await McpHarness.start();
    key = await harness.issueKey();
    session = await harness.connect(key);
  });
  after(async () => {
    await session.close();
    await harness.close();
  });

  for (const bad of BAD_VALUES) {
    const restCall = 'get' in bad.rest ? `GET ${bad.rest.get}` : `POST /v1/keys ${JSON.stringify(bad.rest.postKey).slice(0, 60)}`;
    test(`${bad.what}: ${restCall} and ${bad.tool} both say "${bad.message}"`, async () => {
      const rest = 'get' in bad.rest
        ? await harness.rest(bad.rest.get, { key })
        : await harness.rest('/v1/keys', { method: 'POST', body: bad.rest.postKey });
      const { result } = await session.call(bad.tool, bad.args);
      assert.equal(rest.status, 400);
      assert.deepEqual(rest.body, { error: bad.message, code: 'invalid_parameter' });
      assert.equal(result.isError, true);
      assert.equal(textOf(result), bad.message);
    });
  }

  test('a refused key request creates no key, on either edge', async () => {
    // The only key is the one this suite issued as the operator does.
    assert.equal((await harness.server.accessStore.listKeys('2000-01')).length, 1);
  });
});
