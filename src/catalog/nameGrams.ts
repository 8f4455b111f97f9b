/** The distinct two-code-point substrings of a folded name, for the bigram index. */
export function nameBigrams(nameKey: string): Set<string> {
  const chars = [...nameKey];
  const grams = new Set<string>();
  for (let i = 0; i + 1 < chars.length; i++) grams.add(chars[i]! + chars[i + 1]!);
  return grams;
}
