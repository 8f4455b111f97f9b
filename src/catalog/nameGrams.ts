import { matchRank } from './matchRank.js';

/** Each distinct two-code-point substring of a folded name, with how the name matches it. */
export function nameBigrams(nameKey: string): Map<string, number> {
  const chars = [...nameKey];
  const grams = new Map<string, number>();
  for (let i = 0; i + 1 < chars.length; i++) {
    const gram = chars[i]! + chars[i + 1]!;
    if (!grams.has(gram)) grams.set(gram, matchRank(nameKey, gram));
  }
  return grams;
}
