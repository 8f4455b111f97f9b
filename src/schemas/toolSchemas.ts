import { constUnionsToEnums } from './publishedSchema.js';

/*
 * The MCP tools' schemas, made from the REST ones (the one schema per shape): an input schema as
 * listed, and a lean output schema.
 */

type JsonNode = Record<string, unknown>;

/** JSON Schema as it goes on the wire: TypeBox's symbols dropped, closed vocabularies as enums like in OpenAPI. */
export const wireSchema = (schema: object): JsonNode => constUnionsToEnums(JSON.parse(JSON.stringify(schema))) as JsonNode;

/**
 * An input schema as listed: closed, since a call naming an argument the tool does not take fails,
 * and without the REST parameters' examples, which the descriptions make unneeded.
 */
export const toolInputSchema = (schema: object): JsonNode =>
  ({ ...wireSchema(JSON.parse(JSON.stringify(schema, (key, value: unknown) => (key === 'examples' ? undefined : value)))), additionalProperties: false });

/** What an output schema leaves to the OpenAPI document, which keeps the REST schemas whole: words, and bounds on values. */
const DOCUMENTATION = new Set(['description', 'examples', 'title', '$id', 'format', 'minItems', 'maxItems', 'minimum', 'maximum']);

/**
 * A tool's output schema, lean: the answer's shape (each field of the answer and of its single
 * objects, with their types; a nullable one as a type list), while an object inside an array (a card row, a variant, an attack) is
 * just an object, and descriptions and examples stay in the OpenAPI document: the REST schemas'
 * every nesting and word would make tools/list several times larger, and an agent pays for each
 * token. The structured content is checked against this by clients all the same, and the text
 * beside it is the whole answer.
 */
export function leanOutputSchema(schema: object): JsonNode {
  const { title } = schema as JsonNode;
  const lean = leanNode(schema, false) as JsonNode;
  return title === undefined ? lean : { ...lean, title };
}

function leanNode(node: unknown, inArray: boolean): unknown {
  if (Array.isArray(node)) return node.map((item) => leanNode(item, inArray));
  if (node === null || typeof node !== 'object') return node;
  const object = node as JsonNode;
  if (inArray && (object.type === 'object' || object.properties !== undefined)) return { type: 'object' };
  const lean: JsonNode = {};
  for (const [key, value] of Object.entries(object)) {
    if (DOCUMENTATION.has(key)) continue;
    if (key === 'properties') {
      lean[key] = Object.fromEntries(Object.entries(value as JsonNode).map(([name, property]) => [name, leanNode(property, inArray)]));
    } else {
      lean[key] = leanNode(value, inArray || key === 'items');
    }
  }
  return typeUnion(lean);
}

/** `anyOf: [{type: string}, {type: null}]` as `type: [string, null]`: the same schema in half the bytes. */
function typeUnion(node: JsonNode): JsonNode {
  const { anyOf, ...rest } = node;
  if (!Array.isArray(anyOf) || rest.type !== undefined) return node;
  const types = anyOf.map((branch) => {
    const keys = Object.keys(branch as JsonNode);
    return keys.length === 1 && keys[0] === 'type' && typeof (branch as JsonNode).type === 'string' ? (branch as JsonNode).type : undefined;
  });
  return types.every((type) => type !== undefined) ? { ...rest, type: types } : node;
}
