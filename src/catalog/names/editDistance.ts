/**
 * The optimal string alignment distance (Damerau–Levenshtein without edits of a transposed pair)
 * between two texts given as code points, or `bound + 1` as soon as it is known to exceed `bound`.
 * Written here rather than taken from npm: the Levenshtein packages the tree already holds
 * (leven, fast-levenshtein, js-levenshtein) count a swapped pair (`pikahcu`) as two edits, work
 * on UTF-16 units and cannot stop early, and a typed name is compared with a few hundred
 * candidates of about its length, where a band of 2 × bound + 1 cells a row and stopping early are
 * most of the saving.
 */
export function boundedEditDistance(a: ArrayLike<number>, b: ArrayLike<number>, bound: number): number {
  const n = a.length;
  const m = b.length;
  const over = bound + 1;
  if (Math.abs(n - m) > bound) return over;
  if (n === 0 || m === 0) return Math.max(n, m);
  const width = m + 1;
  if (scratch.length < 3 * width) scratch = new Int32Array(6 * width);
  const rows = scratch;
  // Three rows in one array, by offset: the one before the previous (for swapped pairs), the
  // previous and the current. Only the band |i - j| <= bound is computed; a cell just outside it
  // holds `over`, so what reads it sees a distance already too large.
  let before = 0;
  let previous = width;
  let current = 2 * width;
  for (let j = 0; j <= m; j++) rows[previous + j] = j <= bound ? j : over;
  for (let i = 1; i <= n; i++) {
    const from = Math.max(1, i - bound);
    const to = Math.min(m, i + bound);
    rows[current + from - 1] = from === 1 ? (i <= bound ? i : over) : over;
    let rowLeast = over;
    const char = a[i - 1];
    for (let j = from; j <= to; j++) {
      let value = rows[previous + j - 1]! + (char === b[j - 1] ? 0 : 1);
      const up = rows[previous + j]! + 1;
      if (up < value) value = up;
      const left = rows[current + j - 1]! + 1;
      if (left < value) value = left;
      if (i > 1 && j > 1 && char === b[j - 2] && a[i - 2] === b[j - 1]) {
        const swapped = rows[before + j - 2]! + 1;
        if (swapped < value) value = swapped;
      }
      rows[current + j] = value;
      if (value < rowLeast) rowLeast = value;
    }
    if (to < m) rows[current + to + 1] = over;
    if (rowLeast > bound) return over;
    [before, previous, current] = [previous, current, before];
  }
  return Math.min(rows[previous + m]!, over);
}

/** The rows' memory, kept between calls (the distance is synchronous, so one array serves every call). */
let scratch = new Int32Array(3 * 64);

/** The edits a typed name of `length` code points may hold: none up to 3, 1 up to 5, 2 up to 10, 3 beyond. */
export function editsForgiven(length: number): number {
  if (length <= 3) return 0;
  if (length <= 5) return 1;
  return length <= 10 ? 2 : 3;
}
