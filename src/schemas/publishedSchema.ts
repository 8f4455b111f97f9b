type JsonNode = Record<string, unknown>;

/**
 * TypeBox writes a closed vocabulary as anyOf of consts; OpenAPI readers and code generators
 * understand a plain enum better, so the document says `enum` where every branch is a string const.
 */
export function constUnionsToEnums(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(constUnionsToEnums);
  if (node === null || typeof node !== 'object') return node;
  const object = node as JsonNode;
  const anyOf = object.anyOf;
  if (Array.isArray(anyOf) && anyOf.length > 0 && anyOf.every(isStringConst)) {
    const { anyOf: _branches, ...rest } = object;
    return { ...rest, type: 'string', enum: anyOf.map(constOf) };
  }
  return Object.fromEntries(Object.entries(object).map(([k, v]) => [k, constUnionsToEnums(v)]));
}

/** A branch that allows one string: `{const: s}`, or `{enum: [s]}` as @fastify/swagger rewrites it. */
function isStringConst(branch: unknown): boolean {
  return typeof constOf(branch) === 'string';
}

function constOf(branch: unknown): unknown {
  if (typeof branch !== 'object' || branch === null) return undefined;
  const node = branch as JsonNode;
  if ('const' in node) return node.const;
  return Array.isArray(node.enum) && node.enum.length === 1 ? node.enum[0] : undefined;
}
