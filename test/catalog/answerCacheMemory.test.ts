import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { AnswerCache } from '../../src/catalog/answerCache.js';
import { Answer } from '../../src/catalog/answer.js';
import { compress } from '../../src/edge/compression.js';
import { contentTag } from '../../src/edge/httpCaching.js';
import { answeredResultBytes } from '../../src/mcp/toolResult.js';
import { seededRandom } from '../support/seededRandom.js';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

/** What the process holds for JavaScript: its heap and the memory of its buffers. */
function held(): number {
  for (let i = 0; i < 4; i += 1) gc();
  const { heapUsed, external } = process.memoryUsage();
  return heapUsed + external;
}

/** A card's answer as the service builds one: 1 to 8 KB of JSON, no two alike. */
function cardJson(random: () => number, i: number): string {
  const words = Array.from({ length: 20 + Math.floor(random() * 140) }, () => Math.floor(random() * 1e9).toString(36));
  return JSON.stringify({ data: { id: `en-set${i % 97}-${i}`, name: `Card ${i}`, text: words.join(' '), variants: [] },
    retrieved_at: '2026-11-26T00:00:00.000Z' });
}

describe('what the answer cache is charged, against what the heap holds for it', () => {
  it('is within 25 % of the growth of the heap and buffers once the cache is full, forms included', async () => {
    const maxBytes = 32 * 2 ** 20;
    const store = { retrieval: async () => ({ version: 'v1', importedAt: '2026-11-26T00:00:00.000Z' }) };
    const answers = new AnswerCache(store, { maxBytes, checkEveryMs: 3_600_000 });
    await answers.checkRetrieval();
    const random = seededRandom(27);
    const before = held();
    // Twice the bound, each request twice (the second is kept), a third of them compressed, tagged and made an MCP result.
    for (let i = 0; answers.stats().bytes < maxBytes * 0.95 || i < 2 * maxBytes / 4500; i += 1) {
      const json = cardJson(random, i);
      for (let ask = 0; ask < 2; ask += 1) {
        const result = await answers.answer(`card ${i}`, async () => ({ ok: true, answer: Answer.ofJson(json) }));
        if (ask === 1 && result.ok && i % 3 === 0) {
          result.answer.form('etag', ({ bytes }) => contentTag(bytes));
          result.answer.form('gzip', ({ bytes }) => compress(bytes, 'gzip'));
          answeredResultBytes(result.answer, false);
        }
      }
    }
    const growth = held() - before;
    const { bytes, entries } = answers.stats();
    answers.close();
    assert.ok(bytes <= maxBytes && bytes > maxBytes * 0.9, `${bytes} bytes charged of ${maxBytes}`);
    const ratio = growth / bytes;
    console.log(`charged ${bytes}, grew ${growth}, ratio ${ratio.toFixed(3)}, ${entries} entries`);
    assert.ok(ratio > 0.75 && ratio < 1.25, `the heap and buffers grew ${growth} bytes for ${bytes} charged (${entries} entries): ${ratio.toFixed(3)}`);
  });
});
