import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { AnswerContent } from '../../src/catalog/answerContent.js';
import { retrievedAtMember, withRetrievedAt } from '../../src/catalog/servedJson.js';

describe('an answer content\'s MCP tool result', () => {
  // Text a JSON string must escape (quotes, a backslash, a line break), and characters UTF-8 takes several bytes for.
  const head = '{"data":[{"name":"Pikachu \\"δ\\" ピカチュウ","text":"a\\\\b\\nc"}],"pagination":{"total":1}';

  it('is the answer as text and as structured content, both closed with the moment given', () => {
    const content = new AnswerContent(head);
    const moment = new Date('2026-11-25T12:00:00.123Z');
    const result = JSON.parse(content.toolResult(retrievedAtMember(moment)).toString('utf8')) as {
      content: Array<{ type: string; text: string }>; structuredContent: unknown;
    };
    const answer = withRetrievedAt(head, moment);
    assert.deepEqual(result, { content: [{ type: 'text', text: answer }], structuredContent: JSON.parse(answer) });
  });

  it('is made again for another moment, and shared within one', () => {
    const content = new AnswerContent(head);
    const first = content.toolResult(retrievedAtMember(new Date('2026-11-25T12:00:00.001Z')));
    assert.equal(content.toolResult(retrievedAtMember(new Date('2026-11-25T12:00:00.001Z'))), first);
    const later = content.toolResult(retrievedAtMember(new Date('2026-11-25T12:00:00.002Z')));
    assert.notEqual(later, first);
    assert.match(later.toString('utf8'), /"retrieved_at":"2026-11-25T12:00:00.002Z"}}$/);
  });
});
