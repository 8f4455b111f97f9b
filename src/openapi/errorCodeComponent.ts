import { ErrorCodeSchema } from '../schemas/errorCodes.js';
import { ERROR_CODE_NAMES, ERROR_CODES } from '../vocabulary/errorCodes.js';

type JsonNode = Record<string, unknown>;

const REF = { $ref: '#/components/schemas/ErrorCode' };

/** The list once, each code with its status and meaning, as a reader of the document looks it up. */
const ERROR_CODE_COMPONENT = {
  type: 'string',
  enum: ERROR_CODE_NAMES,
  description: `${ErrorCodeSchema.description}\n\n` +
    Object.entries(ERROR_CODES).map(([code, { status, meaning }]) => `- \`${code}\` (${status}): ${meaning}`).join('\n'),
  examples: ['not_found'],
};

/** Whether a schema is the whole list of codes (ErrorBody's code), not a narrower enum of some of them. */
function isErrorCodeSchema(node: JsonNode): boolean {
  const { enum: values } = node;
  return Array.isArray(values) && values.length === ERROR_CODE_NAMES.length && values.every((value, i) => value === ERROR_CODE_NAMES[i]);
}

function refer(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(refer);
  if (node === null || typeof node !== 'object') return node;
  const object = node as JsonNode;
  if (isErrorCodeSchema(object)) return REF;
  return Object.fromEntries(Object.entries(object).map(([key, value]) => [key, refer(value)]));
}

/**
 * Every error body's `code` as one component, ErrorCode, that lists the codes with their statuses and
 * meanings: written inline in each of the document's error responses, the list would be repeated some
 * sixty times, and a code generator would give each its own type.
 */
export function errorCodesAsComponent<Document extends object>(document: Document): Document {
  const { components = {}, ...rest } = document as JsonNode & { components?: JsonNode & { schemas?: JsonNode } };
  return {
    ...(refer(rest) as JsonNode),
    components: { ...components, schemas: { ...components.schemas, ErrorCode: ERROR_CODE_COMPONENT } },
  } as Document;
}
