import { canonicalSetCode } from '../../vocabulary/setCodeAliases.js';
import type { QueryNode } from '../query/queryNode.js';

/**
 * The query with each `set.code:` term and `!set.code:` exact term naming the catalog's code for
 * the code players write (`PR-SW` is `SWSHP`), as the set_code filter reads it (setCodeAliases.ts):
 * the value is rewritten rather than the aliases indexed, so a wildcard (`set.code:PR*`) still
 * matches the catalog's codes alone, and a query and its catalog-code twin are one answer to keep.
 */
export function withCatalogSetCodes(node: QueryNode): QueryNode {
  switch (node.kind) {
    case 'and':
    case 'or':
      return { kind: node.kind, children: node.children.map(withCatalogSetCodes) };
    case 'not':
      return { kind: 'not', child: withCatalogSetCodes(node.child) };
    case 'term':
    case 'exact':
      return node.field === 'set.code' ? { ...node, value: canonicalSetCode(node.value) } : node;
    default:
      return node;
  }
}
