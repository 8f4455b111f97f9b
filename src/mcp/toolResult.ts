import type { CallToolResult } from '@modelcontextprotocol/server';
import { Answer } from '../catalog/answers/answer.js';
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

// The answers these run on are the REST shapes their tools are declared with (tools.ts).
const COMPACTIONS: Record<Exclude<Compaction, false>, (parsed: never) => Record<string, unknown>> = {
  cards: compactCardList, sets: compactSetList, 'variant-images': withoutRepeatedImages,
};

/**
 * A call that answered: the REST answer (cut down as `compact` says) as structured content, and its
 * JSON as text, each made once: a value made for this call is written as text, never read back; a
 * catalog answer, bytes, is read once. The compact text is kept with the answer as a form while the
 * cache holds it; the call that makes it uses the object it wrote, and a later call reads the kept text.
 */
export function answeredResult(answer: Answer | Record<string, unknown>, compact: Compaction): CallToolResult {
  if (!(answer instanceof Answer)) return resultOf(JSON.stringify(answer), answer);
  if (!compact) {
    const text = answer.json;
    return resultOf(text, JSON.parse(text) as Record<string, unknown>);
  }
  let made: Record<string, unknown> | undefined;
  const text = answer.form(`mcp-${compact}`, ({ json }) => {
    made = COMPACTIONS[compact](JSON.parse(json) as never);
    return Buffer.from(JSON.stringify(made));
  }).toString();
  return resultOf(text, made ?? JSON.parse(text) as Record<string, unknown>);
}

function resultOf(text: string, structuredContent: Record<string, unknown>): CallToolResult {
  return { content: [{ type: 'text', text }], structuredContent };
}

/** A call that failed, with the sentence that says what to fix, in the terms of tools, and REST's code for it. */
export function failedResult(message: string, code: ErrorCode): CallToolResult {
  return { content: [{ type: 'text', text: inToolTerms(message) }], isError: true, _meta: { [ERROR_CODE_META]: code } };
}
