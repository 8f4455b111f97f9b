import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { Answer } from '../../src/catalog/answers/answer.js';
import { answeredResult, type Compaction } from '../../src/mcp/toolResult.js';

const card = (id: string) => ({
  id, name: 'Charizard', language: 'en', number: '4', image_small: `https://img/${id}/low.webp`, image_large: `https://img/${id}/high.webp`,
  abilities: [{ name: 'Energy Burn', text: 'As often as you like…' }],
  variants: [
    { variant_key: 'normal', image_small: `https://img/${id}/low.webp`, image_large: `https://img/${id}/high.webp` },
    { variant_key: 'holo', image_small: `https://img/${id}/holo-low.webp`, image_large: `https://img/${id}/high.webp` },
  ],
});
const LIST = JSON.stringify({ data: [card('en-base1-4'), card('en-base1-5')], pagination: { total: 2, has_more: false }, retrieved_at: '2026-11-01T00:00:00Z' });
const ONE = JSON.stringify({ data: card('en-base1-4'), retrieved_at: '2026-11-01T00:00:00Z' });
const SETS = JSON.stringify({ data: [{ id: 'en-base1', name: 'Base', logo_url: 'https://img/logo', symbol_url: 'https://img/symbol' }], retrieved_at: '2026-11-01T00:00:00Z' });
const CASES: ReadonlyArray<readonly [Compaction, string]> = [[false, LIST], ['cards', LIST], ['sets', SETS], ['variant-images', ONE]];

const textOf = (result: ReturnType<typeof answeredResult>) => (result.content[0] as { text: string }).text;

describe('a tool result: its text and its structured content are the same JSON, however it is made', () => {
  for (const [compact, json] of CASES) {
    test(`${compact || 'no compaction'}: the first call's and a later call's results are alike, the later one from the kept form`, () => {
      const answer = Answer.ofJson(json);
      const kept: Buffer[] = [];
      answer.keptBy((form) => kept.push(form));
      const first = answeredResult(answer, compact);
      const later = answeredResult(answer, compact);
      assert.equal(textOf(first), JSON.stringify(first.structuredContent));
      assert.equal(textOf(later), textOf(first));
      assert.equal(JSON.stringify(later.structuredContent), JSON.stringify(first.structuredContent));
      assert.equal(kept.length, compact ? 1 : 0, 'a compact text is made once and kept with the answer');
    });
  }

  // Compared as the JSON the SDK writes: a row cut down holds the fields its card lacks as undefined.
  test('an answer that is not kept gives the same result as one that is', () => {
    for (const [compact, json] of CASES) {
      const kept = Answer.ofJson(json);
      kept.keptBy(() => {});
      answeredResult(kept, compact);
      const [fresh, again] = [answeredResult(Answer.ofJson(json), compact), answeredResult(kept, compact)];
      assert.equal(textOf(fresh), textOf(again));
      assert.equal(JSON.stringify(fresh.structuredContent), JSON.stringify(again.structuredContent));
    }
  });

  test('the compactions cut what they say and keep the order of what is left', () => {
    const cards = answeredResult(Answer.ofJson(LIST), 'cards').structuredContent as { data: Array<Record<string, unknown>> };
    assert.equal(cards.data[0]!.abilities, undefined);
    const sets = answeredResult(Answer.ofJson(SETS), 'sets').structuredContent as { data: Array<Record<string, unknown>> };
    assert.equal(sets.data[0]!.logo_url, undefined);
    assert.equal(sets.data[0]!.name, 'Base');
    const one = answeredResult(Answer.ofJson(ONE), 'variant-images').structuredContent as { data: { variants: unknown[] } };
    assert.equal(JSON.stringify(one.data.variants), '[{"variant_key":"normal"},{"variant_key":"holo","image_small":"https://img/en-base1-4/holo-low.webp"}]');
  });

  test('a value made for the call (a new key) is its own structured content, written once as text', () => {
    const created = { key: 'tcg_x', tier: 'free', monthly_limit: 1000, try_it: 'curl …' };
    const result = answeredResult(created, false);
    assert.equal(result.structuredContent, created);
    assert.equal(textOf(result), JSON.stringify(created));
  });
});
