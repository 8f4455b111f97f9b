import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { Answer } from '../catalog/answer.js';
import { compactCardList, compactSetList, withoutRepeatedImages } from './compactRows.js';
import { inToolTerms } from './toolTerms.js';

/**
 * MCP's tool results, made here only: what a call answered (the REST answer's JSON as text and as
 * structured content, its card rows compact when asked), or why it failed.
 */

/** A call that answered: `json` as text, and parsed, as structured content. */
export function answeredResult(json: string): CallToolResult {
  return { content: [{ type: 'text', text: json }], structuredContent: JSON.parse(json) as Record<string, unknown> };
}

/** A call that failed, with the sentence that says what to fix, in the terms of tools. */
export function failedResult(message: string): CallToolResult {
  return { content: [{ type: 'text', text: inToolTerms(message) }], isError: true };
}

/**
 * What a tool cuts from an answer: nothing, card rows down to CompactCard, set rows down to
 * CompactSet, or the variants' image URLs that repeat their card's (get_card, find_card).
 */
export type Compaction = false | 'cards' | 'sets' | 'variant-images';

const COMPACTIONS: Record<Exclude<Compaction, false>, (json: string) => string> = {
  cards: compactCardList, sets: compactSetList, 'variant-images': withoutRepeatedImages,
};

/** The JSON a tool answers with: the answer's own, or cut down as `compact` says. */
export function toolJson(answer: Answer, compact: Compaction): string {
  return compact ? COMPACTIONS[compact](answer.json) : answer.json;
}

/** The tool result of an answer as bytes, made once per answer and kept with it (Answer.form). */
export function answeredResultBytes(answer: Answer, compact: Compaction): Buffer {
  // One answer is only ever one kind (a card list, a set list, cards with variants), so one compact form per answer.
  return answer.form(compact ? 'mcp-compact' : 'mcp', () => Buffer.from(JSON.stringify(answeredResult(toolJson(answer, compact)))));
}
