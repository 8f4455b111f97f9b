/**
 * The optimal string alignment distance (Damerau–Levenshtein without edits of a transposed pair)
 * between two texts given as code points, or `bound + 1` as soon as it is known to exceed `bound`.
 * Written here rather than taken from npm: the Levenshtein packages the tree already holds
 * (leven, fast-levenshtein, js-levenshtein) count a swapped pair (`pikahcu`) as two edits, work
 * on UTF-16 units and cannot stop early, and a typed name is compared with a few hundred
 * candidates of about its length, where stopping early is most of the saving.
 */
export function boundedEditDistance(a: readonly number[], b: readonly number[], bound: number): number {
  if (Math.abs(a.length - b.length) > bound) return bound + 1;
  const width = b.length + 1;
  // Three rows: the one before the previous (for transpositions), the previous and the current.
  let before = new Array<number>(width).fill(0);
  let previous = Array.from({ length: width }, (_, j) => j);
  let current = new Array<number>(width).fill(0);
  for (let i = 1; i <= a.length; i++) {
    current[0] = i;
    let rowLeast = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, before[j - 2]! + 1);
      current[j] = value;
      if (value < rowLeast) rowLeast = value;
    }
    if (rowLeast > bound) return bound + 1;
    [before, previous, current] = [previous, current, before];
  }
  return Math.min(previous[b.length]!, bound + 1);
}

/** The edits a typed name of `length` code points may hold: none up to 3, 1 up to 5, 2 up to 10, 3 beyond. */
export function editsForgiven(length: number): number {
  if (length <= 3) return 0;
  if (length <= 5) return 1;
  return length <= 10 ? 2 : 3;
}
