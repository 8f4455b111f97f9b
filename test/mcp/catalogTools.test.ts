import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { withoutRepeatedImages } from '../../src/catalog/answers/compactRows.js';
import { keyedSession, withoutRetrievedAt } from '../support/mcpHarness.js';
import { onStore, STORE_KINDS } from '../support/stores.js';

/** Each catalog tool call beside the REST request with the same parameters; the card lists asked for REST's full rows. */
const SAME_REQUESTS: Array<{ tool: string; args: Record<string, unknown>; rest: string }> = [
  { tool: 'list_sets', args: { detail: 'full' }, rest: '/v1/sets' },
  { tool: 'list_sets', args: { lang: 'en', limit: 1, offset: 1, detail: 'full' }, rest: '/v1/sets?lang=en&limit=1&offset=1' },
  { tool: 'list_sets', args: { q: 'base', detail: 'full' }, rest: '/v1/sets?q=base' },
  { tool: 'get_set', args: { id: 'en-base1' }, rest: '/v1/sets?id=en-base1' },
  { tool: 'get_set', args: { id: 'ja-PMCG1' }, rest: '/v1/sets?id=ja-PMCG1' },
  { tool: 'list_cards_in_set', args: { set_id: 'en-base1', detail: 'full' }, rest: '/v1/cards?set=en-base1' },
  { tool: 'list_cards_in_set', args: { set_id: 'en-base1', limit: 2, offset: 2, detail: 'full' }, rest: '/v1/cards?set=en-base1&limit=2&offset=2' },
  { tool: 'get_card', args: { id: 'en-base1-4' }, rest: '/v1/cards?id=en-base1-4' },
  { tool: 'get_card', args: { id: 'ja-PMCG1-035' }, rest: '/v1/cards?id=ja-PMCG1-035' },
  {
    tool: 'get_card', args: { ids: ['fr-base1-4', 'en-base1-999', 'ja-PMCG1-035', 'fr-base1-4'] },
    rest: '/v1/cards?ids=fr-base1-4,en-base1-999,ja-PMCG1-035,fr-base1-4',
  },
  { tool: 'get_card', args: { ids: ['en-none'] }, rest: '/v1/cards?ids=en-none' },
  { tool: 'search_cards', args: { q: 'pikachu', detail: 'full' }, rest: '/v1/cards?q=pikachu' },
  { tool: 'search_cards', args: { q: 'pikachu', lang: 'de', limit: 1, detail: 'full' }, rest: '/v1/cards?q=pikachu&lang=de&limit=1' },
  { tool: 'search_cards', args: { q: 'Dracaufeu', detail: 'full' }, rest: '/v1/cards?q=Dracaufeu' },
  { tool: 'search_cards', args: { q: 'ピカチュウ', detail: 'full' }, rest: `/v1/cards?q=${encodeURIComponent('ピカチュウ')}` },
  { tool: 'search_cards', args: { q: 'mewtwo', detail: 'full' }, rest: '/v1/cards?q=mewtwo' },
  { tool: 'search_cards', args: { query: 'name:glurak OR name:charizard', detail: 'full' }, rest: `/v1/cards?query=${encodeURIComponent('name:glurak OR name:charizard')}` },
  {
    tool: 'search_cards', args: { query: 'hp:>=60 -types:fire', lang: 'en', order: '-hp', limit: 3, detail: 'full' },
    rest: `/v1/cards?query=${encodeURIComponent('hp:>=60 -types:fire')}&lang=en&order=-hp&limit=3`,
  },
];

for (const store of STORE_KINDS) {
  describe(`MCP catalog tools answer what REST answers (${store})`, await onStore(store), () => {
    const fixture = keyedSession({ store });

    for (const { tool, args, rest } of SAME_REQUESTS) {
      test(`${tool} ${JSON.stringify(args)} equals GET ${rest}, as structured content and as text`, async () => {
        const { result } = await fixture.session.call(tool, args);
        const answer = await fixture.harness.rest(rest, { key: fixture.key });
        assert.equal(answer.status, 200);
        assert.notEqual(result.isError, true);
        // get_card leaves out the variants' image URLs that repeat the card's.
        const expected = tool === 'get_card' ? withoutRepeatedImages(answer.body as never) as unknown : answer.body;
        assert.deepEqual(withoutRetrievedAt(result.structuredContent), withoutRetrievedAt(expected));
        assert.match(String(result.structuredContent?.retrieved_at), /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
        const [content] = result.content;
        assert.equal(content?.type, 'text');
        assert.deepEqual(JSON.parse((content as { text: string }).text), result.structuredContent);
      });
    }

    test('get_card leaves out a variant\'s image URLs where they are the card\'s own, and keeps those that differ', async () => {
      const { result } = await fixture.session.call('get_card', { id: 'en-base1-4' });
      const card = (result.structuredContent as { data: { image_small: string; variants: Array<Record<string, unknown>> } }).data;
      assert.match(card.image_small, /^https:/);
      for (const variant of card.variants) assert.equal(variant.image_small, undefined);
      const differing = withoutRepeatedImages({ data: { image_small: 'a', image_large: 'b',
        variants: [{ variant_key: 'x', image_small: 'a', image_large: 'c' }, { variant_key: 'y', image_small: null, image_large: 'b' }] } }) as
        { data: { variants: unknown } };
      assert.deepEqual(differing.data.variants, [{ variant_key: 'x', image_large: 'c' }, { variant_key: 'y', image_small: null }]);
    });

    test('paging through a set with has_more visits every card once', async () => {
      const seen: string[] = [];
      for (let offset = 0; ; offset += 2) {
        const { result } = await fixture.session.call('list_cards_in_set', { set_id: 'en-base1', limit: 2, offset });
        const page = result.structuredContent as { data: Array<{ id: string }>; pagination: { has_more: boolean; total: number } };
        seen.push(...page.data.map((card) => card.id));
        if (!page.pagination.has_more) {
          assert.equal(seen.length, page.pagination.total);
          break;
        }
      }
      assert.equal(new Set(seen).size, seen.length);
    });

    test('get_card and get_set carry other_languages, as REST does', async () => {
      const card = (await fixture.session.call('get_card', { id: 'de-base1-4' })).result.structuredContent as { data: { other_languages: unknown } };
      assert.deepEqual(card.data.other_languages, [
        { language: 'en', id: 'en-base1-4', name: 'Charizard' },
        { language: 'fr', id: 'fr-base1-4', name: 'Dracaufeu' },
      ]);
      const set = (await fixture.session.call('get_set', { id: 'de-base1' })).result.structuredContent as { data: { other_languages: unknown } };
      assert.deepEqual(set.data.other_languages, [
        { language: 'en', id: 'en-base1', name: 'Base Set' },
        { language: 'fr', id: 'fr-base1', name: 'Set de Base' },
      ]);
      const matched = (await fixture.session.call('get_card', { id: 'ja-PMCG1-035' })).result.structuredContent as { data: { other_languages: unknown } };
      assert.deepEqual(matched.data.other_languages, [{ language: 'en', id: 'en-base1-58', name: 'Pikachu', match: 'printed' }],
        'a Japanese card\'s English printing, with how it was matched');
    });

    test('get_card with ids answers the batch and counts once, like REST', async () => {
      const ids = Array.from({ length: 50 }, (_, i) => (i === 0 ? 'de-base1-4' : `en-base1-${i}`));
      const before = Number((await fixture.session.call('get_card', { id: 'en-base1-4' })).response.headers.get('x-ratelimit-used'));
      const { result, response } = await fixture.session.call('get_card', { ids });
      assert.notEqual(result.isError, true);
      const batch = result.structuredContent as { data: Array<{ id: string }>; not_found: string[]; pagination: { limit: number; total: number } };
      assert.deepEqual(batch.data.map((card) => card.id), ['de-base1-4', 'en-base1-2', 'en-base1-4']);
      assert.equal(batch.not_found.length, 47);
      assert.deepEqual([batch.pagination.limit, batch.pagination.total], [50, 3]);
      assert.equal(Number(response.headers.get('x-ratelimit-used')), before + 1);
    });

    test('a number sent as a string is read as REST reads a query string', async () => {
      const { result } = await fixture.session.call('list_sets', { limit: '2' });
      assert.equal((result.structuredContent as { pagination: { limit: number } }).pagination.limit, 2);
    });
  });
}
