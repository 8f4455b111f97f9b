import type { Bitset } from '../answers/bitsets.js';
import type { CatalogStore } from '../catalogStore.js';
import { CatalogChanged } from '../catalogViews.js';
import { addOrdinals, emptySet } from '../query/ordinalSets.js';
import type { AnsweredLeaves } from '../query/queryEvaluator.js';
import type { QueryLeaf, QueryNode } from '../query/queryNode.js';
import type { TextAnalyzer } from '../query/textAnalyzer.js';
import { gameTextMatch } from './gameTextMatch.js';
import { GAME_TEXT_FIELDS } from './gameTextValues.js';

const FIELD_NUMBERS = new Map<string, number>(GAME_TEXT_FIELDS.map((field, number) => [field, number]));

/**
 * The leaves of `node` that read game text, answered by the store's text index, one read per leaf
 * (a bare word reads every field of game text at once), before the query is evaluated in memory:
 * what evaluateQuery takes as `answered`. CatalogChanged when the store's catalog is no longer
 * `version`, the one the in-memory index was built from.
 */
export async function answerGameText(node: QueryNode, store: Pick<CatalogStore, 'gameTextOrders'>, size: number,
  analyzer: TextAnalyzer, version: string): Promise<AnsweredLeaves> {
  const leaves = gameTextLeaves(node);
  const answers = await Promise.all(leaves.map(async (leaf) => {
    const fields = leaf.field === null ? [...GAME_TEXT_FIELDS] : [leaf.field];
    const read = await store.gameTextOrders({ fields: fields.map((field) => FIELD_NUMBERS.get(field)!), match: gameTextMatch(leaf, analyzer) });
    if (read.version !== version) throw new CatalogChanged(read.version);
    const matches: Bitset = addOrdinals(emptySet(size), read.orders);
    return [leaf, { fields: new Set<string>(fields), matches }] as const;
  }));
  return new Map(answers);
}

/** The leaves that name a field of game text, or no field (a bare word reads every field). */
function gameTextLeaves(node: QueryNode, found: QueryLeaf[] = []): QueryLeaf[] {
  switch (node.kind) {
    case 'all':
      break;
    case 'and':
    case 'or':
      for (const child of node.children) gameTextLeaves(child, found);
      break;
    case 'not':
      gameTextLeaves(node.child, found);
      break;
    default:
      if (node.field === null || FIELD_NUMBERS.has(node.field)) found.push(node);
  }
  return found;
}
