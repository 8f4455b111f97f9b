/**
 * Search order's first key: 0 when the folded name is the query, 1 when it starts with it,
 * 2 when it only contains it.
 */
export function matchRank(nameKey: string, key: string): 0 | 1 | 2 {
  if (nameKey === key) return 0;
  return nameKey.startsWith(key) ? 1 : 2;
}
