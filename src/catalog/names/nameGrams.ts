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

/** Each distinct three-code-point substring of a text, in the order they first occur. */
export function trigrams(text: string): string[] {
  const chars = [...text];
  const grams = new Set<string>();
  for (let i = 0; i + 2 < chars.length; i++) grams.add(chars[i]! + chars[i + 1]! + chars[i + 2]!);
  return [...grams];
}
