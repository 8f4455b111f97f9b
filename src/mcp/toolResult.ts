import type { CallToolResult } from '@modelcontextprotocol/server';
import type { Answer } from '../catalog/answers/answer.js';
import { compactCardList, compactSetList, withoutRepeatedImages } from '../catalog/answers/compactRows.js';
import type { ErrorCode } from '../vocabulary/errorCodes.js';
import { inToolTerms } from './toolTerms.js';

/** The `_meta` key of a failed call's code: the 1.x SDK client checks even an error's structuredContent against the output schema. */
export const ERROR_CODE_META = 'tcg-catalog/error_code';

/**
 * What a tool cuts from an answer: nothing, card rows down to CompactCard, set rows down to
 * CompactSet, or the variants' image URLs that repeat their card's (get_card, find_card).
 */
export type Compaction = false | 'cards' | 'sets' | 'variant-images';

const COMPACTIONS: Record<Exclude<Compaction, false>, (json: string) => string> = {
  cards: compactCardList, sets: compactSetList, 'variant-images': withoutRepeatedImages,
};

/**
 * A call that answered: the REST answer's JSON (cut down as `compact` says, once per answer the cache
 * holds) as text, and parsed, as structured content.
 */
export function answeredResult(answer: Answer, compact: Compaction): CallToolResult {
  const text = compact ? answer.form(`mcp-${compact}`, ({ json }) => Buffer.from(COMPACTIONS[compact](json))).toString() : answer.json;
  return { content: [{ type: 'text', text }], structuredContent: JSON.parse(text) as Record<string, unknown> };
}

/** A call that failed, with the sentence that says what to fix, in the terms of tools, and REST's code for it. */
export function failedResult(message: string, code: ErrorCode): CallToolResult {
  return { content: [{ type: 'text', text: inToolTerms(message) }], isError: true, _meta: { [ERROR_CODE_META]: code } };
}
